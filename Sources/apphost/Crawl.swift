import AppHost
import AppHostFlows
@_spi(Host) import AppHostKit
import AppHostOptions
import AppHostSupport
import ArgumentParser
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Options the crawl and the graph share.
struct CrawlOptions: ParsableArguments {
    @Option(help: "The destination or shell to start at, e.g. main.", completion: StartCompletion.kind)
    var start: String

    @Option(help: "The most elements activated in a row from the start.")
    var maxDepth: Int = 12

    @Option(help: "The most states explored.")
    var maxStates: Int = 300

    @Option(help: "Seconds activating one element may take before its feature is reported as hanging (0: no limit).")
    var featureTimeout: Int = SessionGuard.defaultLimit

    @Option(name: .customLong("from"), help: "Explore from this state (a deep link, as apphost state prints it) instead of the start's first screen; repeatable, to share a large app's crawl between machines.")
    var from: [String] = []

    @Flag(help: "Run the session on one thread: code that hops to the global pool (a @concurrent call) runs on the session thread, in order. Faster; docs/sessions.md says what it changes.")
    var oneThread = false

    func validate() throws {
        for link in from {
            do {
                _ = try DeepLink(parsing: link)
            } catch {
                // The error names the link.
                throw ValidationError("--from \(error)")
            }
        }
        guard maxDepth >= 1, maxStates >= 1 else {
            throw ValidationError("--max-depth and --max-states must be 1 or more")
        }
        guard featureTimeout >= 0 else {
            throw ValidationError("--feature-timeout must be 0 (no limit) or more seconds, got \(featureTimeout)")
        }
    }
}

/// `apphost crawl --start NAME`: activates every element of every state it reaches, breadth-first.
struct Crawl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Visit every state reachable by activating elements, and report dead links, screens without a way out, crashes and destinations never reached.",
        discussion: """
            Every element of every state is activated from a fresh session restored to that state (text \
            fields get the text 'Sample'), in a child process that serves state after state, so a screen \
            that crashes or hangs its feature is reported, a new child takes over after it, and the \
            crawl goes on. The exit status is 1 if a problem was found.
            """
    )

    @OptionGroup var features: FeatureOptions
    @OptionGroup var crawl: CrawlOptions

    @Option(help: "text, or json.")
    var format: Session.Format = .text

    @Flag(help: .hidden)
    var serve = false

    /// Progress as lines on standard error, for a program that runs the crawl (the MCP server).
    @Flag(help: .hidden)
    var progressLines = false

    /// The parent's pid, as the crawl that runs this one as its child gives it.
    @Option(help: .hidden)
    var parent: Int32?

    func run() async throws {
        features.bootstrapLogging()
        if serve {
            ParentWatch.endWhenOrphaned(parent: parent)
            let oneThread = crawl.oneThread
            await MainActor.run { CrawlExplorer.oneThread = oneThread }
            try await Crawler.serve(start: crawl.start, limit: crawl.featureTimeout, features: features)
            return
        }
        try await Crawler(features: features, options: crawl).checkStart()
        // The states go to a file as they are reached, and are written out after the summary's first
        // line: the crawl keeps only its summary, however many states it reaches.
        guard let spill = tmpfile() else {
            standardError("error: crawl needs a temporary file: \(String(cString: strerror(errno)))\n")
            throw ExitCode(1)
        }
        defer { fclose(spill) }
        var summary = CrawlSummary(start: crawl.start)
        let encoder = JSONEncoder()
        var first = true
        let (truncated, never) = try await Crawler(features: features, options: crawl, progressLines: progressLines).run { state in
            summary.add(state)
            let line = format == .json ? (first ? "" : ",") + String(decoding: try encoder.encode(state), as: UTF8.self) : state.line + "\n"
            first = false
            guard fputs(line, spill) >= 0 else {
                throw CrawlFileError(file: "the states reached", reason: "writing failed: \(String(cString: strerror(errno)))")
            }
        }
        if format == .json {
            // A CrawlReport's four keys, `reached` last so that the states stream from the file.
            func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
            standardOutput("{\"neverReached\":\(try json(never)),\"start\":\(try json(crawl.start)),\"truncated\":\(truncated),\"reached\":[")
            copy(spill)
            standardOutput("]}\n")
        } else {
            standardOutput(summary.header(truncated: truncated) + "reached:\n")
            copy(spill)
            standardOutput(summary.footer(neverReached: never))
        }
        if !summary.problems(neverReached: never).isEmpty { throw ExitCode(1) }
    }

    /// Writes what `file` holds to standard output.
    private func copy(_ file: UnsafeMutablePointer<FILE>) {
        fflush(file)
        rewind(file)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            guard count > 0 else { break }
            chunk.withUnsafeBufferPointer { writeAll(STDOUT_FILENO, UnsafeBufferPointer(rebasing: $0[..<count])) }
        }
    }
}

