// What a crawl found: the whole report (CrawlReport), and the same report's summary built one state
// at a time (CrawlSummary), which holds only what the summary needs, so that `apphost crawl` can
// write the states it reached as it goes and keep its memory small however many there are.

@_spi(Host) @_spi(Runtime) import AppHost
@_spi(Host) import AppHostKit
import AppHostLoading
import AppHostRuntime
import FoundationEssentials

/// The whole crawl: every state reached, how to reach it, and the problems found.
public struct CrawlReport: Codable, Sendable {
    public struct Reached: Codable, Sendable {
        public var node: CrawlNode
        /// The shortest list of commands from the start.
        public var path: [String]
        public var edges: [CrawlEdge]

        public init(node: CrawlNode, path: [String], edges: [CrawlEdge]) {
            self.node = node
            self.path = path
            self.edges = edges
        }

        /// The state's line under `reached:`: its route and title side by side (a state with no
        /// title shows its route alone), then how it was reached.
        public var line: String {
            "  \(node.key)  " + (node.title.isEmpty ? "" : "'\(node.title)'  ") + (path.isEmpty ? "(start)" : path.joined(separator: "; "))
        }
    }

    public var start: String
    public var reached: [Reached]
    /// Registered destinations (of C features, and start destinations) no element led to.
    public var neverReached: [String]
    /// Whether the crawl stopped at its limits before it reached everything.
    public var truncated: Bool

    public init(start: String, reached: [Reached], neverReached: [String], truncated: Bool) {
        self.start = start
        self.reached = reached
        self.neverReached = neverReached
        self.truncated = truncated
    }

    private var summary: CrawlSummary {
        var summary = CrawlSummary(start: start)
        reached.forEach { summary.add($0) }
        return summary
    }

    /// Every problem, one line each.
    public var problems: [String] { summary.problems(neverReached: neverReached) }

    /// The verdict first, for an agent: the header, then `no problems` or each problem; the states
    /// themselves are left to the structured report.
    public var brief: String {
        let summary = self.summary
        let problems = summary.problems(neverReached: neverReached)
        return summary.header(truncated: truncated)
            + (problems.isEmpty ? "no problems\n" : "\(problems.count) problem\(problems.count == 1 ? "" : "s"):\n" + problems.map { "  \($0)\n" }.joined())
    }

    public var text: String {
        let summary = self.summary
        var text = summary.header(truncated: truncated) + "reached:\n"
        for state in reached { text += state.line + "\n" }
        return text + summary.footer(neverReached: neverReached)
    }
}

/// A crawl's report built one state at a time: the summary of ``CrawlReport`` (its header, its
/// redirects, its problems) from what each state adds, without keeping the states.
public struct CrawlSummary: Sendable {
    public let start: String
    /// How many states were added.
    public private(set) var states = 0
    /// How many elements they activated.
    public private(set) var activated = 0
    /// Each state's route and presentation depth, by key: where an edge led.
    private var reachedByKey: [String: (route: String, presented: Int)] = [:]
    /// Each state's problems on its edges, by its place in order.
    private var edgeProblems: [(state: Int, lines: [String])] = []
    /// The presented states, by place, with where their edges lead: whether one closes them is known at the end.
    private var presented: [(state: Int, key: String, route: String, title: String, presented: Int, leadsTo: [String])] = []
    /// Edges that went through a redirect, in order: where they landed is known at the end.
    private var redirects: [(via: String, toKey: String, label: String, from: String)] = []

    public init(start: String) {
        self.start = start
    }

    /// Adds the next state reached.
    public mutating func add(_ state: CrawlReport.Reached) {
        let node = state.node
        let place = states
        states += 1
        activated += state.edges.count
        reachedByKey[node.key] = (node.route, node.presented)
        var lines: [String] = []
        for edge in state.edges {
            if let problem = edge.problem {
                lines.append("\(edge.crashed ? "crash" : "dead link"): on \(node.route), element \(edge.number) '\(edge.label)' (\(edge.command)): \(problem)")
            }
            if let via = edge.via, let toKey = edge.toKey {
                redirects.append((via, toKey, edge.label, node.route))
            }
        }
        if !lines.isEmpty { edgeProblems.append((place, lines)) }
        if node.presented > 0 {
            presented.append((place, node.key, node.route, node.title, node.presented, state.edges.compactMap(\.toKey)))
        }
    }

    /// Every problem, one line each, in the order of the states; then what was never reached.
    public func problems(neverReached: [String]) -> [String] {
        var lines: [String] = []
        var problems = edgeProblems[...]
        var presented = self.presented[...]
        let closable = closableStates()
        while !problems.isEmpty || !presented.isEmpty {
            let place = min(problems.first?.state ?? .max, presented.first?.state ?? .max)
            if let first = problems.first, first.state == place {
                lines += first.lines
                problems = problems.dropFirst()
            }
            if let state = presented.first, state.state == place {
                if !closable.contains(state.key) {
                    lines.append("no way out: \(state.route) ('\(state.title)') is presented, and none of its elements closes it")
                }
                presented = presented.dropFirst()
            }
        }
        return lines + neverReached.map { "never reached: \($0)" }
    }

    /// The keys of the presented states a person can leave: one of its elements leads to a state
    /// presented less deep, or to one as deep that can be left (a view pushed inside a sheet is
    /// left by going back to the sheet, which closes).
    private func closableStates() -> Set<String> {
        let depth = Dictionary(presented.map { ($0.key, $0.presented) }, uniquingKeysWith: { first, _ in first })
        var closable: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for state in presented where !closable.contains(state.key) {
                let leaves = state.leadsTo.contains { key in
                    let level = reachedByKey[key]?.presented ?? .max
                    return level < state.presented || (level == state.presented && depth[key] != nil && closable.contains(key))
                }
                if leaves {
                    closable.insert(state.key)
                    changed = true
                }
            }
        }
        return closable
    }

    /// The report's first line.
    public func header(truncated: Bool) -> String {
        "crawl from \(start): \(states) states, \(activated) elements activated" + (truncated ? " (stopped at the limits)" : "") + "\n"
    }

    /// What follows the states in the report: the redirects the elements went through, then the problems.
    public func footer(neverReached: [String]) -> String {
        var lines: [String] = []
        // Each redirect once: the outgoing value and where it landed.
        var redirectLines: [String] = []
        var seen: Set<String> = []
        for redirect in redirects {
            guard let to = reachedByKey[redirect.toKey]?.route, seen.insert("\(redirect.via) → \(to)").inserted else { continue }
            redirectLines.append("  \(redirect.via) → \(to)  ('\(redirect.label)' on \(redirect.from))")
        }
        if !redirectLines.isEmpty {
            lines.append("redirects:")
            lines += redirectLines
        }
        let problems = self.problems(neverReached: neverReached)
        lines.append(problems.isEmpty ? "no problems" : "problems:")
        lines += problems.map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }
}
