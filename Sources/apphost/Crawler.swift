// The crawl itself: a breadth-first walk whose states warm children explore, and its queue.

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

/// Runs the crawl from the parent: a warm child process serves state after state, and a new one
/// takes over after an element that ended it.
struct Crawler {
    let features: FeatureOptions
    let options: CrawlOptions
    /// Whether to write a line of progress to standard error every ``progressStep`` states (for a
    /// program that runs the crawl, such as the MCP server), rather than a line redrawn on a terminal.
    var progressLines = false

    /// How many states each line of progress stands for.
    static let progressStep = 10

    /// What the parent asks a child for: the state `link` described, and what its elements from
    /// `from` on do; with `to`, what its elements `from` through `to` do, with no description (the
    /// parent has it already, and `link` is the described state's own).
    struct Request {
        var link: String
        var from: Int
        var to: Int? = nil

        /// The request as one line, without its newline.
        var line: String {
            var fields: [String: JSONValue] = ["link": .string(link), "from": .number(from)]
            if let to { fields["to"] = .number(to) }
            return JSONValue.object(fields).text
        }

        /// The request `line` holds; nil if it holds none.
        init?(line: String) {
            guard let fields = (try? JSONValue(parsing: line))?.fields, let link = fields["link"]?.string,
                let from = fields["from"]?.int, let to = fields.optional("to", \.int)
            else { return nil }
            self.init(link: link, from: from, to: to)
        }

        init(link: String, from: Int, to: Int? = nil) {
            self.link = link
            self.from = from
            self.to = to
        }
    }

    /// The line that ends each answer.
    static let endOfAnswer = "end"

