/// Something that can stand in a ``ViewBuilder`` block.
public protocol Element {
    /// The node this element draws as.
    var node: Node { get }
}

extension Node: Element {
    /// The node itself.
    public var node: Node { self }
}

/// Builds a list of nodes from a block of elements, with `if`, `switch` and `for`.
///
/// Its functions are `@inlinable`: a feature's view bodies are built by code compiled into the
/// feature, specialized for its elements, not by generic calls into the kit. Their bodies are
/// therefore part of the kit's ABI and never change.
@resultBuilder
public enum ViewBuilder {
    /// An element as nodes.
    @inlinable
    public static func buildExpression(_ element: some Element) -> [Node] { [element.node] }
    /// Nodes as they are.
    @inlinable
    public static func buildExpression(_ nodes: [Node]) -> [Node] { nodes }
    /// The nodes of a block, in order.
    @inlinable
    public static func buildBlock(_ parts: [Node]...) -> [Node] {
        // Most blocks are one element, or one row: its array as it is, without copying.
        if parts.count == 1 { return parts[0] }
        var nodes: [Node] = []
        nodes.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { nodes += part }
        return nodes
    }
    /// The nodes of an `if` without `else`, or none.
    @inlinable
    public static func buildOptional(_ part: [Node]?) -> [Node] { part ?? [] }
    /// The nodes of the first branch of an `if` or `switch`.
    @inlinable
    public static func buildEither(first part: [Node]) -> [Node] { part }
    /// The nodes of the second branch of an `if` or `switch`.
    @inlinable
    public static func buildEither(second part: [Node]) -> [Node] { part }
    /// The nodes of a `for` loop, in order.
    @inlinable
    public static func buildArray(_ parts: [[Node]]) -> [Node] { parts.flatMap { $0 } }
    /// The nodes of an `if #available` block.
    @inlinable
    public static func buildLimitedAvailability(_ part: [Node]) -> [Node] { part }
}
