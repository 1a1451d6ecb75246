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
        }
        return false
    }

    fileprivate var withoutAction: Node {
        switch self {
        case .button(let label, _): .button(label, action: Self.inertButton)
        case .toggle(let label, let isOn, _): .toggle(label, isOn: isOn, action: Self.inertToggle)
        case .textField(let label, let text, _): .textField(label, text: text, action: Self.inertTextField)
        case .list(let nodes): .list(nodes.withoutActions)
        case .section(let header, let nodes): .section(header, nodes.withoutActions)
        case .group(let nodes): .group(nodes.withoutActions)
        case .title, .text, .link, .divider, .progress, .error: self
        }
    }
}
