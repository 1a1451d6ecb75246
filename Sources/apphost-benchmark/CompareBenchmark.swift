// `apphost-benchmark compare OLD NEW`: two builds of `apphost`, each figure of the speed table
// measured for both in one sitting, their runs interleaved (OLD, NEW, OLD, NEW, …) so that the
// machine's drift touches both alike. OLD and NEW are build folders (`.build/release` of two
// checkouts) or their `apphost` executables; each runs with its own built-in features.
//
// Every figure is printed with min / median / max of each build and the ratio of the medians
// (NEW ÷ OLD: below 1 is faster or smaller), CPU beside wall where both mean something. A figure
// one build cannot give (a command it does not have) is shown as "—".

import AppHost
import Foundation

enum CompareBenchmark {
    /// One build under comparison.
    struct Build {
        var name: String
        var directory: URL
        var apphost: String { directory.appendingPathComponent("apphost").path }
        /// Its own features (the app it built), alone and beside 1,000 generated C ones, and its cache.
        var large: URL
        var small: URL
        var cache: String
    }

    /// How a figure is measured once for one build: a number, or nil when the build cannot give it.
    typealias Measure = (Build) throws -> Double?


    struct Figure {
        var name: String
        var unit: String
        var measure: Measure
    }

    static func run(old: String, new: String, runs: Int, workspace: URL) throws {
        try? FileManager.default.removeItem(at: workspace)
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        let builds = try [("OLD", old), ("NEW", new)].map { name, path -> Build in
            var directory = URL(fileURLWithPath: path)
            if !path.hasSuffix("/"), FileManager.default.isExecutableFile(atPath: path), !isFolder(path) {
                directory = directory.deletingLastPathComponent()
            }
            guard FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("apphost").path) else {
                throw BenchmarkError(message: "compare: \(path) holds no apphost (give a build folder, or its apphost)")
            }
            return Build(
                name: name, directory: directory, large: workspace.appendingPathComponent("\(name)-1003"),
                small: workspace.appendingPathComponent("\(name)-3"), cache: workspace.appendingPathComponent("\(name)-cache").path
            )
        }
        try prepare(builds, workspace: workspace)
        // APPHOST_BENCHMARK_ONLY=TEXT measures only the figures whose names hold TEXT (a quick look at one).
        let only = ProcessInfo.processInfo.environment["APPHOST_BENCHMARK_ONLY"].flatMap { $0.isEmpty ? nil : $0 }
        let figures = try makeFigures(workspace: workspace).filter { only == nil || $0.name.contains(only!) }

