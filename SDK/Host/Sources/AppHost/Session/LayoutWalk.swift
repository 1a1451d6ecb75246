@_spi(Host) import AppHostKit

/// What the one walk over a layer's source reports: each element in the order the layout draws and
/// numbers them, an actionable one with its action. The layout keeps the elements and `tap` asks for
/// one action, both through this walk, so a new kind of node is taught to it alone.
package protocol LayoutVisitor {
    /// An element that is not actionable, or the opening or closing of a list or a section.
    mutating func visit(_ element: ScreenLayout.Element)
    /// An actionable element, and its action, made only if asked for; false stops the walk.
    mutating func visit(actionable element: ScreenLayout.Element, _ action: () -> ScreenAction) -> Bool
}

extension ScreenLayout.Layer.Source {
    /// Walks this source in layout order.
    package func walk<Visitor: LayoutVisitor>(_ visitor: inout Visitor) {
        switch self {
        case .body(let nodes): Self.walk(nodes, &visitor)
        case .dialog(let buttons, let depth): Self.walk(buttons, depth: depth, &visitor)
        }
    }

    /// Walks a dialog's buttons, the dialog presented over the stack `depth` presentations up.
    package static func walk<Visitor: LayoutVisitor>(_ buttons: [AlertButton], depth: Int, _ visitor: inout Visitor) {
        for button in buttons {
            var element = ScreenLayout.Element(.dialogButton, text: button.label)
            element.detail = button.role == .default ? nil : button.role.rawValue
            element.flag = button.role == .destructive
            if !visitor.visit(actionable: element, { .dialogButton(button, depth: depth) }) { return }
        }
    }

    /// Walks a body: titles are the layer's, groups are flattened, lists and sections open and close
    /// around their content. False once the visitor stopped the walk.
    @discardableResult
    package static func walk<Visitor: LayoutVisitor>(_ nodes: [Node], looks: TextLooks? = nil, _ visitor: inout Visitor) -> Bool {
        func element(_ kind: ScreenLayout.Element.Kind, _ text: String? = nil) -> ScreenLayout.Element {
            var element = ScreenLayout.Element(kind, text: text)
            element.looks = looks
            return element
        }
        for node in nodes {
            switch node {
            case .title:
                continue  // the layer's title
            case .text(let text):
                visitor.visit(element(.text, text))
            case .button(let label, let action):
                var element = element(.button, label)
                element.isRowAction = action.isRowAction
                if !visitor.visit(actionable: element, { .button(label: label, action: action) }) { return false }
            case .link(let label, let destination, let failure):
                if !visitor.visit(actionable: element(.link, label), { .link(label: label, destination: destination, failure: failure) }) {
                    return false
                }
            case .toggle(let label, let isOn, let toggle):
                var element = element(.toggle, label)
                element.flag = isOn
                if !visitor.visit(actionable: element, { .toggle(label: label, isOn: isOn, action: toggle) }) { return false }
            case .textField(let label, let text, let field):
                var element = element(.textField, label)
                element.detail = text
                if !visitor.visit(actionable: element, { .textField(label: label, text: text, action: field) }) { return false }
            case .list(let rows):
                visitor.visit(ScreenLayout.Element(.list))
                if !walk(rows, looks: looks, &visitor) { return false }
                visitor.visit(ScreenLayout.Element(.endList))
            case .section(let header, let content):
                visitor.visit(element(.section, header))
                if !walk(content, looks: looks, &visitor) { return false }
                visitor.visit(ScreenLayout.Element(.endSection))
            case .divider:
                visitor.visit(ScreenLayout.Element(.divider))
            case .progress(let label):
                visitor.visit(element(.progress, label))
            case .error(let message):
                visitor.visit(element(.error, message))
            case .group(let content):
                if !walk(content, looks: looks, &visitor) { return false }
            case .styled(let inner, let content):
                // The nearest looks win, each part on its own: a colour set outside a font set inside.
                let merged = TextLooks(font: inner.font ?? looks?.font, color: inner.color ?? looks?.color)
                if !walk(content, looks: merged.isEmpty ? nil : merged, &visitor) { return false }
            @unknown default:
                // A kind of element added to a newer kit than this host was built against.
                visitor.visit(ScreenLayout.Element(.unsupported))
            }
        }
        return true
    }
}