    /// `apphost crawl --serve`: reads requests, one JSON line each, and answers each with JSON lines
    /// (the node, then an edge per element from `from`; with `to`, only the edges of that run), then
    /// `end`; a state that cannot be drawn is answered with `end` alone. Ends at the end of its input.
    @MainActor
    static func serve(start: String, limit: Int, features: FeatureOptions) async throws {
        AnswerChannel.take()
        SessionGuard.install(stateFile: nil)
        guard let host = features.loadHost(reportRefusals: false) else { throw ExitCode(ExitCode.kitMismatch) }
        while let line = await nextInputLine() {
            defer { AnswerChannel.write(endOfAnswer + "\n") }
            guard let request = Request(line: line) else { continue }
            let link: String
            let last: Int
            var labels: [String] = []
            if let to = request.to {
                (link, last) = (request.link, to)
            } else {
                guard let node = try? await CrawlExplorer.describe(start: start, link: request.link.isEmpty ? nil : request.link, registry: host.registry)
                else { continue }
                AnswerChannel.write(node.line + "\n")
                (link, last, labels) = (node.link, node.count, node.labels)
            }
            // Elements are numbered from 1: a request from 0 or below starts at the first.
            let first = max(request.from, 1)
            guard first <= last else { continue }
            for number in first...last {
                let edge = await SessionGuard.watch("activating element \(number) of \(link)", limit: limit) {
                    do {
                        return try await CrawlExplorer.activate(number, start: start, link: link, registry: host.registry)
                    } catch {
                        // The state could not be restored for this element: reported on it, never skipped.
                        // Without the description here, the label is empty: the parent has it.
                        let label = labels.indices.contains(number - 1) ? labels[number - 1] : ""
                        return CrawlEdge(number: number, label: label, command: "tap \(number)", to: nil, toKey: nil, problem: "\(error)")
                    }
                }
                AnswerChannel.write(edge.line + "\n")
            }
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

    /// The whole crawl, kept in memory (for the graph).
    func run() async throws -> CrawlReport {
        var reached: [CrawlReport.Reached] = []
        let (truncated, never) = try await run { reached.append($0) }
        return CrawlReport(start: options.start, reached: reached, neverReached: never, truncated: truncated)
    }

    // Long: one loop over the crawl child's answers, its queue file and its limits, which share the loop's state.
    /// Crawls, giving each state reached to `visit` as it is taken, in breadth-first order: whether it
    /// stopped at its limits, and the destinations never reached. The states are not kept, and the
    /// queue waits in a file: what grows in memory is the keys seen.
    func run(visit: (CrawlReport.Reached) throws -> Void) async throws -> (truncated: Bool, neverReached: [String]) {
        let arguments = ["crawl", "--serve", "--parent", String(getpid()), "--start", options.start, "--feature-timeout", String(options.featureTimeout)]
            + (options.oneThread ? ["--one-thread"] : []) + features.childArguments
        let workers = (0..<Self.workerCount).map { _ in CrawlChildren(arguments: arguments) }
        defer { workers.forEach { $0.retire() } }
        // States are explored ahead, a batch at a time across the workers, and taken in the queue's
        // order: the report is the one a single child exploring one state at a time would give.
        var batch: [CrawlQueue.Entry] = []
        var explored: [(CrawlNode, [CrawlEdge])?] = []
        var index = 0
        var reached = 0
        var routes: Set<String> = []
        var seen: Set<String> = []
        var queued: Set<String> = []
        var truncated = false
        let progress = !progressLines && isatty(STDERR_FILENO) == 1
        let queue = try CrawlQueue()
        // The start's first screen, or the states `--from` names, each reached by opening its link.
        if options.from.isEmpty {
            try queue.append(CrawlQueue.Entry(link: "", path: []))
        }
        for link in options.from {
            try queue.append(CrawlQueue.Entry(link: link, path: ["open \(link)"]))
        }
        while index < batch.count || queue.waiting > 0 {
            guard reached < options.maxStates else {
                truncated = true
                break
            }
            if index == batch.count {
                batch = try queue.take(min(queue.waiting, max(workers.count, options.maxStates - reached), Self.batchLimit))
                explored = explore(batch.map(\.link), workers: workers)
                index = 0
            }
            let path = batch[index].path
            let result = explored[index]
            index += 1
            guard let (node, edges) = result, seen.insert(node.key).inserted else { continue }
            reached += 1
            routes.insert(node.route)
            try visit(CrawlReport.Reached(node: node, path: path, edges: edges))
            if progress {
                standardError("\r\u{1B}[Kcrawling: \(reached) states, \(queue.waiting + batch.count - index) waiting: \(node.route)")
            } else if progressLines, reached % Self.progressStep == 0 {
                standardError("crawling: \(reached) states, \(queue.waiting + batch.count - index) waiting\n")
            }
            guard path.count < options.maxDepth else {
                if edges.contains(where: { $0.toKey.map { !seen.contains($0) } ?? false }) { truncated = true }
                continue
            }
            for edge in edges where edge.problem == nil {
                guard let to = edge.to, let key = edge.toKey, !seen.contains(key), queued.insert(key).inserted else { continue }
                try queue.append(CrawlQueue.Entry(link: to, path: path + ["\(edge.command) (\(edge.label))"]))
            }
        }
        if progress { standardError("\r\u{1B}[K") }
        let visited = routes
        let never = await MainActor.run { () -> [String] in
            guard let host = features.loadHost(reportRefusals: false) else { return [] }
            // The app's not-found destination is reached only when something is missing.
            let notFound = host.describeFiles().compactMap { $0.description?.app?.notFound }
            let visited = visited.union(notFound)
            var never: [String] = []
            for entry in RouteMap(host: host).entries {
                let destinations = entry.destinations.map { $0.map { "\(entry.name)/\($0.name)" } }
                    ?? entry.start.flatMap { try? Route(parsing: $0) }.map { [$0.path] } ?? []
                never += destinations.filter { !visited.contains($0) }
            }
            return never
        }
        return (truncated, never)
    }

    /// How many children explore at once: one a core, at most four.
    static let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))
    /// The most states explored ahead in one batch.
    static let batchLimit = 256

    /// How many elements of a state one request activates. A state's elements are shared among
    /// the workers a run at a time, so a state whose elements wait (a callback's real latency)
    /// holds a worker for a run, not for all of them.
    static let runLength = 1

