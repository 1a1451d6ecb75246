// `apphost-benchmark crawl [STATES]`: how fast `apphost crawl` explores, and what it holds in memory.
//
// 1. This repository's app from `main`, whole crawls: elements activated a second.
// 2. A generated C feature whose destinations fan out ten ways, STATES of them (100,000 unless
//    given), crawled whole: the time, and the resident memory of the crawl and of its children,
//    sampled as it runs. The children serve state after state; their memory should stay flat.

import AppHost
import AppHostFlows
import AppHostSupport
import Foundation

enum CrawlBenchmark {
    static func run(buildDirectory: URL, runs: Int, states: Int) throws {
        let apphost = buildDirectory.appendingPathComponent("apphost").path
        var rates: [Double] = []
        var activated = 0
        for _ in 0..<runs {
            let started = ContinuousClock.now
            let output = try capture(apphost, ["crawl", "--start", "main", "--format", "json"])
            let elapsed = seconds(ContinuousClock.now - started)
            let report = try JSONDecoder().decode(CrawlReport.self, from: output)
            activated = report.reached.reduce(0) { $0 + $1.edges.count }
            rates.append(Double(activated) / elapsed)
        }
        print("crawl of this repository's app from main, median of \(runs) runs")
        print("  \(activated) elements activated: \(Int(median(rates))) a second (target ≥ 3,000)")

        // A folder of its own (mkdtemp, 0700): a name in /tmp that someone else made first is never used.
        let folder = try PrivateFolder(prefix: "apphost-crawl-benchmark")
        defer { folder.remove() }
        let directory = URL(fileURLWithPath: folder.path)
        try buildFanOut(in: directory, nodes: states - 1)
        let cache = directory.appendingPathComponent("cache").path
        let arguments = [
            "crawl", "--features", directory.appendingPathComponent("features").path, "--cache-dir", cache,
            "--start", "fan", "--max-states", String(states), "--max-depth", "64",
        ]
        let crawl = Process()
        crawl.executableURL = URL(fileURLWithPath: apphost)
        crawl.arguments = arguments
        let output = Pipe()
        crawl.standardOutput = output
        let started = ContinuousClock.now
        try crawl.run()
        var samples: [(seconds: Double, crawl: Int, children: Int)] = []
        let reader = Thread { _ = output.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        while crawl.isRunning {
            let pid = crawl.processIdentifier
            samples.append((seconds(ContinuousClock.now - started), residentKiB(pid), children(of: pid).map(residentKiB).reduce(0, +)))
            usleep(250_000)
        }
        let elapsed = seconds(ContinuousClock.now - started)
        print("crawl of a generated C feature, \(states) states (ten links a screen), one run")
        print(String(format: "  %.1f s, %d states a second", elapsed, Int(Double(states) / elapsed)))
        let kept = samples.filter { $0.crawl > 0 }
        guard let first = kept.first(where: { $0.children > 0 }), let last = kept.last(where: { $0.children > 0 }) else { return }
        let step = max(1, kept.count / 10)
        let shown = stride(from: 0, to: kept.count, by: step).map { kept[$0] }
        print("  resident memory (MiB) at each tenth of the run, the crawl / its children:")
        print("  " + shown.map { String(format: "%.0fs %.1f/%.1f", $0.seconds, Double($0.crawl) / 1024, Double($0.children) / 1024) }.joined(separator: " · "))
        let childrenHighest = kept.map(\.children).max() ?? 0
        print(String(format: "  children: %.1f MiB when first seen, %.1f MiB at the last sample, highest %.1f MiB", Double(first.children) / 1024, Double(last.children) / 1024, Double(childrenHighest) / 1024))
        print(String(format: "  the crawl itself (its queue, the keys seen, the summary): %.1f MiB at the start, %.1f MiB at the end", Double(first.crawl) / 1024, Double(kept.last?.crawl ?? 0) / 1024))
    }

    /// A C feature `fan`: `main` links to nodes 1 to 10, node N to nodes 10N+1 to 10N+10, up to `nodes`.
    private static func buildFanOut(in directory: URL, nodes: Int) throws {
        let features = directory.appendingPathComponent("features")
        try FileManager.default.createDirectory(at: features, withIntermediateDirectories: true)
        let source = directory.appendingPathComponent("fan.c")
        try Data("""
            #include <stdio.h>
            #include "apphost.h"
            #define NODES \(nodes)LL
            static void links(const apphost_host_api *api, apphost_screen *screen, long long first) {
                char route[64], label[64];
                for (long long child = first; child < first + 10 && child <= NODES; child++) {
                    snprintf(route, sizeof route, "fan/node?n=%lld", child);
                    snprintf(label, sizeof label, "Node %lld", child);
                    api->link(screen, label, route);
                }
            }
            static void render_main(const apphost_host_api *api, apphost_screen *screen) {
                api->title(screen, "Fan");
                links(api, screen, 1);
            }
            static void render_node(const apphost_host_api *api, apphost_screen *screen, int64_t n) {
                char title[64];
                snprintf(title, sizeof title, "Node %lld", (long long)n);
                api->title(screen, title);
                links(api, screen, n * 10 + 1);
            }
            static const apphost_parameter node_parameters[] = {{"n", APPHOST_TYPE_INT64}};
            static const apphost_destination destinations[] = {
                {"main", 0, 0, (apphost_render_fn)render_main},
                {"node", 1, node_parameters, (apphost_render_fn)render_node},
            };
            static const apphost_feature_descriptor descriptor = {
                APPHOST_C_FEATURE_HEADER, .name = "fan", .route_name = "fan", .root_destination = "main",
                .destination_count = 2, .destination_size = APPHOST_DESTINATION_SIZE, .destinations = destinations,
            };
            const apphost_feature_descriptor *apphost_feature_entry(void) { return &descriptor; }

            """.utf8).write(to: source)
        let include = StartupBenchmark.repository.appendingPathComponent("SDK/Sources/CAppHost/include").path
        try StartupBenchmark.shell(["cc", "-shared", "-fPIC", "-O2", "-I", include, source.path, "-o", features.appendingPathComponent("libFanFeature.so").path])
    }

    /// What `executable` writes to standard output; throws if it cannot be run.
    private static func capture(_ executable: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// The process's resident memory in KiB (VmRSS), 0 once it is gone.
    private static func residentKiB(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// The processes whose parent is `pid`.
    private static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }
}
