// Start-up as a person waits for it: the whole `apphost --start home` process, from
// launch to the first screen, with 3, 200 and 1,000 installed features. Three are
// the repository's own (Home, Character, About); the rest are generated, nine in
// ten in C and one in ten in Swift, and built once into the build directory.
// Warm: the registry cache knows every file. Cold: an empty cache, every file
// probed. The baseline for cold start-up is a plain C program that dlopens the
// same files one after another. Each figure is the median of several runs.

import AppHost
import AppHostSupport
import Foundation

enum StartupBenchmark {
    // Long: the start-up benchmark's steps in order (build the features, time each start), each printing its figure.
    static func run(buildDirectory: URL, sizes: [Int], runs: Int) throws {
        let workspace = buildDirectory.appendingPathComponent("benchmark-startup")
        let generated = workspace.appendingPathComponent("generated")
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        let apphost = buildDirectory.appendingPathComponent("apphost").path
        let include = repository.appendingPathComponent("SDK/Sources/CAppHost/include").path
        let loop = try buildLoop(in: workspace)
        let count = (sizes.max() ?? 3) - 3
        print("generating \(count) feature libraries in \(generated.path) (once)…")
        let libraries = try (0..<count).map { index in
            try generate(index, in: generated, include: include, buildDirectory: buildDirectory)
        }

        struct Setup {
            var size: Int
            var arguments: [String]
            var cache: String
            var files: [String]
        }
        var setups: [Setup] = []
        for size in sizes {
            let folder = workspace.appendingPathComponent("installed-\(size)")
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Hard links: installed files are regular files, as in a real features folder.
            for name in ["Home", "Character", "About"] {
                try FileManager.default.linkItem(
                    at: buildDirectory.appendingPathComponent("lib\(name)Feature.so"),
                    to: folder.appendingPathComponent("lib\(name)Feature.so")
                )
            }
            for library in libraries.prefix(size - 3) {
                try FileManager.default.linkItem(at: library, to: folder.appendingPathComponent(library.lastPathComponent))
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0).path }
            setups.append(Setup(size: size, arguments: ["--start", "home", "--features", folder.path], cache: workspace.appendingPathComponent("cache-\(size)").path, files: files))
        }
        // Rounds go over every size in turn, so that the machine's drift touches each the same.
        var warm = [Int: [Double]]()
        var cold = [Int: [Double]]()
        var baseline = [Int: [Double]]()
        for setup in setups {
            try? FileManager.default.removeItem(atPath: setup.cache)
            _ = try time(apphost, setup.arguments, cache: setup.cache)
        }
        for _ in 0..<max(runs, 1) {
            for setup in setups {
                warm[setup.size, default: []].append(try time(apphost, setup.arguments, cache: setup.cache))
            }
        }
        for _ in 0..<max(runs, 1) {
            for setup in setups {
                let empty = setup.cache + "-cold"
                try? FileManager.default.removeItem(atPath: empty)
                cold[setup.size, default: []].append(try time(apphost, setup.arguments, cache: empty))
                baseline[setup.size, default: []].append(try time(loop, setup.files, cache: empty, libraryPath: buildDirectory.path))
            }
        }
        // The host's own part of a warm start, in this process, without process start-up noise.
        var setup = [Int: [Double]]()
        for _ in 0..<max(runs, 1) {
            for item in setups {
                let started = DispatchTime.now()
                try MainActor.assumeIsolated {
                    let host = FeatureHost()
                    host.loadFeatures(
                        from: FeatureDiscovery(directories: [item.arguments[3]]),
                        options: LoadOptions(prober: FeatureProber(executable: apphost), cache: RegistryCache(directory: item.cache))
                    )
                    guard host.registry.root(named: "home") != nil else {
                        throw BenchmarkError(message: "the warm cache of \(item.size) features does not know home")
                    }
                }
                setup[item.size, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9)
            }
        }
        func median(_ samples: [Double]?) -> Double {
            let sorted = (samples ?? [0]).sorted()
            return sorted[sorted.count / 2]
        }
        print("median of \(runs) runs each")
        print("installed  warm (ms)  cold (ms)  C dlopen loop (ms)  warm ÷ warm with 3  cold ÷ C loop")
        let warmWithThree = median(warm[sizes.first ?? 3])
        for size in sizes {
            let warmTime = median(warm[size])
            let coldTime = median(cold[size])
            let loopTime = median(baseline[size])
            print(
                String(format: "%9d  %9.1f  %9.1f  %18.1f  %17.2f×  %12.2f×", size, warmTime * 1000, coldTime * 1000, loopTime * 1000,
                       warmTime / warmWithThree, coldTime / loopTime)
            )
        }
        print("the host's feature set-up alone, warm, in process (discovery, trust, cache, clash rule, registry):")
        for size in sizes {
            let time = median(setup[size])
            print(String(format: "%9d  %9.2f ms  %6.2f µs a feature", size, time * 1000, time / Double(size) * 1e6))
        }
        if let small = setups.first, let large = setups.last, large.size > small.size {
            try alternating(apphost, small: small.arguments, large: large.arguments, sizes: (small.size, large.size), cache: workspace.appendingPathComponent("cache-shared").path, runs: runs)
        }
    }

    /// Two hosts with different features folders sharing one registry cache (an app and its tests,
    /// two checkouts), started in turn: each must find its own records still there. CPU seconds of a
    /// start that follows the other host's, against one that follows its own.
    private static func alternating(_ apphost: String, small: [String], large: [String], sizes: (Int, Int), cache: String, runs: Int) throws {
        try? FileManager.default.removeItem(atPath: cache)
        _ = try measure(apphost, small, cache: cache)
        _ = try measure(apphost, large, cache: cache)
        var own: (small: [Double], large: [Double]) = ([], [])
        var turns: (small: [Double], large: [Double]) = ([], [])
        for _ in 0..<max(runs, 1) {
            _ = try measure(apphost, small, cache: cache)
            own.small.append(try measure(apphost, small, cache: cache).cpu)
            _ = try measure(apphost, large, cache: cache)
            own.large.append(try measure(apphost, large, cache: cache).cpu)
        }
        for _ in 0..<max(runs, 1) {
            turns.small.append(try measure(apphost, small, cache: cache).cpu)
            turns.large.append(try measure(apphost, large, cache: cache).cpu)
        }
        func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }
        print("two hosts sharing one cache, started in turn (CPU, median of \(runs)):")
        for (size, after, alone) in [(sizes.0, turns.small, own.small), (sizes.1, turns.large, own.large)] {
            print(String(format: "%9d  %7.1f ms after the other host, %7.1f ms after itself: %.2f× (target ≤ 1.1×)", size, median(after) * 1000, median(alone) * 1000, median(after) / median(alone)))
        }
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Builds one generated feature, once: C for most, Swift for every tenth.
    static func generate(_ index: Int, in directory: URL, include: String, buildDirectory: URL) throws -> URL {
        let name = String(format: "Gen%04d", index)
        let library = directory.appendingPathComponent("lib\(name)Feature.so")
        if FileManager.default.fileExists(atPath: library.path) { return library }
        let route = name.lowercased()
        if index % 10 == 0 {
            let source = directory.appendingPathComponent("\(name).swift")
            try Data("""
                import AppHostKit
                public enum \(name)Navigation: Navigation {
                    case main
                    public static let routeName = "\(route)"
                }
                public struct \(name)Feature: NavigationFeature {
                    public static let root = \(name)Navigation.main
                    public init() {}
                    public func makeScreen(for destination: \(name)Navigation, router: any RouterContract) -> Screen {
                        Screen { Title("\(name)") }
                    }
                }
                @_cdecl("apphost_feature_entry")
                public func apphostFeatureEntry() -> UnsafeRawPointer { FeatureEntry.descriptor(for: \(name)Feature.self) }

                """.utf8).write(to: source)
            try shell([
                "swiftc", "-parse-as-library", "-module-name", "\(name)Feature", "-swift-version", "6",
                "-I", buildDirectory.appendingPathComponent("Modules").path, "-L", buildDirectory.path, "-lAppHostKit",
                "-Xcc", "-fmodule-map-file=\(buildDirectory.appendingPathComponent("CAppHost.build/module.modulemap").path)",
                "-Xlinker", "-rpath", "-Xlinker", buildDirectory.path, "-emit-library", "-o", library.path, source.path,
            ])
        } else {
            let source = directory.appendingPathComponent("\(name).c")
            try Data("""
                #include "apphost.h"
                static void render(const apphost_host_api *api, apphost_screen *screen) { api->title(screen, "\(name)"); }
                static const apphost_destination destinations[] = {{"main", 0, 0, (apphost_render_fn)render}};
                static const apphost_feature_descriptor descriptor = {
                    APPHOST_C_FEATURE_HEADER, .name = "\(route)", .route_name = "\(route)", .root_destination = "main",
                    .destination_count = 1, .destination_size = APPHOST_DESTINATION_SIZE, .destinations = destinations,
                };
                const apphost_feature_descriptor *apphost_feature_entry(void) { return &descriptor; }

                """.utf8).write(to: source)
            try shell(["cc", "-shared", "-fPIC", "-O2", "-I", include, source.path, "-o", library.path])
        }
        return library
    }

    /// The baseline: a C program that dlopens each file given, in order.
    static func buildLoop(in directory: URL) throws -> String {
        let source = directory.appendingPathComponent("dlopen-loop.c")
        let program = directory.appendingPathComponent("dlopen-loop").path
        try Data("""
            #include <dlfcn.h>
            #include <stdio.h>
            int main(int count, char **files) {
                int failed = 0;
                for (int index = 1; index < count; index++) {
                    if (!dlopen(files[index], RTLD_NOW | RTLD_LOCAL)) failed++;
                }
                if (failed) fprintf(stderr, "%d files did not open\\n", failed);
                return failed != 0;
            }

            """.utf8).write(to: source)
        try shell(["cc", "-O2", source.path, "-o", program, "-ldl"])
        return program
    }

    /// The wall-clock seconds of one run of `executable`, standard input and output to /dev/null.
    /// (posix_spawn and waitpid: Foundation's Process waits in steps too coarse for this.)
    static func time(_ executable: String, _ arguments: [String], cache: String, libraryPath: String? = nil) throws -> Double {
        try measure(executable, arguments, cache: cache, libraryPath: libraryPath).wall
    }

    /// Seconds from start to exit of one run, and the CPU seconds it used (user and system, all threads).
    static func measure(_ executable: String, _ arguments: [String], cache: String, libraryPath: String? = nil) throws -> (wall: Double, cpu: Double) {
        let measured = try measureWithMemory(executable, arguments, cache: cache, libraryPath: libraryPath)
        return (measured.wall, measured.cpu)
    }

    /// ``measure(_:_:cache:libraryPath:)``, with the run's peak resident memory (KiB).
    static func measureWithMemory(_ executable: String, _ arguments: [String], cache: String, libraryPath: String? = nil) throws -> (wall: Double, cpu: Double, maxResidentKiB: Double) {
        var environment = ProcessInfo.processInfo.environment
        environment[RegistryCache.environmentVariable] = cache
        if let libraryPath { environment["LD_LIBRARY_PATH"] = libraryPath }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var cArguments = ([executable] + arguments).map { strdup($0) }
        cArguments.append(nil)
        var cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") }
        cEnvironment.append(nil)
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let started = DispatchTime.now()
        guard posix_spawn(&pid, executable, &actions, nil, cArguments, cEnvironment) == 0 else {
            throw BenchmarkError(message: "cannot start \(executable)")
        }
        var usage = rusage()
        let status = Descriptor.waitForChild(pid, usage: &usage) ?? -1
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        guard status == 0 else {
            throw BenchmarkError(message: "\(executable) \(arguments.prefix(4).joined(separator: " ")) … ended with status \(status)")
        }
        func cpuSeconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (seconds, cpuSeconds(usage.ru_utime) + cpuSeconds(usage.ru_stime), Double(usage.ru_maxrss))
    }

    static func shell(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError(message: "\(arguments.joined(separator: " ")) failed")
        }
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
