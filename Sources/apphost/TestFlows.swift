import AppHost
import AppHostFlows
import AppHostOptions
import AppHostSupport
import ArgumentParser
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// `apphost test PATH...`: runs every flow file, each in a fresh session in a child process of its own
/// (a feature that crashes or hangs fails its flow, not the run), as many at once as there are cores.
struct FlowTest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run flow files (*.flow): session commands with assertions, each in a fresh session.",
        discussion: """
            A flow is one step a line: a session command (tap, type, back, open, …) or an assertion \
            about the screen the command before it left: see TEXT, not see TEXT, element LABEL, \
            route ROUTE, link DEEPLINK, error TEXT, no error, snapshot FILE. Its first step may be \
            start NAME. Each flow runs in a fresh session at width 60; a line is printed for each, in \
            the files' order, then a summary; the exit status is 1 if any failed.
            """
    )

    @OptionGroup var features: FeatureOptions

    @Argument(help: "Flow files, or folders searched for *.flow.", completion: .file(extensions: ["flow"]))
    var paths: [String] = []

    @Option(help: "Where a flow without a start step starts.", completion: StartCompletion.kind)
    var start: String?

    @Option(help: "Write the results as JUnit XML to this file.")
    var junit: String?

    @Option(help: "How many flows run at once (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Run only shard K of N (1/3, 2/3, 3/3): the flows are split the same way on every machine.")
    var shard: String?

    @Option(help: "A JUnit report of an earlier run (repeatable, e.g. one per shard): its durations balance --shard.")
    var timings: [String] = []

    @Option(help: "PASS in green and FAIL in red: auto (on a terminal, unless NO_COLOR is set), always, never.")
    var color: ColorMode = .auto

    @Flag(help: "Report, per feature, which destinations the flows visited and which they never did.")
    var coverage = false

    @Flag(help: "Write every snapshot file anew from the screens of this run.")
    var record = false

    @Flag(help: "After the run, run again the flows a changed flow file or feature library touches (Ctrl-C ends).")
    var watch = false

    @Flag(help: "Let view models' sleeps take real time (by default they wait for the flow's wait steps).")
    var realTime = false

    @Flag(help: "Run the session on one thread: code that hops to the global pool (a @concurrent call) runs on the session thread, in order. Faster; docs/sessions.md says what it changes.")
    var oneThread = false

    @Option(help: "How long a command's work may keep running, or await what the host cannot see, in seconds, before its step fails.")
    var settleTimeout: Double = Double(Session.defaultSettleTimeout.components.seconds)

    @Option(help: "How long one step may take, in seconds, before its flow fails naming the feature (0: no limit); on virtual time, each deadline a wait reaches starts it again.")
    var featureTimeout: Int = SessionGuard.defaultLimit

    @Option(help: .hidden)
    var child: String?

    /// The parent's pid, as the parent that runs this flow as a child gives it.
    @Option(help: .hidden)
    var parent: Int32?

    func validate() throws {
        if child == nil, paths.isEmpty {
            throw ValidationError("name the flows to run: files, or folders with *.flow files (e.g. apphost test Features)")
        }
        let maximumSettle = Double(Session.maximumSettleTimeout.components.seconds)
        guard settleTimeout.isFinite, (0...maximumSettle).contains(settleTimeout) else {
            throw ValidationError("--settle-timeout must be from 0 to \(Int(maximumSettle)) seconds, got \(settleTimeout)")
        }
        guard featureTimeout >= 0 else {
            throw ValidationError("--feature-timeout must be 0 (no limit) or more seconds, got \(featureTimeout)")
        }
        if let shard, FlowShard(shard) == nil {
            throw ValidationError("--shard must be K/N, part K of N with 1 ≤ K ≤ N ≤ \(FlowShard.maximumCount) (e.g. 2/3), got '\(shard)'")
        }
        if let jobs, jobs < 1 {
            throw ValidationError("--jobs must be 1 or more, got \(jobs)")
        }
    }

    func run() async throws {
        features.bootstrapLogging()
        let code: Int32
        if let child {
            ParentWatch.endWhenOrphaned(parent: parent)
            code = try await runChild(child)
        } else {
            code = try await runAll()
        }
        if code != 0 { throw ExitCode(code) }
    }

    /// One flow, in this process: its result as one JSON line on standard output.
    @MainActor
    private func runChild(_ path: String) async throws -> Int32 {
        SessionGuard.install(stateFile: nil)
        guard let host = features.loadHost(reportRefusals: false) else { return ExitCode.kitMismatch }
        let result: FlowResult
        do {
            let flow = try Flow(contentsOf: path)
            result = await FlowRunner.run(flow, registry: host.registry, start: start, record: record, virtualTime: !realTime, oneThread: oneThread,
                settleTimeout: .milliseconds(Int64(settleTimeout * 1000)), featureTimeout: featureTimeout,
                recordAgain: ShellWords.command(["apphost", "test", path, "--record"] + features.chosenArguments + chosenArguments))
        } catch {
            result = .broken(path, line: error.line, message: error.message)
        }
        let data = try JSONEncoder().encode(result)
        standardOutput(String(decoding: data, as: UTF8.self) + "\n")
        return 0
    }

    /// Every flow, in child processes; a line each as it finishes, then the summary.
    private func runAll() async throws -> Int32 {
        let (files, missing) = Flow.files(under: paths)
        for path in missing {
            standardError("error: \(path): no such file or folder\n")
        }
        guard !files.isEmpty else {
            standardError("error: no flow files (*.flow) under \(paths.joined(separator: ", "))\n")
            return 2
        }
        // A file the run reads is never its output.
        if let junit, let read = (files + timings).first(where: { Self.sameFile($0, junit) }) {
            standardError("error: --junit \(junit) is \(timings.contains(read) ? "the report" : "the flow") \(read), which this run reads; name another file\n")
            return 2
        }
        if let junit, let problem = JUnitReport.replaceProblem(junit) {
            standardError("error: --junit \(junit.visible) \(problem)\n")
            return 2
        }
        var known: [String: Double] = [:]
        switch FlowTimings.read(timings) {
        case .success(let read): known = read
        case .failure(let error):
            standardError("error: --timings \(error)\n")
            return 2
        }
        var chosen = files
        if let shard = shard.flatMap(FlowShard.init) {
            chosen = shard.flows(of: files, durations: known)
            standardOutput("shard \(shard): \(chosen.count) of \(files.count) flow\(files.count == 1 ? "" : "s")\n")
        }
        let all = runAndReport(chosen)
        let failed = all.filter { !$0.passed }.count
        if let junit {
            do {
                try WriteRoot.write(Array(JUnitReport.xml(all).utf8), toChosen: junit)
            } catch {
                standardError("error: --junit \(error)\n")
                return 1
            }
        }
        if coverage {
            let report = await MainActor.run { () -> String? in
                guard let host = features.loadHost(reportRefusals: false) else { return nil }
                return FlowCoverage(map: RouteMap(host: host), visited: Set(all.flatMap(\.visited))).text
            }
            standardOutput(report ?? "")
        }
        if watch {
            await watchAndRunAgain(files: files, results: all)
        }
        return failed == 0 && missing.isEmpty ? 0 : 1
    }

    /// Runs `files` in child processes, `--jobs` at once, printing a line each in the files' order
    /// as soon as it and those before it have finished, then the summary; the results, in order.
    private func runAndReport(_ files: [String]) -> [FlowResult] {
        let clock = ContinuousClock()
        let began = clock.now
        let width = max(jobs ?? ProcessInfo.processInfo.activeProcessorCount, 1)
        // The results, and how many of them (in file order) are printed.
        let results = Mutex<(all: [FlowResult?], printed: Int)>((Array(repeating: nil, count: files.count), 0))
        let next = Atomic<Int>(0)
        let arguments = childArguments()
        let colored = color.enabled(for: STDOUT_FILENO)
        let pass = colored ? "\u{1B}[32mPASS\u{1B}[0m" : "PASS"
        let fail = colored ? "\u{1B}[1;31mFAIL\u{1B}[0m" : "FAIL"
        // `width` workers, each taking the next flow until none is left. Lines are printed in the
        // files' order, each as soon as its flow and those before it have finished: the output of two
        // runs is the same whichever flow ends first.
        DispatchQueue.concurrentPerform(iterations: min(width, files.count)) { _ in
            while case let index = next.add(1, ordering: .relaxed).oldValue, index < files.count {
                let result = Self.runChild(files[index], arguments: arguments)
                results.withLock { results in
                    results.all[index] = result
                    while results.printed < results.all.count, let ready = results.all[results.printed] {
                        results.printed += 1
                        var time = NumberText.fixed(ready.seconds, digits: 2) + " s"
                        if let virtual = ready.virtualSeconds, virtual > 0 {
                            time += ", " + NumberText.fixed(virtual, digits: 2) + " s virtual"
                        }
                        if ready.passed {
                            standardOutput("\(pass) \(ready.path) (\(ready.steps) step\(ready.steps == 1 ? "" : "s"), \(time))\n")
                        } else {
                            standardOutput("\(fail) \(ready.path)\n" + ready.report)
                        }
                        for file in ready.recorded {
                            standardOutput("  recorded \(file)\n")
                        }
                    }
                }
            }
        }
        let all = results.withLock { $0.all.compactMap { $0 } }
        let failed = all.filter { !$0.passed }.count
        let elapsed = clock.now - began
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        standardOutput("\(all.count) flow\(all.count == 1 ? "" : "s"): \(all.count - failed) passed, \(failed) failed (\(NumberText.fixed(seconds, digits: 2)) s)\n")
        // A flow that starts at a feature the host did not find, run from a package it did not search.
        if all.contains(where: { $0.failure?.message.contains("no loaded feature provides") == true }),
            let hint = features.unsearchedBuildHint(searched: features.discovery.directories)
        {
            standardOutput("hint: \(hint)\n")
        }
        return all
    }

    /// `--watch`: looks at the flow files and the feature libraries (with their resources) twice a
    /// second. When some have changed and stayed the same for a look, it runs again the flows a
    /// change touches: a changed or new flow file, the flows that visited a changed library's
    /// destinations, and those that could not run. It ends with the process (Ctrl-C).
    private func watchAndRunAgain(files: [String], results: [FlowResult]) async {
        var known = files
        var libraries: [String: Set<String>] = [:]
        func remember(_ results: [FlowResult]) {
            for result in results { libraries[result.path] = result.libraries.map { Set($0.map(Self.resolved)) } }
        }
        remember(results)
        let folders = features.discovery.directories
        var seen = FileSignatures.of(flows: known, folders: folders)
        var pending: FileSignatures?
        standardOutput("watch: waiting for a flow or a feature under \(paths.joined(separator: ", ")) and \(folders.joined(separator: ", ")) to change (Ctrl-C ends)\n")
        while true {
            try? await Task.sleep(for: .milliseconds(500))
            let (found, _) = Flow.files(under: paths)
            let now = FileSignatures.of(flows: found, folders: folders)
            guard now != seen else { pending = nil; continue }
            // Acted on once it has stayed the same for a look: a build may still be writing it.
            guard now == pending else { pending = now; continue }
            let changed = now.changed(since: seen)
            seen = now
            pending = nil
            let changedLibraries = Set(changed.filter { !$0.hasSuffix(".flow") }.map(Self.resolved))
            let again = found.filter { flow in
                changed.contains(flow) || !known.contains(flow) || libraries[flow] == nil
                    || !(libraries[flow] ?? []).isDisjoint(with: changedLibraries)
            }
            known = found
            let names = changed.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted()
            guard !again.isEmpty else {
                standardOutput("watch: \(names.joined(separator: ", ")) changed; no flow visits it\n")
                continue
            }
            standardOutput("watch: \(names.joined(separator: ", ")) changed; running \(again.count) flow\(again.count == 1 ? "" : "s") again\n")
            remember(runAndReport(again))
        }
    }

    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// Whether `a` and `b` name one file (the same device and inode; false if either is missing).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        return stat(a, &first) == 0 && stat(b, &second) == 0 && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// The options of this run a person chose that change what a flow does (not how it is
    /// reported): what a suggested command repeats.
    private var chosenArguments: [String] {
        var arguments: [String] = []
        if let start { arguments += ["--start", start] }
        if realTime { arguments.append("--real-time") }
        if oneThread { arguments.append("--one-thread") }
        return arguments
    }

    /// The options a child needs: where the features are, and how flows start and record.
    private func childArguments() -> [String] {
        var arguments = features.childArguments
        if let start { arguments += ["--start", start] }
        if record { arguments.append("--record") }
        if realTime { arguments.append("--real-time") }
        if oneThread { arguments.append("--one-thread") }
        arguments += ["--settle-timeout", String(settleTimeout), "--feature-timeout", String(featureTimeout)]
        return arguments
    }

    /// Runs `apphost test --child FILE`; a child that ends without a result (a crash, a hang) fails the flow with its last words.
    private static func runChild(_ path: String, arguments: [String]) -> FlowResult {
        let child: ChildProcess
        do {
            child = try ChildProcess.run(FeatureDiscovery.executablePath, ["test", "--child", path, "--parent", String(getpid())] + arguments)
        } catch {
            return .broken(path, message: "\(error)")
        }
        if let line = child.output.split(separator: UInt8(ascii: "\n")).last, let result = try? JSONDecoder().decode(FlowResult.self, from: Data(line)) {
            return result
        }
        return .broken(path, message: "its session ended with status \(child.status) before the flow finished\n\(child.errorText)")
    }
}

/// Flow files and feature libraries (with their resources) as one look of `apphost test --watch`
/// sees them, read as `--watch` of a session reads libraries (``FeatureWatcher``).
struct FileSignatures: Equatable {
    private var files: [String: FeatureWatcher.Signature]

    static func of(flows: [String], folders: [String]) -> FileSignatures {
        var files = FeatureWatcher.librarySignatures(in: folders)
        for flow in flows { files[flow] = FeatureWatcher.signature(of: flow) }
        return FileSignatures(files: files)
    }

    /// The files added or changed since `earlier`, sorted.
    func changed(since earlier: FileSignatures) -> [String] {
        files.keys.filter { earlier.files[$0] != files[$0] }.sorted()
    }
}
