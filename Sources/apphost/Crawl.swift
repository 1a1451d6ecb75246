import AppHost
@_spi(Host) import AppHostKit
import ArgumentParser
import FoundationEssentials
import Glibc

/// Options the crawl and the graph share.
struct CrawlOptions: ParsableArguments {
    @Option(help: "The destination or shell to start at, e.g. main.", completion: StartCompletion.kind)
    var start: String

    @Option(help: "The most elements activated in a row from the start.")
    var maxDepth: Int = 12

    @Option(help: "The most states explored.")
    var maxStates: Int = 300

    func validate() throws {
        guard maxDepth >= 1, maxStates >= 1 else {
            throw ValidationError("--max-depth and --max-states must be 1 or more")
        }
    }
}

/// `apphost crawl --start NAME`: activates every element of every state it reaches, breadth-first.
struct Crawl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Visit every state reachable by activating elements, and report dead links, screens without a way out, crashes and destinations never reached.",
        discussion: """
            Every element of every state is activated from a fresh session restored to that state (text \
            fields get the text 'Sample'), in child processes, so a screen that crashes or hangs its \
            feature is reported and the crawl goes on. The exit status is 1 if a problem was found.
            """
    )

    @OptionGroup var features: FeatureOptions
    @OptionGroup var crawl: CrawlOptions

    @Option(help: "text, or json.")
    var format: Session.Format = .text

    @Option(help: .hidden)
    var child: String?

    @Option(help: .hidden)
    var from: Int = 1

    func run() async throws {
        features.bootstrapLogging()
        if let child {
            try await Crawler.runChild(link: child, from: from, start: crawl.start, features: features)
            return
        }
        try await Crawler(features: features, options: crawl).checkStart()
        let report = try await Crawler(features: features, options: crawl).run()
        standardOutput(format == .json ? String(decoding: try JSONEncoder().encode(report), as: UTF8.self) + "\n" : report.text)
        if !report.problems.isEmpty { throw ExitCode(1) }
    }
}

/// Runs the crawl from the parent: a child process per state, restarted after the element that ended it.
struct Crawler {
    let features: FeatureOptions
    let options: CrawlOptions

    /// One state explored by `apphost crawl --child LINK`, as JSON lines: the node, then an edge per element.
    @MainActor
    static func runChild(link: String, from: Int, start: String, features: FeatureOptions) async throws {
        SessionGuard.install(stateFile: nil)
        guard let host = features.loadHost(reportRefusals: false) else { throw ExitCode(ExitCode.kitMismatch) }
        let node = try await CrawlExplorer.describe(start: start, link: link.isEmpty ? nil : link, registry: host.registry)
        let encoder = JSONEncoder()
        standardOutput(String(decoding: try encoder.encode(node), as: UTF8.self) + "\n")
        guard from <= node.count else { return }
        for number in from...node.count {
            let edge = await SessionGuard.watch("activating element \(number) of \(node.link)", limit: SessionGuard.defaultLimit) {
                do {
                    return try await CrawlExplorer.activate(number, start: start, link: node.link, registry: host.registry)
                } catch {
                    // The state could not be restored for this element: reported on it, never skipped.
                    let label = node.labels.indices.contains(number - 1) ? node.labels[number - 1] : "element \(number)"
                    return CrawlEdge(number: number, label: label, command: "tap \(number)", to: nil, toKey: nil, problem: "\(error)")
                }
            }
            standardOutput(String(decoding: try encoder.encode(edge), as: UTF8.self) + "\n")
        }
    }

    /// Ends the command, exit 2, when `--start` names nothing a loaded feature provides (or nothing is
    /// loaded): a crawl from nowhere would pass, having reached nothing.
    @MainActor
    func checkStart() throws {
        guard let host = features.loadHost(reportRefusals: true) else { throw ExitCode(ExitCode.kitMismatch) }
        do {
            _ = try Launch.initialState(start: options.start, registry: host.registry, store: nil, report: { _ in })
        } catch {
            standardError("error: \("\(error)".visible)\n")
            throw ExitCode(2)
        }
    }

    func run() async throws -> CrawlReport {
        var reached: [CrawlReport.Reached] = []
        var seen: Set<String> = []
        var queue: [(link: String, path: [String])] = [("", [])]
        var queued: Set<String> = []
        var truncated = false
        let progress = isatty(STDERR_FILENO) == 1
        while !queue.isEmpty {
            let (link, path) = queue.removeFirst()
            guard reached.count < options.maxStates else {
                truncated = true
                break
            }
            guard let (node, edges) = explore(link) else { continue }
            guard seen.insert(node.key).inserted else { continue }
            reached.append(CrawlReport.Reached(node: node, path: path, edges: edges))
            if progress {
                standardError("\r\u{1B}[Kcrawling: \(reached.count) states, \(queue.count) waiting: \(node.route)")
            }
            guard path.count < options.maxDepth else {
                if edges.contains(where: { $0.toKey.map { !seen.contains($0) } ?? false }) { truncated = true }
                continue
            }
            for edge in edges where edge.problem == nil {
                guard let to = edge.to, let key = edge.toKey, !seen.contains(key), queued.insert(key).inserted else { continue }
                queue.append((to, path + ["\(edge.command) (\(edge.label))"]))
            }
        }
        if progress { standardError("\r\u{1B}[K") }
        let never = await MainActor.run { () -> [String] in
            guard let host = features.loadHost(reportRefusals: false) else { return [] }
            // The app's not-found destination is reached only when something is missing.
            let notFound = host.describeFiles().compactMap { $0.description?.app?.notFound }
            let visited = Set(reached.map(\.node.route) + notFound)
            var never: [String] = []
            for entry in RouteMap(host: host).entries {
                let destinations = entry.destinations.map { $0.map { "\(entry.name)/\($0.name)" } }
                    ?? entry.start.flatMap { try? Route(parsing: $0) }.map { [$0.path] } ?? []
                never += destinations.filter { !visited.contains($0) }
            }
            return never
        }
        return CrawlReport(start: options.start, reached: reached, neverReached: never, truncated: truncated)
    }

