@_spi(Views) import AppHostKit

enum Accessibility {
    /// `nodes` with each button marked as an action of the row before it (its swipe actions, its
    /// context menu), through groups; what is not a button is left as it is.
    static func rowActions(_ nodes: [Node]) -> [Node] {
        nodes.map { node in
            switch node {
            case .button(let label, var action):
                action.isRowAction = true
                return .button(label, action: action)
            case .group(let content):
                return .group(rowActions(content))
            default:
                return node
            }
        }
    }

    /// The `Increment` and `Decrement` actions of an adjustable element (a reader swipes up and
    /// down on it), run with `+1` and `-1`.
    static func adjustments(_ adjust: @escaping @MainActor (Int) -> Void) -> [Node] {
        var increment = ButtonAction(synchronous: { adjust(1) })
        var decrement = ButtonAction(synchronous: { adjust(-1) })
        increment.isRowAction = true
        decrement.isRowAction = true
        return [.button("Increment", action: increment), .button("Decrement", action: decrement)]
    }

    /// `nodes` with `hint` on their one actionable element; more than one, or none, as they are.
    static func hint(_ nodes: [Node], _ hint: String) -> [Node] {
        describe(nodes, \.hint, \.hint, \.hint, hint)
    }

    /// `nodes` with their one actionable element named `identifier`; more than one, or none, as they are.
    static func identify(_ nodes: [Node], as identifier: String) -> [Node] {
        describe(nodes, \.identifier, \.identifier, \.identifier, identifier)
    }

    /// `nodes` with `value` written, through the key path of its kind, into the action of their one
    /// actionable element (a button, a switch or a field); more than one, or none, as they are.
    private static func describe(
        _ nodes: [Node],
        _ button: WritableKeyPath<ButtonAction, String?>,
        _ toggle: WritableKeyPath<ToggleAction, String?>,
        _ field: WritableKeyPath<TextFieldAction, String?>,
        _ value: String
    ) -> [Node] {
        let actionable = nodes.indices.filter {
            switch nodes[$0] {
            case .button, .toggle, .textField: true
            default: false
            }
        }
        guard actionable.count == 1, let index = actionable.first else { return nodes }
        var result = nodes
        switch nodes[index] {
        case .button(let label, var action):
            action[keyPath: button] = value
            result[index] = .button(label, action: action)
        case .toggle(let label, let isOn, var action):
            action[keyPath: toggle] = value
            result[index] = .toggle(label, isOn: isOn, action: action)
        case .textField(let label, let text, var action):
            action[keyPath: field] = value
            result[index] = .textField(label, text: text, action: action)
        default:
            break
        }
        return result
    }

    /// `nodes` with `suffix` after the label of their one element, or after their one text; more,
    /// or none, as they are.
    static func append(_ suffix: String, to nodes: [Node]) -> [Node] {
        var actionable: [Int] = []
        var texts: [Int] = []
        for (index, node) in nodes.enumerated() {
            switch node {
            case .button, .link, .toggle, .textField: actionable.append(index)
            case .text: texts.append(index)
            default: if node.plainText != nil { texts.append(index) }
            }
        }
        var result = nodes
        if actionable.count == 1 {
            let index = actionable[0]
            switch nodes[index] {
            case .button(let label, let action): result[index] = .button(label + suffix, action: action)
            case .link(let label, let destination, let failure): result[index] = .link(label + suffix, destination: destination, failure: failure)
            case .toggle(let label, let isOn, let action): result[index] = .toggle(label + suffix, isOn: isOn, action: action)
            case .textField(let label, let text, let action): result[index] = .textField(label + suffix, text: text, action: action)
            default: break
            }
        } else if actionable.isEmpty, texts.count == 1, let (text, looks) = nodes[texts[0]].plainText {
            result[texts[0]] = .text(text + suffix, looks: looks)
        }
        return result
    }

    /// `nodes` as one element: their one actionable element named by all their texts read together,
    /// or those texts as one text; several actionable elements, as they are.
    static func combine(_ nodes: [Node]) -> [Node] {
        func actionableCount(_ nodes: [Node]) -> Int {
            nodes.reduce(0) { count, node in
                switch node {
                case .group(let inner), .list(let inner), .section(_, let inner), .styled(_, let inner): count + actionableCount(inner)
                default: count + (node.isActionable ? 1 : 0)
                }
            }
        }
        let actionable = actionableCount(nodes)
        // One actionable element inside a group is not lifted out of it: drawn as it is.
        guard actionable <= 1, actionable == nodes.filter(\.isActionable).count else { return nodes }
        let label = nodes.texts.combinedLabel
        guard !label.isEmpty else { return nodes }
        return actionable == 1 ? relabel(nodes.filter(\.isActionable), as: label) : [.text(label)]
    }

    /// `nodes` named `label`: their one element renamed, or all their text replaced.
    static func relabel(_ nodes: [Node], as label: String) -> [Node] {
        var actionable: [Int] = []
        for (index, node) in nodes.enumerated() {
            switch node {
            case .button, .link, .toggle, .textField: actionable.append(index)
            default: break
            }
        }
        if actionable.count == 1 {
            var result = nodes
            switch nodes[actionable[0]] {
            case .button(_, let action): result[actionable[0]] = .button(label, action: action)
            case .link(_, let destination, let failure): result[actionable[0]] = .link(label, destination: destination, failure: failure)
            case .toggle(_, let isOn, let action): result[actionable[0]] = .toggle(label, isOn: isOn, action: action)
            case .textField(_, let text, let action): result[actionable[0]] = .textField(label, text: text, action: action)
            default: break
            }
            return result
        }
        if actionable.isEmpty { return [.text(label)] }
        return nodes
    }
}
