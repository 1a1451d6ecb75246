// The session engine in process, with the repository's features loaded through the
// real loader. It measures:
// - what one command costs (parse, navigation, screens, layout, drawing), in text, in
//   JSON and with a state file;
// - how that cost changes 10,000 screens deep;
// - whether memory stays flat over a million commands and a million bad ones.

import AppHost
import AppHostSupport
import Foundation

@MainActor
enum SessionBenchmark {
    static func run(buildDirectory: URL, runs: Int) async throws {
        let host = FeatureHost()
        host.loadFeatures(from: FeatureDiscovery(directories: [buildDirectory.path]))
        guard host.registry.root(named: "home") != nil, host.registry.root(named: "about") != nil else {
            throw BenchmarkError(message: "home and about are not loaded from \(buildDirectory.path): run swift build -c release first")
        }
        let registry = host.registry
        print("in process, \(host.features.count) features from \(buildDirectory.path), median of \(runs) runs")

        let cycles = 1_000
        let text = try await perCommand(runs: runs) { try await cycleRun(registry, cycles: cycles, format: .text) }
        let json = try await perCommand(runs: runs) { try await cycleRun(registry, cycles: cycles, format: .json) }
        let saved = try await perCommand(runs: runs) { try await cycleRun(registry, cycles: cycles, format: .text, saving: true) }
        report("cycle, text", text, target: "≥ 100,000 commands/s")
        try await eachCommand(registry)
        report("cycle, JSON", json, ratio: json / text, of: "text", target: "≤ 1.2×")
        report("cycle, state file", saved, ratio: saved / text, of: "without", target: "≤ 1.5×")

        let unchanged = try await perCommand(runs: runs) { try await unchangedCommand(registry) }
        report("a command that changes nothing on the 24-row list (observable: its body is kept)", unchanged)

        let (shallow, deep) = try await depth(registry, runs: runs)
        report("a push and a back at depth 1", shallow)
        report("a push and a back at depth 10,000", deep, ratio: deep / shallow, of: "depth 1", target: "≤ 1.2×")

        try await memory(registry)
    }

    /// Seconds per command: the median over `runs` of `body`, which returns (seconds, commands).
    private static func perCommand(runs: Int, _ body: () async throws -> (Double, Int)) async throws -> Double {
        var samples: [Double] = []
        for _ in 0..<runs {
            let (time, count) = try await body()
            samples.append(time / Double(count))
        }
        return median(samples)
    }

    private static func session(_ registry: DestinationRegistry, format: Session.Format = .text, store: StateStore? = nil) throws -> Session {
        let counter = ByteCounter()
        let session = try Launch.session(
            start: "home",
            registry: registry,
            store: store,
            lock: false,
            open: nil,
            options: Session.Options(format: format),
            output: counter,
            warn: { line in FileHandle.standardError.write(Data("benchmark session: warning: \(line)\n".utf8)) }
        )
        return session
    }

    private static func cycleRun(_ registry: DestinationRegistry, cycles: Int, format: Session.Format, saving: Bool = false) async throws -> (Double, Int) {
        // A folder of its own (mkdtemp, 0700): a name in /tmp that someone else made first is never used.
        let folder = try PrivateFolder(prefix: "apphost-benchmark")
        defer { folder.remove() }
        let directory = URL(fileURLWithPath: folder.path)
        let store = saving ? StateStore(path: directory.appendingPathComponent("state.json").path) : nil
        let session = try session(registry, format: format, store: store)
        await session.start()
        let clock = ContinuousClock()
        let started = clock.now
        for _ in 0..<cycles {
            for command in cycle { await session.execute(command) }
        }
        session.flush()
        let elapsed = seconds(clock.now - started)
        guard session.errorCount == 0 else { throw BenchmarkError(message: "the cycle reported \(session.errorCount) errors: \(session.errors.last ?? "")") }
        return (elapsed, cycles * cycle.count)
    }

    /// What each command of the cycle costs on its own, in text: where the cycle's time goes.
    private static func eachCommand(_ registry: DestinationRegistry) async throws {
        let session = try session(registry)
        await session.start()
        let clock = ContinuousClock()
        var totals = Array(repeating: Duration.zero, count: cycle.count)
        for _ in 0..<1_000 {
            for (index, command) in cycle.enumerated() {
                let started = clock.now
                await session.execute(command)
                totals[index] += clock.now - started
            }
        }
        let each = zip(cycle, totals).map { command, total in String(format: "%@ %.1f", command, seconds(total) / 1_000 * 1e6) }
        print("  each command of the cycle, µs: " + each.joined(separator: " · "))
    }