    /// How long the parent waits for a line from a child: the child's own guard ends it when a
    /// command hangs; this is for a child stuck elsewhere.
    private var patience: Double? { options.featureTimeout == 0 ? nil : Double(options.featureTimeout) * 3 + 5 }

    /// What each of `links` leads to. The states are described first, across the workers at once;
    /// then their elements are activated a run at a time, each run by the next worker free. The
    /// edges are put back in each state's order: the report is the one a single child gives.
    private func explore(_ links: [String], workers: [CrawlChildren]) -> [(CrawlNode, [CrawlEdge])?] {
        let nodes = inParallel(links.count, workers: workers) { index, children in describe(links[index], children: children) }
        let runs: [(state: Int, numbers: ClosedRange<Int>)] = nodes.enumerated().flatMap { state, node in
            stride(from: 1, through: node?.count ?? 0, by: Self.runLength).map { from in
                (state, from...min(from + Self.runLength - 1, node?.count ?? 0))
            }
        }
        let edges = inParallel(runs.count, workers: workers) { index, children in
            nodes[runs[index].state].map { activate(runs[index].numbers, of: $0, children: children) }
        }
        var explored = nodes.map { $0.map { ($0, [CrawlEdge]()) } }
        for (index, run) in runs.enumerated() {
            explored[run.state]?.1 += edges[index] ?? []
        }
        return explored
    }

