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

    /// What the parent asks a child for: the state `link`, and what its elements from `from` on do.
    struct Request: Codable {
        var link: String
        var from: Int
    }

    /// The line that ends each answer.
    static let endOfAnswer = "end"

    /// `apphost crawl --serve`: reads requests, one JSON line each, and answers each with JSON lines
    /// (the node, then an edge per element from `from`), then `end`; a state that cannot be drawn is
    /// answered with `end` alone. Ends at the end of its input.
    @MainActor
    static func serve(start: String, limit: Int, features: FeatureOptions) async throws {
        AnswerChannel.take()
        SessionGuard.install(stateFile: nil)
        guard let host = features.loadHost(reportRefusals: false) else { throw ExitCode(ExitCode.kitMismatch) }
        let encoder = JSONEncoder()
        while let line = await nextInputLine() {
            defer { AnswerChannel.write(endOfAnswer + "\n") }
            guard let request = try? JSONDecoder().decode(Request.self, from: Data(line.utf8)),
                let node = try? await CrawlExplorer.describe(start: start, link: request.link.isEmpty ? nil : request.link, registry: host.registry)
            else { continue }
            AnswerChannel.write(String(decoding: try encoder.encode(node), as: UTF8.self) + "\n")
            // Elements are numbered from 1: a request from 0 or below starts at the first.
            let first = max(request.from, 1)
            guard first <= node.count else { continue }
            for number in first...node.count {
                let edge = await SessionGuard.watch("activating element \(number) of \(node.link)", limit: limit) {
                    do {
                        return try await CrawlExplorer.activate(number, start: start, link: node.link, registry: host.registry)
                    } catch {
                        // The state could not be restored for this element: reported on it, never skipped.
                        let label = node.labels.indices.contains(number - 1) ? node.labels[number - 1] : "element \(number)"
                        return CrawlEdge(number: number, label: label, command: "tap \(number)", to: nil, toKey: nil, problem: "\(error)")
                    }
                }
                AnswerChannel.write(String(decoding: try encoder.encode(edge), as: UTF8.self) + "\n")
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

    /// What each of `links` leads to, explored by the workers at once, each taking the next link not taken.
    private func explore(_ links: [String], workers: [CrawlChildren]) -> [(CrawlNode, [CrawlEdge])?] {
        let results = Mutex<[(CrawlNode, [CrawlEdge])?]>(Array(repeating: nil, count: links.count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(workers.count, links.count)) { worker in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < links.count else { return }
                let result = explore(links[index], children: workers[worker])
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { $0 }
    }

    /// The node and its edges, from as many children as it takes: one that ends early (a crash or a
    /// hang while activating an element) is noted on that element, and a new child goes on after it.
    private func explore(_ link: String, children: CrawlChildren) -> (CrawlNode, [CrawlEdge])? {
        var edges: [CrawlEdge] = []
        var node: CrawlNode?
        var next = 1
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        while true {
            guard let child = children.warm(), let request = try? encoder.encode(Request(link: link, from: next)),
                child.send(String(decoding: request, as: UTF8.self))
            else { return nil }
            // The child's own guard ends it when a command hangs; this is for a child stuck elsewhere.
            let patience = options.featureTimeout == 0 ? nil : Double(options.featureTimeout) * 3 + 5
            let first = child.readLine(timeout: patience)
            guard let first, let described = try? decoder.decode(CrawlNode.self, from: Data(first)) else {
                // The state itself could not be drawn: a dead end, reported on the edge that led here.
                // A child that said so goes on serving; one that ended or said something else is replaced.
                if first.map({ !$0.elementsEqual(Self.endOfAnswer.utf8) }) ?? true { children.retire(killing: first != nil) }
                return nil
            }
            node = described
            var answered = false
            while let line = child.readLine(timeout: patience) {
                if line.elementsEqual(Self.endOfAnswer.utf8) {
                    answered = true
                    break
                }
                if let edge = try? decoder.decode(CrawlEdge.self, from: Data(line)) {
                    edges.append(edge)
                    next = edge.number + 1
                }
            }
            if answered || next > described.count { break }
            // The child ended while activating element `next`.
            let said = children.retire()
            let label = described.labels.indices.contains(next - 1) ? described.labels[next - 1] : "element \(next)"
            edges.append(CrawlEdge(number: next, label: label, command: "tap \(next)", to: nil, toKey: nil, problem: said.said.isEmpty ? "the host ended (status \(said.status))" : said.said, crashed: true))
            next += 1
            if next > described.count { break }
        }
        return node.map { ($0, edges) }
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
