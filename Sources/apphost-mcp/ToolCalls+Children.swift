// The tools that run `apphost` as a child process (crawl, test, and the read-only ones) and
// return what it printed, with the child's progress lines as MCP progress.

import AppHost
import AppHostFlows
import AppHostSupport
import Dispatch
import Foundation
import Logging
import MCP
import Synchronization

extension ToolCalls {
    /// The features options of a call: its own folders, else the server's. Folders a client names
    /// get every trust check: the server's `--allow-untrusted` covers its own folders only, unless
    /// it was started with `--allow-untrusted-client-folders`.
    func features(_ arguments: Arguments) throws(ToolError) -> [String] {
        let folders = try arguments.strings("features")
        guard !folders.isEmpty else { return featureArguments }
        let kept = featureArguments.dropFeatureFolders().filter { $0 != "--allow-untrusted" }
        return folders.map { "--features=" + $0 } + kept + (allowUntrustedClientFolders ? ["--allow-untrusted"] : [])
    }

    func crawl(_ arguments: Arguments, progress: ProgressReporter?) async throws(ToolError) -> CallTool.Result {
        var childArguments = ["crawl", "--start=" + (try arguments.oneLine("start")), "--format", "json", "--progress-lines"]
        if let states = try arguments.integer("max_states", in: 1...1_000_000) { childArguments += ["--max-states", String(states)] }
        if let depth = try arguments.integer("max_depth", in: 1...1_000) { childArguments += ["--max-depth", String(depth)] }
        // Each line of progress is `crawling: N states, M waiting`.
        let ran = await Self.runChild(apphost, childArguments + (try features(arguments)), progress: progress.map { progress in
            .errors({ line in
                guard line.hasPrefix("crawling: "), let states = Double(line.dropFirst("crawling: ".count).prefix { $0.isNumber }) else { return nil }
                return (states, line)
            }, progress)
        })
        guard let report = try? JSONDecoder().decode(CrawlReport.self, from: Data(ran.output)) else {
            throw ToolError(message: "crawl: " + ran.reason("crawl"))
        }
        let structured = try? Value(report)
        // The verdict and counts first, short; every state, its path and what each element did are
        // in the structured content (`reached`).
        let text = report.brief + "(each state reached, the path to it and what its elements did: structured content, 'reached')\n"
        return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: structured, isError: false, _meta: nil)
    }

    func test(_ arguments: Arguments, progress: ProgressReporter?) async throws(ToolError) -> CallTool.Result {
        let paths = try arguments.strings("paths")
        guard !paths.isEmpty else { throw ToolError(message: "test needs 'paths', flow files or folders searched for *.flow") }
        let junit = recordings + "/junit-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: junit) }
        var childArguments = ["test", "--color", "never", "--junit", junit]
        if let start = try arguments.string("start") { childArguments += ["--start=" + start] }
        // Each flow's verdict is a line that begins PASS or FAIL, as it ends.
        let finished = Mutex(0)
        let ran = await Self.runChild(apphost, childArguments + (try features(arguments)) + ["--"] + paths, progress: progress.map { progress in
            .output({ line in
                guard line.hasPrefix("PASS ") || line.hasPrefix("FAIL ") else { return nil }
                return (Double(finished.withLock { $0 += 1; return $0 }), line)
            }, progress)
        })
        let text = String(decoding: ran.output, as: UTF8.self) + ran.errorLines.map { $0 + "\n" }.joined()
        guard ran.status == 0 || ran.status == 1 else { throw ToolError(message: "test: " + ran.reason("test")) }
        let xml = (try? String(contentsOfFile: junit, encoding: .utf8)) ?? ""
        return CallTool.Result(
            content: [.text(text: text, annotations: nil, _meta: nil)],
            structuredContent: Value?.some(.object(["passed": .bool(ran.status == 0), "junit": .string(xml)])),
            isError: false, _meta: nil)
    }

    /// Runs `apphost ARGUMENTS` and returns what it printed; a tool error if it failed with nothing to show.
    func runApphost(_ arguments: [String]) async throws(ToolError) -> CallTool.Result {
        let ran = await Self.runChild(apphost, arguments)
        let output = String(decoding: ran.output, as: UTF8.self)
        guard ran.status == 0 || !output.isEmpty else {
            throw ToolError(message: "\(arguments[0]): " + ran.reason(arguments[0]))
        }
        let notes = ran.errorLines.isEmpty ? "" : "\n" + ran.errorLines.joined(separator: "\n") + "\n"
        return CallTool.Result(content: [.text(text: output + notes, annotations: nil, _meta: nil)])
    }

    struct Ran: Sendable {
        var status: Int32
        var output: [UInt8]
        var errorLines: [String]

        /// Why `apphost COMMAND` failed: its last line on standard error, else its status.
        func reason(_ command: String) -> String {
            guard let last = errorLines.last else { return "apphost \(command) ended with status \(status)" }
            return last.hasPrefix("error: ") ? String(last.dropFirst("error: ".count)) : last
        }
    }

    /// Which lines of a child tell its progress, and what each says: the count so far and the line
    /// itself, or nil for a line that tells none.
    enum ProgressLines {
        case output(@Sendable (String) -> (Double, String)?, ProgressReporter)
        case errors(@Sendable (String) -> (Double, String)?, ProgressReporter)
    }

    /// Runs a child to its end, off the cooperative threads. A call that is cancelled (the client's
    /// `notifications/cancelled`) ends the child at once; with `progress`, each line that tells
    /// progress is sent to the client as it comes, all of them before the call returns.
    static func runChild(_ executable: String, _ arguments: [String], progress: ProgressLines? = nil) async -> Ran {
        let (lines, heard) = AsyncStream.makeStream(of: (Double, String).self)
        let watch: ChildWatch
        let reporter: ProgressReporter?
        switch progress {
        case .output(let parse, let to)?:
            watch = ChildWatch(stream: .output) { line in parse(line).map { _ = heard.yield($0) } }
            reporter = to
        case .errors(let parse, let to)?:
            watch = ChildWatch(stream: .errors) { line in parse(line).map { _ = heard.yield($0) } }
            reporter = to
        case nil:
            watch = ChildWatch()
            reporter = nil
        }
        let running = Task {
            await withCheckedContinuation { continuation in
                HostWork.blocking("child") {
                    defer { heard.finish() }
                    do {
                        let child = try ChildProcess.run(executable, arguments, watch: watch)
                        let lines = child.errorText.split(separator: "\n").map(String.init)
                        continuation.resume(returning: Ran(status: child.status, output: child.output, errorLines: lines))
                    } catch {
                        continuation.resume(returning: Ran(status: -1, output: [], errorLines: ["\(error)"]))
                    }
                }
            }
        }
        return await withTaskCancellationHandler {
            for await (count, line) in lines { await reporter?.report(count, line) }
            return await running.value
        } onCancel: {
            watch.stop()
        }
    }
}
