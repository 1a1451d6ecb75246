@_spi(Host) @_spi(Runtime) import AppHost
import AppHostLoading
import AppHostRuntime
/// The crawled app as a graph: a node per state reached, an edge per element that leads to another
/// (the shell's tabs only from the start, as they are the same on every screen), nodes clustered by
/// the feature (route name) on top, as Graphviz DOT or Mermaid.
public struct NavigationGraph: Sendable {
    public struct Node: Sendable {
        public var id: String
        public var key: String
        public var title: String
        public var feature: String
        public var presented: Bool
    }

    public struct Edge: Sendable {
        public var from: String
        public var to: String
        public var label: String
        public var problem: Bool
    }

    public var nodes: [Node]
    public var edges: [Edge]

    public init(_ report: CrawlReport) {
        var ids: [String: String] = [:]
        var nodes: [Node] = []
        for (index, state) in report.reached.enumerated() {
            let id = "s\(index)"
            ids[state.node.key] = id
            let feature = String(state.node.route.split(separator: "/").first ?? "")
            nodes.append(Node(id: id, key: state.node.key, title: state.node.title, feature: feature, presented: state.node.presented > 0))
        }
        var edges: [Edge] = []
        var seen = Set<String>()
        for state in report.reached {
            guard let from = ids[state.node.key] else { continue }
            for edge in state.edges {
                if edge.problem != nil {
                    // A dead link or a crash points at a node of its own, so it shows.
                    let id = "x\(edges.count)"
                    nodes.append(Node(id: id, key: "problem", title: edge.crashed ? "crash" : "dead link", feature: "", presented: false))
                    edges.append(Edge(from: from, to: id, label: edge.label, problem: true))
                    continue
                }
                // The shell's tabs are the same chrome on every screen: drawn from the start only.
                if edge.command.hasPrefix("tab "), from != "s0" { continue }
                guard let key = edge.toKey, let to = ids[key], to != from, seen.insert("\(from)>\(to)").inserted else { continue }
                // A redirect shows on its edge: the outgoing value the element asked for.
                let label = edge.via.map { "\(edge.label) (via \($0))" } ?? edge.label
                edges.append(Edge(from: from, to: to, label: label, problem: false))
            }
        }
        self.nodes = nodes
        self.edges = edges
    }

    /// Graphviz DOT, one cluster per feature.
    public var dot: String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
        var lines = ["digraph navigation {", "  rankdir=LR;", "  node [shape=box, style=rounded, fontname=\"Helvetica\"];", "  edge [fontname=\"Helvetica\", fontsize=10];"]
        let features = Array(Set(nodes.map(\.feature))).sorted()
        for feature in features where !feature.isEmpty {
            lines.append("  subgraph \(quoted("cluster_" + feature)) {")
            lines.append("    label=\(quoted(feature)); style=dashed;")
            for node in nodes where node.feature == feature {
                let style = node.presented ? ", style=\"rounded,dashed\"" : ""
                // "\\n" is DOT's own line break inside a label.
                // A state with no title is labelled by its route alone.
                let label = node.title.isEmpty ? quoted(node.key) : "\(quoted(node.title))+\"\\n\"+\(quoted(node.key))"
                lines.append("    \(node.id) [label=\(label)\(style)];")
            }
            lines.append("  }")
        }
        for node in nodes where node.feature.isEmpty {
            lines.append("  \(node.id) [label=\(quoted(node.title)), shape=octagon, color=red];")
        }
        for edge in edges {
            lines.append("  \(edge.from) -> \(edge.to) [label=\(quoted(edge.label))\(edge.problem ? ", color=red" : "")];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid (flowchart), one subgraph per feature.
    public var mermaid: String {
        func text(_ value: String) -> String {
            "\"" + value.replacing("\"", with: "#quot;") + "\""
        }
        var lines = ["flowchart LR"]
        for feature in Array(Set(nodes.map(\.feature))).sorted() where !feature.isEmpty {
            lines.append("  subgraph \(feature)")
            for node in nodes where node.feature == feature {
                lines.append("    \(node.id)[\(text(node.title.isEmpty ? node.key : node.title + " · " + node.key))]")
            }
            lines.append("  end")
        }
        for node in nodes where node.feature.isEmpty {
            lines.append("  \(node.id){{\(text(node.title))}}")
        }
        for edge in edges {
            lines.append("  \(edge.from) -->|\(text(edge.label))| \(edge.to)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