    /// `body` of each index below `count`, on the workers at once, each taking the next index not taken.
    private func inParallel<Result: Sendable>(_ count: Int, workers: [CrawlChildren], _ body: @Sendable (Int, CrawlChildren) -> Result?) -> [Result?] {
        let results = Mutex<[Result?]>(Array(repeating: nil, count: count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(workers.count, count)) { worker in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                let result = body(index, workers[worker])
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { $0 }
    }

    /// Sends `request` to a warm child of `children`; the child, or nil if none can take it.
    private func send(_ request: Request, to children: CrawlChildren) -> LineChild? {
        guard let child = children.warm(), child.send(request.line) else { return nil }
        return child
    }

    /// The state `link`, described by a child; nil if it cannot be drawn (a dead end, reported on
    /// the edge that led here). A child that said so goes on serving; one that ended or said
    /// something else is replaced.
    private func describe(_ link: String, children: CrawlChildren) -> CrawlNode? {
        guard let child = send(Request(link: link, from: Int.max), to: children) else { return nil }
        let first = child.readLine(timeout: patience)
        guard let first, let node = CrawlNode(line: first) else {
            if first.map({ !$0.elementsEqual(Self.endOfAnswer.utf8) }) ?? true { children.retire(killing: first != nil) }
            return nil
        }
        // No element was asked for: `end` follows. A child that ends instead is replaced.
        if !(child.readLine(timeout: patience)?.elementsEqual(Self.endOfAnswer.utf8) ?? false) { children.retire(killing: true) }
        return node
    }

    /// What elements `numbers` of `node` do, from as many children as it takes: one that ends early
    /// (a crash or a hang while activating an element) is noted on that element, and a new child
    /// goes on after it.
    private func activate(_ numbers: ClosedRange<Int>, of node: CrawlNode, children: CrawlChildren) -> [CrawlEdge] {
        var edges: [CrawlEdge] = []
        var next = numbers.lowerBound
        func label(_ number: Int) -> String { node.labels.indices.contains(number - 1) ? node.labels[number - 1] : "element \(number)" }
        while next <= numbers.upperBound {
            guard let child = send(Request(link: node.link, from: next, to: numbers.upperBound), to: children) else { return edges }
            var answered = false
            while let line = child.readLine(timeout: patience) {
                if line.elementsEqual(Self.endOfAnswer.utf8) {
                    answered = true
                    break
                }
                if var edge = CrawlEdge(line: line) {
                    // A child that could not restore the state for an element leaves its label to us.
                    if edge.label.isEmpty { edge.label = label(edge.number) }
                    edges.append(edge)
                    next = edge.number + 1
                }
            }
            if answered { break }
            // The child ended while activating element `next` (or after the last, before its `end`).
            let said = children.retire()
            guard next <= numbers.upperBound else { break }
            let problem = said.said.isEmpty ? "the host ended (status \(said.status))" : said.said
            edges.append(CrawlEdge(number: next, label: label(next), command: "tap \(next)", to: nil, toKey: nil, problem: problem, crashed: true))
            next += 1
        }
        return edges
    }
}

/// The crawl's queue, first in first out, in a temporary file: a breadth-first crawl of a wide app
/// queues most of its states before it takes them, and only the batch taken is in memory.
final class CrawlQueue {
    struct Entry: Codable {
        var link: String
        var path: [String]
    }

    private let file: UnsafeMutablePointer<FILE>
    private var readOffset = 0
    private var writeOffset = 0
    /// How many entries wait.
    private(set) var waiting = 0
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    init() throws {
        guard let file = tmpfile() else { throw CrawlFileError(file: "its queue", reason: String(cString: strerror(errno))) }
        self.file = file
    }

    deinit {
        fclose(file)
    }

    /// Adds `entry` at the end; throws if the file cannot take it (a full disk), so that no state
    /// is left out of the crawl without a word.
    func append(_ entry: Entry) throws {
        var line = [UInt8](try encoder.encode(entry))
        line.append(UInt8(ascii: "\n"))
        fseek(file, writeOffset, SEEK_SET)
        guard fwrite(line, 1, line.count, file) == line.count else {
            throw CrawlFileError(file: "its queue", reason: "writing it failed: \(String(cString: strerror(errno)))")
        }
        writeOffset += line.count
        waiting += 1
    }

    /// The next `count` entries (fewer if fewer wait); throws if the file does not give back what was written.
    func take(_ count: Int) throws -> [Entry] {
        guard fflush(file) == 0 else { throw CrawlFileError(file: "its queue", reason: "writing it failed: \(String(cString: strerror(errno)))") }
        fseek(file, readOffset, SEEK_SET)
        var entries: [Entry] = []
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while entries.count < count, waiting > 0 {
            let length = getline(&buffer, &capacity, file)
            guard length > 0, let buffer else { throw CrawlFileError(file: "its queue", reason: "it ended before the \(waiting) entries that wait") }
            readOffset += length
            waiting -= 1
            let bytes = UnsafeRawBufferPointer(start: buffer, count: length - 1)
            guard let entry = try? decoder.decode(Entry.self, from: Data(bytes)) else {
                throw CrawlFileError(file: "its queue", reason: "an entry read back is not the one written")
            }
            entries.append(entry)
        }
        return entries
    }
}

/// A temporary file of the crawl's (its queue, or the states it reached) failed it.
struct CrawlFileError: Error, CustomStringConvertible {
    var file: String
    var reason: String
    var description: String { "crawl: \(file), a temporary file: \(reason)" }
}

/// A crawl worker's warm child: started when first needed, kept for state after state, and replaced
/// after one that ended.
///
/// `@unchecked Sendable`: each worker of a batch uses its own (worker `w` alone uses `workers[w]`),
/// and batches run one after another, so no two threads touch one at a time.
final class CrawlChildren: @unchecked Sendable {
    private let arguments: [String]
    private var child: LineChild?
    /// How many children were started.
    private(set) var started = 0

    init(arguments: [String]) {
        self.arguments = arguments
    }

    /// The running child, started if there is none; nil if none can be started.
    func warm() -> LineChild? {
        if let child { return child }
        child = try? LineChild(FeatureDiscovery.executablePath, arguments)
        if child != nil { started += 1 }
        return child
    }

    /// Ends the child: its input is closed and it is waited for (killed first if `killing`); its exit
    /// status and last line on standard error.
    @discardableResult
    func retire(killing: Bool = false) -> (status: Int32, said: String) {
        defer { child = nil }
        guard let child else { return (0, "") }
        return killing ? child.stop() : child.end()
    }
}