    /// Typing into the Character list's search field the text it already holds: the view model
    /// changes nothing, so its observable body is not built again and the kept screen is drawn.
    private static func unchangedCommand(_ registry: DestinationRegistry) async throws -> (Double, Int) {
        let session = try session(registry)
        await session.start()
        await session.execute("tap 1")
        await session.execute("type search rick")
        guard session.topRoute.description == "character/list", session.errorCount == 0 else {
            throw BenchmarkError(message: "the list could not be reached: \(session.errors.last ?? session.topRoute.description)")
        }
        let commands = 10_000
        let clock = ContinuousClock()
        let started = clock.now
        for _ in 0..<commands { await session.execute("type search rick") }
        return (seconds(clock.now - started), commands)
    }

    /// Seconds per command of `tap 3` (push About) and `back`, at depth 1 and at depth 10,000.
    private static func depth(_ registry: DestinationRegistry, runs: Int) async throws -> (Double, Double) {
        let session = try session(registry)
        await session.start()
        let pairs = 2_000
        func measure() async -> Double {
            let clock = ContinuousClock()
            let started = clock.now
            for _ in 0..<pairs {
                await session.execute("tap 3")
                await session.execute("back")
            }
            return seconds(clock.now - started) / Double(pairs * 2)
        }
        var shallow: [Double] = []
        for _ in 0..<runs { shallow.append(await measure()) }
        // Home → About → Home → …: every tap pushes, so the stack grows by one a command.
        while session.state.current.count < 10_000 {
            await session.execute(session.state.current.count % 2 == 1 ? "tap 3" : "tap 2")
        }
        guard session.state.current.count == 10_000, session.errorCount == 0 else {
            throw BenchmarkError(message: "could not grow the stack to 10,000: \(session.errors.last ?? "")")
        }
        await session.execute("tap 2")  // Home on top, 10,001 deep: the next push is the same as at depth 1
        var deep: [Double] = []
        for _ in 0..<runs { deep.append(await measure()) }
        return (median(shallow), median(deep))
    }

    /// Resident memory over 1,000,000 cycle commands, then 1,000,000 bad ones, sampled every 100,000.
    private static func memory(_ registry: DestinationRegistry) async throws {
        let session = try Launch.session(
            start: "home", registry: registry, store: nil, lock: false, open: nil,
            options: Session.Options(), output: TextOutput(output: { _ in }, errorOutput: { _ in }), warn: { _ in }
        )
        await session.start()
        let bad = ["tap 99", "frobnicate", "open nowhere/at-all", "tab 1", "type 1 text", "pop home/nothing"]
        var samples: [(Int, Double)] = []
        var executed = 0
        for phase in 0..<2 {
            var index = 0
            for _ in 0..<1_000_000 {
                await session.execute(phase == 0 ? cycle[index % cycle.count] : bad[index % bad.count])
                index += 1
                executed += 1
                if executed % 100_000 == 0 { samples.append((executed, residentMiB())) }
            }
        }
        let first = samples.first?.1 ?? 0
        let highest = samples.map(\.1).max() ?? 0
        let last = samples.last?.1 ?? 0
        print(String(format: "memory: %.1f MiB resident after 100,000 commands, %.1f MiB after 1,000,000 good and 1,000,000 bad ones (highest %.1f MiB, growth %.1f MiB); %d errors reported, %d kept",
                     first, last, highest, last - first, session.errorCount, session.errors.count))
        print("  samples every 100,000: " + samples.map { String(format: "%.1f", $0.1) }.joined(separator: " "))
    }

    private static func report(_ what: String, _ perCommand: Double, ratio: Double? = nil, of base: String = "", target: String = "") {
        var line = String(format: "%@: %.2f µs a command, %.0f commands/s", what, perCommand * 1e6, 1 / perCommand)
        if let ratio { line += String(format: ", %.2f× %@", ratio, base) }
        if !target.isEmpty { line += " (target \(target))" }
        print(line)
    }
}

/// A session's output counted, not kept: screens as bytes, as the executable writes them.
@MainActor
private final class ByteCounter: SessionOutput {
    private(set) var bytes = 0

    func write(_ text: String) { bytes &+= text.utf8.count }

    func writeError(_ line: String) { FileHandle.standardError.write(Data("benchmark session: \(line)".utf8)) }

    func writeScreen(_ bytes: borrowing [UInt8]) { self.bytes &+= bytes.count }
}