        print("apphost-benchmark compare: OLD \(builds[0].directory.path), NEW \(builds[1].directory.path); \(runs) runs each, interleaved")
        print(pad("figure", 58) + pad("OLD min / median / max", 28) + pad("NEW min / median / max", 28) + "NEW ÷ OLD")
        for figure in figures {
            var samples: [[Double]] = [[], []]
            var failed = [false, false]
            var reasons: [String] = []
            func measure(_ index: Int) {
                do {
                    if let value = try figure.measure(builds[index]) { samples[index].append(value) } else { failed[index] = true }
                } catch {
                    failed[index] = true
                    reasons.append("\(builds[index].name): \(error)")
                }
            }
            // One run of each to warm caches and files, not counted.
            for index in builds.indices {
                measure(index)
                samples[index] = []
            }
            for _ in 0..<runs {
                for index in builds.indices where !failed[index] { measure(index) }
            }
            func shown(_ values: [Double], _ failed: Bool) -> String {
                guard !failed, !values.isEmpty else { return "—" }
                let sorted = values.sorted()
                return "\(format(sorted.first!)) / \(format(sorted[sorted.count / 2])) / \(format(sorted.last!))"
            }
            let ratio = failed.contains(true) || samples.contains(where: \.isEmpty)
                ? "—" : String(format: "%.2f×", median(samples[1]) / median(samples[0]))
            print(pad("\(figure.name) (\(figure.unit))", 58) + pad(shown(samples[0], failed[0]), 28) + pad(shown(samples[1], failed[1]), 28) + ratio)
            for reason in reasons.prefix(2) { print("  — " + reason) }
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static func format(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
    }

    /// Each build's features folders: its own features (hard links, as installed files are regular
    /// files), and beside them in the large one 1,000 generated C features, the same files for both
    /// builds (C features do not depend on the kit, so either build loads them alike).
    private static func prepare(_ builds: [Build], workspace: URL) throws {
        let generated = workspace.deletingLastPathComponent().appendingPathComponent("benchmark-startup/generated")
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        let include = StartupBenchmark.repository.appendingPathComponent("SDK/Sources/CAppHost/include").path
        let indices = (1...).lazy.filter { $0 % 10 != 0 }.prefix(1_000)
        print("generating 1,000 C feature libraries in \(generated.path) (once)…")
        let libraries = try indices.map { try StartupBenchmark.generate($0, in: generated, include: include, buildDirectory: builds[1].directory) }
        for build in builds {
            // Every feature the build made (its app: the shell, Home, Character, About, …).
            let own = try FileManager.default.contentsOfDirectory(atPath: build.directory.path)
                .filter { $0.hasPrefix("lib") && $0.hasSuffix("Feature.so") && !$0.contains("Fixture") }
            // And their resources (`<Module>.resources`, or SwiftPM's `<Package>_<Module>.resources`), copied.
            let resources = try FileManager.default.contentsOfDirectory(atPath: build.directory.path).filter { $0.hasSuffix(".resources") }
            for folder in [build.small, build.large] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for name in own {
                    try FileManager.default.linkItem(at: build.directory.appendingPathComponent(name), to: folder.appendingPathComponent(name))
                }
                for name in resources {
                    try FileManager.default.copyItem(at: build.directory.appendingPathComponent(name), to: folder.appendingPathComponent(name))
                }
            }
            for library in libraries {
                try FileManager.default.linkItem(at: library, to: build.large.appendingPathComponent(library.lastPathComponent))
            }
        }
    }

