/// What a host needs to know about a body it drew before: whether a new body shows the same.
///
/// Actions are closures and cannot be compared, so two bodies "show the same" when they are
/// equal in everything else: the same elements in the same order, with the same texts, labels,
/// values, destinations and nesting. A host that finds a body showing the same as one it drew
/// may reuse that drawing; it must still take the actions from the new body.
extension [Node] {
    /// Whether these nodes show exactly what `other` shows, actions aside.
    @_spi(Host)
    public func showsSame(as other: [Node]) -> Bool {
        guard count == other.count else { return false }
        for index in indices where !self[index].showsSame(as: other[index]) {
            return false
        }
        return true
    }

    /// Whether these nodes nest containers (lists, sections, groups) more than `depth` deep, and
    /// how many elements they hold, containers and nested ones included; once both are known to
    /// be too many the walk stops, and the count is then only more than `elements`. A host checks every body it is handed with this before
    /// it walks the body by recursion. The walk is here, where a node's layout is known, so that
    /// no node is copied whole to be looked at: it costs a host a few nanoseconds a node.
    @_spi(Host)
    public func nesting(deeperThan depth: Int, elements: Int) -> (deeper: Bool, count: Int) {
        var count = 0
        let deeper = Node.nests(self, deeperThan: depth, elements: elements, count: &count)
        return (deeper, count)
    }

    /// These nodes with every action replaced by one that does nothing: what a host keeps of a
    /// body it drew, without keeping the view model the actions hold alive.
    @_spi(Host)
    public var withoutActions: [Node] {
        map(\.withoutAction)
    }
}

extension Node {
    private static let inertButton = ButtonAction {}
    private static let inertToggle = ToggleAction { _ in }
    private static let inertTextField = TextFieldAction { _ in }

    fileprivate func showsSame(as other: Node) -> Bool {
        // One node is switched on and the other matched case by case: a tuple of both would copy them.
        switch self {
        case .title(let left):
            if case .title(let right) = other { return left == right }
        case .text(let left):
            if case .text(let right) = other { return left == right }
        case .button(let left, _):
            if case .button(let right, _) = other { return left == right }
        case .link(let left, let leftDestination, let leftFailure):
            if case .link(let right, let rightDestination, let rightFailure) = other {
                return left == right && leftDestination == rightDestination && leftFailure == rightFailure
            }
        case .list(let left):
            if case .list(let right) = other { return left.showsSame(as: right) }
        case .section(let leftHeader, let left):
            if case .section(let rightHeader, let right) = other { return leftHeader == rightHeader && left.showsSame(as: right) }
        case .toggle(let left, let leftOn, _):
            if case .toggle(let right, let rightOn, _) = other { return leftOn == rightOn && left == right }
        case .textField(let left, let leftText, _):
            if case .textField(let right, let rightText, _) = other { return left == right && leftText == rightText }
        case .divider:
            if case .divider = other { return true }
        case .progress(let left):
            if case .progress(let right) = other { return left == right }
        case .error(let left):
            if case .error(let right) = other { return left == right }
        case .group(let left):
            if case .group(let right) = other { return left.showsSame(as: right) }
        case .styled(let leftLooks, let left):
            if case .styled(let rightLooks, let right) = other { return leftLooks == rightLooks && left.showsSame(as: right) }
        }
        return false
    }

    /// See ``Swift/Array/nesting(deeperThan:elements:)``. Past `depth` the containers are not
    /// entered; their children are counted as elements all the same.
    fileprivate static func nests(_ nodes: [Node], deeperThan depth: Int, elements: Int, count: inout Int) -> Bool {
        var deeper = false
        count += nodes.count
        for index in nodes.indices {
            switch nodes[index] {
            case .list(let children), .section(_, let children), .group(let children), .styled(_, let children):
                if depth == 0 {
                    deeper = true
                    count += children.count
                } else if nests(children, deeperThan: depth - 1, elements: elements, count: &count) {
                    deeper = true
                }
            default:
                continue
            }
            if deeper, count > elements { return true }
        }
        return deeper
    }

    fileprivate var withoutAction: Node {
        switch self {
        case .button(let label, _): .button(label, action: Self.inertButton)
        case .toggle(let label, let isOn, _): .toggle(label, isOn: isOn, action: Self.inertToggle)
        case .textField(let label, let text, _): .textField(label, text: text, action: Self.inertTextField)
        case .list(let nodes): .list(nodes.withoutActions)
        case .section(let header, let nodes): .section(header, nodes.withoutActions)
        case .group(let nodes): .group(nodes.withoutActions)
        case .styled(let looks, let nodes): .styled(looks, nodes.withoutActions)
        case .title, .text, .link, .divider, .progress, .error: self
        }
    }
}
