// Prints how long the host takes for the things a person waits on: loading the
// features, running a command (state change, screen loads, render), and
// reading and printing deep links; and how much memory the process peaked at.
// Numbers only, no pass or fail: compare them between changes, on one machine,
// in the same build configuration. `apphost-benchmark startup [SIZES…]` measures
// whole-process start-up instead (StartupBenchmark).

import AppHost
@_spi(Host) import AppHostKit
import Foundation

@main
struct Benchmark {
    @MainActor
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "startup" {
            let sizes = arguments.dropFirst().compactMap { Int($0) }.filter { $0 >= 3 }
            let runs = ProcessInfo.processInfo.environment["APPHOST_BENCHMARK_RUNS"].flatMap { Int($0) } ?? 11
            try StartupBenchmark.run(
                buildDirectory: URL(fileURLWithPath: FeatureDiscovery.executableDirectory),
                sizes: sizes.isEmpty ? [3, 200, 1000] : sizes,
                runs: runs
            )
            return
        }
        let directory = arguments.first ?? FeatureDiscovery.executableDirectory
        let clock = ContinuousClock()

        var started = clock.now
        let host = FeatureHost()
        host.loadFeatures(from: FeatureDiscovery(directories: [directory]))
        print("features loaded: \(host.features.count) from \(directory), \(host.failures.count) failed")
        report("load every feature (first dlopen)", clock.now - started, count: 1)

        guard let start = Navigator.startState(named: "main", in: host.registry) else {
            print("no 'main' shell loaded: build the Shell feature first (swift build)")
            return
        }
        var bytes = 0
        let session = Session(registry: host.registry, state: start, output: { bytes += $0.utf8.count }, errorOutput: { _ in })
        let commands = ["tab 2", "tap 3", "back", "tab 3", "tap Edit profile", "type 1 Summer", "dismiss", "tab 1", "tap 2", "root"]
        let rounds = 200
        started = clock.now
        await session.start()
        for _ in 0..<rounds {
            for command in commands { await session.execute(command) }
        }
        report("session command, screens loaded and rendered", clock.now - started, count: rounds * commands.count)
        print("  rendered \(bytes / 1024) KiB of screens, \(session.errors.count) errors")

        let link = "@main:settings(home:home/main>about/main|character:character/list>character/detail?identifier=3|settings:settings/main!sheet(settings/profile>character/picker))"
        let links = 10_000
        started = clock.now
        for _ in 0..<links { _ = try DeepLink(parsing: link).description }
        report("deep link read and printed", clock.now - started, count: links)

        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print(String(format: "peak resident memory: %.1f MiB", Double(usage.ru_maxrss) / 1024))
    }

    static func report(_ what: String, _ duration: Duration, count: Int) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        print("\(what): \(count) in \(String(format: "%.3f", seconds)) s, \(String(format: "%.1f", seconds / Double(count) * 1e6)) µs each")
    }
}
