// The session as whole `apphost` processes, the way scripts run it: the command cycle
// through --script with screens to /dev/null (text, JSON, a state file), the time to
// the first screen against a hello world that imports Foundation, and a state file
// under SIGKILL at random moments.

import AppHost
import AppHostSupport
import Foundation

enum ProcessBenchmark {
    static func run(buildDirectory: URL, runs: Int) throws {
        let apphost = buildDirectory.appendingPathComponent("apphost").path
        let workspace = buildDirectory.appendingPathComponent("benchmark-process")
        try? FileManager.default.removeItem(at: workspace)
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        let cache = workspace.appendingPathComponent("cache").path
        let features = ["--features", buildDirectory.path]
        print("whole processes, \(apphost), median of \(runs) runs")

        // The cycle 2,000 times (22,000 commands), less a run with no commands (start-up and the first screen).
        let cycles = 2_000
        let script = workspace.appendingPathComponent("cycle.txt").path
        try Data((Array(repeating: cycle, count: cycles).flatMap { $0 } + [""]).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: script))
        let empty = workspace.appendingPathComponent("empty.txt").path
        try Data().write(to: URL(fileURLWithPath: empty))
        let state = workspace.appendingPathComponent("state.json").path
        func perCommand(_ extra: [String]) throws -> Double {
            var samples: [Double] = []
            for _ in 0..<runs {
                try? FileManager.default.removeItem(atPath: state)
                let base = try StartupBenchmark.time(apphost, ["--start", "home", "--script", empty] + features + extra, cache: cache)
                try? FileManager.default.removeItem(atPath: state)
                let full = try StartupBenchmark.time(apphost, ["--start", "home", "--script", script] + features + extra, cache: cache)
                samples.append((full - base) / Double(cycles * cycle.count))
            }
            return median(samples)
        }
        _ = try StartupBenchmark.time(apphost, ["--start", "home", "--script", empty] + features, cache: cache)
        let text = try perCommand([])
        let json = try perCommand(["--format", "json"])
        let saved = try perCommand(["--state", state])
        print(String(format: "cycle, text: %.2f µs a command, %.0f commands/s (target ≥ 100,000)", text * 1e6, 1 / text))
        print(String(format: "cycle, JSON: %.2f µs a command, %.2f× text (target ≤ 1.2×)", json * 1e6, json / text))
        print(String(format: "cycle, --state: %.2f µs a command, %.2f× without (target ≤ 1.5×)", saved * 1e6, saved / text))

        // Time to the first screen: start, load the features (warm cache), draw Home, read an empty script, exit.
        let hello = try buildHello(in: workspace)
        var host: [(wall: Double, cpu: Double)] = []
        var baseline: [(wall: Double, cpu: Double)] = []
        for _ in 0..<max(runs, 11) {
            host.append(try StartupBenchmark.measure(apphost, ["--start", "home", "--script", empty] + features, cache: cache))
            baseline.append(try StartupBenchmark.measure(hello, [], cache: cache))
        }
        let (hostWall, helloWall) = (median(host.map(\.wall)), median(baseline.map(\.wall)))
        let (hostCPU, helloCPU) = (median(host.map(\.cpu)), median(baseline.map(\.cpu)))
        print(String(format: "first screen: %.1f ms, a Foundation hello world %.1f ms: %.2f× (target ≤ 1.2×)",
                     hostWall * 1000, helloWall * 1000, hostWall / helloWall))
        // CPU time too: the wall time includes waiting for a core, for the host's threads as for the baseline's.
        print(String(format: "  CPU time: %.1f ms, the hello world %.1f ms: %.2f×", hostCPU * 1000, helloCPU * 1000, hostCPU / helloCPU))

        try killTrials(apphost: apphost, features: features, cache: cache, workspace: workspace, script: script, trials: 200)
    }

    /// Starts sessions on one state file and kills each with SIGKILL after a random 2–80 ms; after every
    /// kill the file must still hold a valid state, with nothing moved aside.
    private static func killTrials(apphost: String, features: [String], cache: String, workspace: URL, script: String, trials: Int) throws {
        let directory = workspace.appendingPathComponent("kill")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let state = directory.appendingPathComponent("state.json").path
        _ = try StartupBenchmark.time(apphost, ["--start", "home", "--state", state, "--script", script] + features, cache: cache)
        let seed = ProcessInfo.processInfo.environment["APPHOST_BENCHMARK_SEED"].flatMap { UInt64($0) } ?? UInt64(Date().timeIntervalSince1970 * 1000)
        print("SIGKILL trials: seed \(seed) (APPHOST_BENCHMARK_SEED replays it)")
        var generator = SplitMix(state: seed)
        var valid = 0
        var lost = 0
        var corrupt = 0
        var killedWhileRunning = 0
        for _ in 0..<trials {
            let pid = try spawn(apphost, ["--start", "home", "--state", state, "--script", script] + features, cache: cache)
            usleep(UInt32.random(in: 2_000...80_000, using: &generator))
            if kill(pid, SIGKILL) == 0 { killedWhileRunning += 1 }
            _ = Descriptor.waitForChild(pid)
            switch StateStore(path: state).load() {
            case .state: valid += 1
            case .missing: lost += 1
            case .corrupt: corrupt += 1
            }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let aside = names.filter { $0.contains(".corrupt") }.count
        let temporaries = names.filter { $0.hasSuffix(".tmp") }.count
        print("SIGKILL trials: \(trials) (\(killedWhileRunning) killed while running): \(valid) valid, \(lost) lost, \(corrupt) corrupt, "
            + "\(aside) moved aside, \(temporaries) temporary files left (removed by the next session that takes the lock)")
    }

    private static func spawn(_ executable: String, _ arguments: [String], cache: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var environment = ProcessInfo.processInfo.environment
        environment[RegistryCache.environmentVariable] = cache
        var cArguments = ([executable] + arguments).map { strdup($0) } + [nil]
        var cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, nil, &cArguments, &cEnvironment) == 0 else {
            throw BenchmarkError(message: "cannot start \(executable)")
        }
        return pid
    }

    /// A Swift program that imports Foundation and prints one line, built with the same compiler, -O.
    static func buildHello(in directory: URL) throws -> String {
        let source = directory.appendingPathComponent("hello.swift")
        let program = directory.appendingPathComponent("hello").path
        try Data("""
            import Foundation

            print("Hello from \\(ProcessInfo.processInfo.processName)")

            """.utf8).write(to: source)
        try StartupBenchmark.shell(["swiftc", "-O", source.path, "-o", program])
        return program
    }
}

/// A small seeded generator, so a trial's timings can be replayed from its printed seed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