/// `apphost graph --start NAME`: the crawled app as DOT, Mermaid or JSON, or a picture through Graphviz.
struct Graph: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Crawl the app and write its navigation graph: DOT, Mermaid or JSON; --output FILE.svg or .png draws it with Graphviz."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case dot, mermaid, json, svg, png
    }

    @OptionGroup var features: FeatureOptions
    @OptionGroup var crawl: CrawlOptions

    @Option(help: "dot, mermaid, json, or svg or png (drawn with Graphviz's dot); default: from --output's extension, else dot.")
    var format: Format?

    @Option(help: "Write to this file; .svg or .png is drawn with Graphviz's dot.")
    var output: String?

    func run() async throws {
        features.bootstrapLogging()
        try await Crawler(features: features, options: crawl).checkStart()
        let report = try await Crawler(features: features, options: crawl).run()
        let graph = NavigationGraph(report)
        // The graph is written whole, problems and all; the status says whether it found any, as crawl's does.
        defer {
            let problems = report.problems
            if !problems.isEmpty {
                standardError("graph: \(problems.count) problem\(problems.count == 1 ? "" : "s") found:\n" + problems.map { "  \($0)\n" }.joined())
            }
        }
        let chosen = format ?? Self.format(of: output)
        let text = switch chosen {
        case .dot, .svg, .png: graph.dot
        case .mermaid: graph.mermaid
        case .json: String(decoding: try JSONEncoder().encode(report), as: UTF8.self) + "\n"
        }
        let picture = chosen == .svg || chosen == .png
        guard let output else {
            if picture {
                try Self.draw(text, as: chosen.rawValue, to: nil).withUnsafeBufferPointer { writeAll(STDOUT_FILENO, $0) }
            } else {
                standardOutput(text)
            }
            if !report.problems.isEmpty { throw ExitCode(1) }
            return
        }
        if picture {
            _ = try Self.draw(text, as: chosen.rawValue, to: output)
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

    /// The format `--output`'s extension names: `.svg`, `.png`, `.mmd`, `.json`, else DOT.
    static func format(of output: String?) -> Format {
        guard let output else { return .dot }
        for format in [Format.svg, .png, .json] where output.hasSuffix("." + format.rawValue) { return format }
        return output.hasSuffix(".mmd") ? .mermaid : .dot
    }

    /// Draws DOT with Graphviz (`dot -T<type>`), into `output` or, with none, as bytes returned.
    static func draw(_ dot: String, as type: String, to output: String?) throws(GraphvizError) -> [UInt8] {
        let target = output.map { "--output \($0)" } ?? "--format \(type)"
        let child: ChildProcess
        do {
            child = try ChildProcess.run("dot", ["-T\(type)"] + (output.map { ["-o", $0] } ?? []), input: Array(dot.utf8))
        } catch {
            throw GraphvizError(description: "\(target): cannot run Graphviz's dot (install graphviz, or write --format dot): \(error.reason)")
        }
        guard child.status == 0 else {
            throw GraphvizError(description: "\(target): Graphviz's dot failed (status \(child.status)): \(child.errorText)")
        }
        return child.output
    }
}

/// Graphviz could not draw the graph: said on one line, with no usage after it (the command line was right).
struct GraphvizError: Error, CustomStringConvertible {
    let description: String
}