    /// The node and its edges, from as many children as it takes: one that ends early (a crash or a
    /// hang while activating an element) is noted on that element, and the next child goes on after it.
    private func explore(_ link: String) -> (CrawlNode, [CrawlEdge])? {
        var edges: [CrawlEdge] = []
        var node: CrawlNode?
        var next = 1
        while true {
            let (lines, status, said) = Self.child(["crawl", "--child", link, "--from", String(next), "--start", options.start] + features.childArguments)
            let decoder = JSONDecoder()
            guard let first = lines.first, let described = try? decoder.decode(CrawlNode.self, from: first) else {
                // The state itself could not be drawn: a dead end, reported on the edge that led here.
                return nil
            }
            node = described
            for line in lines.dropFirst() {
                if let edge = try? decoder.decode(CrawlEdge.self, from: line) {
                    edges.append(edge)
                    next = edge.number + 1
                }
            }
            if status == 0 || next > described.count { break }
            // The child ended while activating element `next`.
            let label = described.labels.indices.contains(next - 1) ? described.labels[next - 1] : "element \(next)"
            edges.append(CrawlEdge(number: next, label: label, command: "tap \(next)", to: nil, toKey: nil, problem: said.isEmpty ? "the host ended (status \(status))" : said, crashed: true))
            next += 1
            if next > described.count { break }
        }
        return node.map { ($0, edges) }
    }

    /// Runs `apphost ARGUMENTS`: its JSON lines, exit status, and last line on standard error.
    private static func child(_ arguments: [String]) -> (lines: [Data], status: Int32, said: String) {
        let child: ChildProcess
        do {
            child = try ChildProcess.run(FeatureDiscovery.executablePath, arguments)
        } catch {
            return ([], -1, "\(error)")
        }
        let said = String(decoding: child.errors, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        return (child.output.split(separator: UInt8(ascii: "\n")).map { Data($0) }, child.status, said)
    }
}

extension FeatureOptions {
    /// These options, for a child `apphost` to find the same features the same way.
    var childArguments: [String] {
        var arguments = directories.flatMap { ["--features", $0] }
        arguments += ["--probe-timeout", String(probeTimeout), "--log-level", logLevel.rawValue]
        if let cacheDir { arguments += ["--cache-dir", cacheDir] }
        if allowUntrusted { arguments.append("--allow-untrusted") }
        return arguments
    }
}

/// `apphost graph --start NAME`: the crawled app as DOT, Mermaid or JSON, or a picture through Graphviz.
struct Graph: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Crawl the app and write its navigation graph: DOT, Mermaid or JSON; --output FILE.svg or .png draws it with Graphviz."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case dot, mermaid, json
    }

    @OptionGroup var features: FeatureOptions
    @OptionGroup var crawl: CrawlOptions

    @Option(help: "dot, mermaid or json (default: from --output's extension, else dot).")
    var format: Format?

    @Option(help: "Write to this file; .svg or .png is drawn with Graphviz's dot.")
    var output: String?

    func run() async throws {
        features.bootstrapLogging()
        try await Crawler(features: features, options: crawl).checkStart()
        let report = try await Crawler(features: features, options: crawl).run()
        let graph = NavigationGraph(report)
        // The graph is written whole, problems and all; the status says whether it found any, as crawl's does.
        defer { if !report.problems.isEmpty { standardError("graph: \(report.problems.count) problem\(report.problems.count == 1 ? "" : "s") found (apphost crawl names them)\n") } }
        let picture = output.map { $0.hasSuffix(".svg") || $0.hasSuffix(".png") } ?? false
        let chosen = format ?? (output?.hasSuffix(".mmd") == true ? .mermaid : output?.hasSuffix(".json") == true ? .json : .dot)
        let text = switch chosen {
        case .dot: graph.dot
        case .mermaid: graph.mermaid
        case .json: String(decoding: try JSONEncoder().encode(report), as: UTF8.self) + "\n"
        }
        guard let output else {
            standardOutput(text)
            if !report.problems.isEmpty { throw ExitCode(1) }
            return
        }
        if picture {
            try Self.draw(graph.dot, to: output)
        } else {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw ValidationError("--output \(output): \(describe(error))")
            }
        }
        standardError("wrote \(output): \(report.reached.count) states, \(graph.edges.count) edges\n")
        if !report.problems.isEmpty { throw ExitCode(1) }
    }

    /// Draws DOT with Graphviz (`dot -T<type> -o FILE`).
    static func draw(_ dot: String, to output: String) throws {
        let type = output.hasSuffix(".png") ? "png" : "svg"
        let child: ChildProcess
        do {
            child = try ChildProcess.run("dot", ["-T\(type)", "-o", output], input: Array(dot.utf8))
        } catch {
            throw ValidationError("--output \(output): cannot run Graphviz's dot (install graphviz): \(error.reason)")
        }
        guard child.status == 0 else {
            throw ValidationError("--output \(output): Graphviz's dot failed (status \(child.status); is graphviz installed?): \(child.errorText)")
        }
    }
}
