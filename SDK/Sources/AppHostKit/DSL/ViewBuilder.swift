/// Something that can stand in a ``ViewBuilder`` block.
public protocol Element {
    /// The node this element draws as.
    var node: Node { get }
}

extension Node: Element {
    public var node: Node { self }
}

/// Builds a list of nodes from a block of elements, with `if`, `switch` and `for`.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression(_ element: some Element) -> [Node] { [element.node] }
    public static func buildExpression(_ nodes: [Node]) -> [Node] { nodes }
    public static func buildBlock(_ parts: [Node]...) -> [Node] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Node]?) -> [Node] { part ?? [] }
    public static func buildEither(first part: [Node]) -> [Node] { part }
    public static func buildEither(second part: [Node]) -> [Node] { part }
    public static func buildArray(_ parts: [[Node]]) -> [Node] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [Node]) -> [Node] { part }
}