    // Long: the scripts the figures run, then the list of figures, one entry each.
    private static func makeFigures(workspace: URL) throws -> [Figure] {
        let cycles = 2_000
        let script = workspace.appendingPathComponent("cycle.txt").path
        try Data((Array(repeating: cycle, count: cycles).flatMap { $0 } + [""]).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: script))
        let pairs = 10_000
        let taps = workspace.appendingPathComponent("taps.txt").path
        try Data(String(repeating: "tap 1\nback\n", count: pairs).utf8).write(to: URL(fileURLWithPath: taps))
        let empty = workspace.appendingPathComponent("empty.txt").path
        try Data().write(to: URL(fileURLWithPath: empty))
        func long(_ commands: Int) throws -> String {
            let path = workspace.appendingPathComponent("long-\(commands).txt").path
            let lines = (0..<commands).map { cycle[$0 % cycle.count] }
            try Data((lines + [""]).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let long100k = try long(100_000)
        let long400k = try long(400_000)
        let hello = try ProcessBenchmark.buildHello(in: workspace)
        let bare = try buildBareHello(in: workspace)
        let loop = try StartupBenchmark.buildLoop(in: workspace)

        func session(_ build: Build, _ script: String, features: URL? = nil, options: [String] = []) throws -> Sample {
            try Sample.of(build.apphost, ["--start", "home", "--script", script, "--features", (features ?? build.small).path] + options, cache: build.cache)
        }
        /// Seconds a command of `script` (of `count` commands) takes, less a run with none.
        func perCommand(_ build: Build, _ script: String, _ count: Int, cpu: Bool, options: [String] = []) throws -> Double {
            let base = try session(build, empty, options: options)
            let full = try session(build, script, options: options)
            return (cpu ? full.cpu - base.cpu : full.wall - base.wall) / Double(count) * 1e6
        }
        let peak = try buildPeak(in: workspace)
        /// The session's peak resident memory, as a small C program that forks and waits for it
        /// reports it: a child started with posix_spawn (vfork) from this benchmark would be charged
        /// this benchmark's memory until it execs, and its peak would read as ours.
        func peakMemory(_ build: Build, _ script: String) throws -> Double? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: peak)
            process.arguments = [build.apphost, "--start", "home", "--script", script, "--features", build.small.path]
            process.environment = ProcessInfo.processInfo.environment.merging([RegistryCache.environmentVariable: build.cache]) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0, let kib = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
            return kib / 1024
        }
        func files(_ folder: URL) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".so") }.sorted().map { folder.appendingPathComponent($0).path }
        }

        return [
            Figure(name: "11-command cycle as a process, wall", unit: "µs a command") { try perCommand($0, script, cycles * cycle.count, cpu: false) },
            Figure(name: "11-command cycle as a process, CPU", unit: "µs a command") { try perCommand($0, script, cycles * cycle.count, cpu: true) },
            Figure(name: "tap 1 Home → the list, then back, wall", unit: "µs a command") { try perCommand($0, taps, pairs * 2, cpu: false) },
            Figure(name: "tap 1 Home → the list, then back, one thread, wall", unit: "µs a command") {
                try perCommand($0, taps, pairs * 2, cpu: false, options: ["--one-thread"])
            },
            Figure(name: "first screen ÷ a Foundation hello world, CPU", unit: "×") { build in
                try session(build, empty).cpu / Sample.of(hello, [], cache: build.cache).cpu
            },
            Figure(name: "first screen ÷ a hello world without Foundation, CPU", unit: "×") { build in
                try session(build, empty).cpu / Sample.of(bare, [], cache: build.cache).cpu
            },
            Figure(name: "first screen, wall", unit: "ms") { try session($0, empty).wall * 1000 },
            Figure(name: "warm start, its features and 1,000 more ÷ its own, CPU", unit: "×") { build in
                _ = try session(build, empty, features: build.large)
                return try session(build, empty, features: build.large).cpu / session(build, empty).cpu
            },
            Figure(name: "cold start, its features and 1,000 more ÷ a C dlopen loop, wall", unit: "×") { build in
                let cold = build.cache + "-cold"
                try? FileManager.default.removeItem(atPath: cold)
                let host = try Sample.of(build.apphost, ["--start", "home", "--script", empty, "--features", build.large.path], cache: cold)
                let baseline = try Sample.of(loop, try files(build.large), cache: cold, libraryPath: build.directory.path)
                return host.wall / baseline.wall
            },
            Figure(name: "max resident memory, first screen", unit: "MiB") { try peakMemory($0, empty) },
            Figure(name: "max resident memory, 100,000-command session", unit: "MiB") { try peakMemory($0, long100k) },
            Figure(name: "max resident memory, 400,000-command session", unit: "MiB") { try peakMemory($0, long400k) },
            Figure(name: "MCP screen call at the client, p50", unit: "ms") { try mcpScreenMedian($0) },
            Figure(name: "apphost crawl from main", unit: "activations/s") { try crawlRate($0) },
            Figure(name: "apphost crawl from main, one thread", unit: "activations/s") { try crawlRate($0, options: ["--one-thread"]) },
        ]
    }

    /// A program's wall and CPU seconds and its peak resident memory.
    struct Sample {
        var wall: Double
        var cpu: Double
        var maxResidentMiB: Double

        static func of(_ executable: String, _ arguments: [String], cache: String, libraryPath: String? = nil) throws -> Sample {
            let measured = try StartupBenchmark.measureWithMemory(executable, arguments, cache: cache, libraryPath: libraryPath)
            return Sample(wall: measured.wall, cpu: measured.cpu, maxResidentMiB: measured.maxResidentKiB / 1024)
        }
    }

    /// `peak PROGRAM ARGUMENTS…`: runs the program (its output to /dev/null), prints its peak
    /// resident memory in KiB, and exits with its status.
    private static func buildPeak(in directory: URL) throws -> String {
        let source = directory.appendingPathComponent("peak.c")
        let program = directory.appendingPathComponent("peak").path
        try Data("""
            #include <fcntl.h>
            #include <stdio.h>
            #include <sys/resource.h>
            #include <sys/wait.h>
            #include <unistd.h>
            int main(int count, char **arguments) {
                if (count < 2) return 2;
                pid_t child = fork();
                if (child == 0) {
                    int nothing = open("/dev/null", O_RDWR);
                    dup2(nothing, 0); dup2(nothing, 1); dup2(nothing, 2);
                    execvp(arguments[1], arguments + 1);
                    _exit(127);
                }
                int status = 0;
                struct rusage usage;
                if (child < 0 || wait4(child, &status, 0, &usage) < 0) return 2;
                printf("%ld\\n", usage.ru_maxrss);
                return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            }

            """.utf8).write(to: source)
        try StartupBenchmark.shell(["cc", "-O2", source.path, "-o", program])
        return program
    }

    /// A hello world in Swift without Foundation, built -O.
    private static func buildBareHello(in directory: URL) throws -> String {
        let source = directory.appendingPathComponent("bare.swift")
        let program = directory.appendingPathComponent("bare").path
        try Data("print(\"Hello from \\(CommandLine.arguments[0])\")\n".utf8).write(to: source)
        try StartupBenchmark.shell(["swiftc", "-O", source.path, "-o", program])
        return program
    }

    /// The median milliseconds, at the client, of 200 `screen` calls to a session of `apphost mcp`.
    private static func mcpScreenMedian(_ build: Build) throws -> Double? {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: build.apphost)
        server.arguments = ["mcp", "--features", build.small.path]
        server.environment = ProcessInfo.processInfo.environment.merging([RegistryCache.environmentVariable: build.cache]) { $1 }
        let input = Pipe()
        let output = Pipe()
        server.standardInput = input
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            try? input.fileHandleForWriting.close()
            server.waitUntilExit()
        }
        var pending = Data()
        func answer(_ id: Int, _ method: String, _ params: String) throws -> [String: Any] {
            input.fileHandleForWriting.write(Data("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"\(method)\",\"params\":\(params)}\n".utf8))
            while true {
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = pending[pending.startIndex..<newline]
                    pending = Data(pending[(newline + 1)...])
                    if let message = try JSONSerialization.jsonObject(with: line) as? [String: Any], message["id"] as? Int == id { return message }
                }
                let data = output.fileHandleForReading.availableData
                guard !data.isEmpty else { throw BenchmarkError(message: "apphost mcp ended") }
                pending += data
            }
        }
        _ = try answer(1, "initialize", #"{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"benchmark","version":"1"}}"#)
        input.fileHandleForWriting.write(Data(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8 + [10]))
        let started = try answer(2, "tools/call", #"{"name":"start","arguments":{"start":"home"}}"#)
        guard started["result"] != nil else { return nil }
        var times: [Double] = []
        for id in 3..<203 {
            let begun = DispatchTime.now()
            _ = try answer(id, "tools/call", #"{"name":"screen","arguments":{"session":"s1"}}"#)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - begun.uptimeNanoseconds) / 1e6)
        }
        return median(times)
    }

    /// Elements activated a second by `apphost crawl --start main` on the build's own app.
    private static func crawlRate(_ build: Build, options: [String] = []) throws -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: build.apphost)
        process.arguments = ["crawl", "--start", "main", "--format", "json", "--features", build.directory.path] + options
        process.environment = ProcessInfo.processInfo.environment.merging([RegistryCache.environmentVariable: build.cache]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let started = DispatchTime.now()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        guard let report = try JSONSerialization.jsonObject(with: data) as? [String: Any], let reached = report["reached"] as? [[String: Any]] else { return nil }
        let activated = reached.reduce(0) { $0 + (($1["edges"] as? [Any])?.count ?? 0) }
        return Double(activated) / elapsed
    }
}
