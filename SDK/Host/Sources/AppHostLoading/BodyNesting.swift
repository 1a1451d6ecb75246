@_spi(Host) import AppHostKit

/// The deepest a screen's lists, sections and groups may nest, and what is done with a deeper
/// one: everything below that depth is drawn flat in its order (a section's title as a line of
/// text), with an error at the end naming the feature. Every part that walks a body (layout,
/// renderers, the comparison of screens) recurses one level per nesting, so a body built
/// thousands deep by a feature (a recursive view) would run the host out of stack; capped here,
/// before any of them sees it, that recursion is bounded. C screens are capped as they are built
/// (`CScreenBuilder.maximumNesting`).
public enum BodyNesting {
    /// How deep a Swift screen may nest (far more than any screen people read).
    public static let maximum = 64

    /// The most elements a screen may hold, nested ones included: a screen of more is drawn to
    /// that many, with an error naming the feature. A feature that builds millions (a list of
    /// every row it has) would otherwise make answers of hundreds of megabytes, and the session
    /// that carries them would be ended as if the host had failed. C screens stop collecting
    /// just past it (`CScreenBuilder`).
    public static let maximumElements = 100_000

    /// `body`, unchanged if it nests at most ``maximum`` deep and holds at most ``maximumElements``;
    /// else flattened below that depth and cut at that count, with an error for each.
    package static func capped(_ body: [Node], feature: @autoclosure () -> String) -> [Node] {
        let (deep, count) = body.nesting(deeperThan: maximum, elements: maximumElements)
        guard deep || count > maximumElements else { return body }
        var result = body
        var errors: [Node] = []
        if deep {
            result = capped(result, depth: 0)
            errors.append(.error("lists and sections nested more than \(maximum) deep in \(feature())'s screen; the deeper ones are shown flat (BodyNesting.maximum)"))
        }
        if count > maximumElements {
            var left = maximumElements
            result = cut(result, left: &left)
            errors.append(.error("\(feature())'s screen holds more than \(maximumElements) elements; the first \(maximumElements) are drawn (BodyNesting.maximumElements)"))
        }
        return result + errors
    }

    /// The first `left` elements of `nodes` in reading order, a container counting as one.
    private static func cut(_ nodes: [Node], left: inout Int) -> [Node] {
        var kept: [Node] = []
        for node in nodes {
            guard left > 0 else { break }
            left -= 1
            switch node {
            case .list(let children): kept.append(.list(cut(children, left: &left)))
            case .section(let title, let children): kept.append(.section(title, cut(children, left: &left)))
            case .group(let children): kept.append(.group(cut(children, left: &left)))
            default: kept.append(node)
            }
        }
        return kept
    }

    private static func capped(_ nodes: [Node], depth: Int) -> [Node] {
        nodes.map { node in
            let nested = depth + 1 < maximum
            switch node {
            case .list(let children): return .list(nested ? capped(children, depth: depth + 1) : flat(children))
            case .section(let title, let children): return .section(title, nested ? capped(children, depth: depth + 1) : flat(children))
            case .group(let children): return .group(nested ? capped(children, depth: depth + 1) : flat(children))
            default: return node
            }
        }
    }

    /// Every element under `nodes`, in order, with no nesting: walked with a stack of its own, not recursion.
    private static func flat(_ nodes: [Node]) -> [Node] {
        var result: [Node] = []
        var pending: [IndexingIterator<[Node]>] = [nodes.makeIterator()]
        while !pending.isEmpty {
            guard let node = pending[pending.count - 1].next() else {
                pending.removeLast()
                continue
            }
            switch node {
            case .list(let children), .group(let children):
                pending.append(children.makeIterator())
            case .section(let title, let children):
                if let title { result.append(.text(title)) }
                pending.append(children.makeIterator())
            default:
                result.append(node)
            }
        }
        return result
    }
}
