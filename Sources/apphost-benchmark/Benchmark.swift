// Prints how long the host takes for what a person or a script waits on, as numbers
// only: compare them between changes, on one machine, in a release build.
//
//   apphost-benchmark            the session figures, in process and as whole processes
//   apphost-benchmark session    in process: the command cycle (text, JSON, state file),
//                                stack depth, memory over 1,000,000 + 1,000,000 commands
//   apphost-benchmark process    whole processes: the cycle through --script, time to the
//                                first screen against a Foundation hello world, and
//                                SIGKILL trials on a state file
//   apphost-benchmark stages     in process: one screen's body, layout and drawing, apart
//   apphost-benchmark startup [SIZES…]   start-up with many installed features
//   apphost-benchmark compare OLD NEW    two builds (build folders or their apphost), each
//                                figure of the speed table for both, runs interleaved
//   apphost-benchmark crawl [STATES]     apphost crawl: elements activated a second on this
//                                repository's app; time and memory on a generated app of
//                                STATES states (100,000)
//
// Every figure is a median of repeats (APPHOST_BENCHMARK_RUNS sets how many).

import AppHost
import Foundation

@main
struct Benchmark {
    @MainActor
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let buildDirectory = URL(fileURLWithPath: FeatureDiscovery.executableDirectory)
        let runs = ProcessInfo.processInfo.environment["APPHOST_BENCHMARK_RUNS"].flatMap { Int($0) }
        switch arguments.first {
        case "startup":
            let sizes = arguments.dropFirst().compactMap { Int($0) }.filter { $0 >= 3 }
            try StartupBenchmark.run(buildDirectory: buildDirectory, sizes: sizes.isEmpty ? [3, 200, 1000] : sizes, runs: runs ?? 11)
        case "session":
            try await SessionBenchmark.run(buildDirectory: buildDirectory, runs: runs ?? 7)
        case "stages":
            try await StageBenchmark.run(buildDirectory: buildDirectory, runs: runs ?? 7)
        case "process":
            try ProcessBenchmark.run(buildDirectory: buildDirectory, runs: runs ?? 11)
        case "crawl":
            let states = arguments.dropFirst().first.flatMap { Int($0) }.map { max($0, 2) } ?? 100_000
            try CrawlBenchmark.run(buildDirectory: buildDirectory, runs: runs ?? 5, states: states)
        case "compare":
            let builds = Array(arguments.dropFirst())
            guard builds.count == 2 else {
                print("apphost-benchmark compare OLD NEW: two build folders (or their apphost executables)")
                exit(2)
            }
            try CompareBenchmark.run(old: builds[0], new: builds[1], runs: runs ?? 7, workspace: buildDirectory.appendingPathComponent("benchmark-compare"))
        case nil:
            try await SessionBenchmark.run(buildDirectory: buildDirectory, runs: runs ?? 7)
            print("")
            try ProcessBenchmark.run(buildDirectory: buildDirectory, runs: runs ?? 11)
        case let other?:
            print("apphost-benchmark: unknown benchmark '\(other)' (session, process, stages, startup, crawl, compare)")
            exit(2)
        }
    }
}

/// The 11 commands of the cycle every session figure runs: Home → Characters → Rick → back →
/// a deep link to Morty → state → root → About (C) → licenses → libffi → root, back at Home.
let cycle = [
    "tap 1", "tap 1", "back", "open character/detail?identifier=2", "state",
    "root", "tap 3", "tap 1", "tap 3", "back", "root",
]

func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Resident memory now, in MiB (from /proc/self/statm).
func residentMiB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}
