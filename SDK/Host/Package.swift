// swift-tools-version:6.2
// AppHostLibrary: the host as a library (discovery, the loader and its checks, the Router,
// sessions, flows, crawl) and AppHostTesting, which runs real feature libraries through it in
// tests. It stands beside the kit, in SDK/, and depends on the kit by a relative path, so a
// feature package that depends on SDK/, SDK/Mocks and SDK/Host gets everything its tests need
// from one folder, and a copy of SDK/ is a whole SDK (see ARCHITECTURE.md).
import PackageDescription

let kit: Target.Dependency = .product(name: "AppHostKit", package: "SDK")

let package = Package(
    name: "AppHostLibrary",
    products: [
        .library(name: "AppHost", targets: ["AppHost"]),
        // What every part of the host uses and that knows nothing of it: whole reads and writes,
        // child processes, confined writes, shell words, text helpers, logging.
        .library(name: "AppHostSupport", targets: ["AppHostSupport"]),
        // The runtime a session's code runs on: the executors, virtual time, and the count of a
        // command's work that tells a settle it is done. It knows nothing else of the host's.
        .library(name: "AppHostRuntime", targets: ["AppHostRuntime"]),
        // Navigation: the Router, navigation state, deep links, and the registry of destinations,
        // which speaks its own plain types to the loading side (`FeatureSource`).
        .library(name: "AppHostNavigation", targets: ["AppHostNavigation"]),
        // Loading: from a features folder to registrations (discovery, probes, the registry
        // cache, the loader and its checks, C features through libffi), on navigation.
        .library(name: "AppHostLoading", targets: ["AppHostLoading"]),
        // Flows, the crawl and the graph: what drives sessions, on the session library.
        .library(name: "AppHostFlows", targets: ["AppHostFlows"]),
        .library(name: "AppHostTesting", targets: ["AppHostTesting"]),
        // Recorded network answers: a URLProtocol over FoundationNetworking, which the host library
        // does not link. `apphost` opens it as a library (AppHost's `AppHostNetworking` product)
        // only for a session that serves recorded answers; tests link it.
        .library(name: "AppHostNetwork", targets: ["AppHostNetwork"]),
        // The package `apphost new-feature` writes: for the executable and its tests, not in the host library.
        .library(name: "AppHostScaffold", targets: ["AppHostScaffold"]),
        .library(name: "AppHostFuzzing", targets: ["AppHostFuzzing"]),
        // The host's C support, a target a purpose, for the apphost executable: the crash and hang
        // guard, the terminal's modes, line editing (libedit, Ctrl-C), processes and loaded images,
        // and the count of the runtime's global jobs.
        .library(name: "CHostSupport", targets: ["CHostGuard", "CHostTerminal", "CHostLineEditing", "CHostProcess", "CHostTasks"]),
    ],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .systemLibrary(name: "CFFI", providers: [.apt(["libffi-dev"])]),
        // The crash and hang guard: signal handlers and a watchdog, async-signal-safe but for backtrace.
        .target(name: "CHostGuard", dependencies: ["CHostTerminal"]),
        // The terminal given back on every way out (modes, the alternate screen, the cursor).
        .target(name: "CHostTerminal"),
        // The prompt: libedit opened at run time, and Ctrl-C while a line is read.
        .target(name: "CHostLineEditing"),
        // Pipes for child processes, and the code ranges and paths of loaded images.
        .target(name: "CHostProcess"),
        // The count of jobs the Swift runtime hands to its global pool (for settling).
        .target(name: "CHostTasks"),
        .target(
            name: "AppHostSupport",
            dependencies: [kit, "CHostProcess", .product(name: "Logging", package: "swift-log")]
        ),
        .target(name: "AppHostRuntime", dependencies: ["AppHostSupport", kit, "CHostGuard", "CHostTasks"]),
        .target(name: "AppHostNavigation", dependencies: ["AppHostSupport", kit]),
        .target(
            name: "AppHostLoading",
            dependencies: [
                "AppHostNavigation", "AppHostSupport", kit, "CFFI", "CHostGuard", "CHostProcess", .product(name: "CAppHost", package: "SDK"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "AppHost",
            dependencies: [
                "AppHostLoading", "AppHostNavigation", "AppHostRuntime", "AppHostSupport", kit, "CHostGuard", "CHostProcess", "CHostTasks",
                .product(name: "CAppHost", package: "SDK"), .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "AppHostFlows",
            dependencies: ["AppHost", "AppHostLoading", "AppHostNavigation", "AppHostRuntime", "AppHostSupport", kit]
        ),
        .target(name: "AppHostNetwork", dependencies: ["AppHostSupport"]),
        .target(name: "AppHostTesting", dependencies: ["AppHost", "AppHostFlows", "AppHostSupport", "AppHostNetwork", kit]),
        .target(name: "AppHostScaffold", dependencies: ["AppHost", "AppHostSupport"]),
        // The fuzz targets, for Fuzz/ and the tests that replay their corpora: not in the host library.
        .target(name: "AppHostFuzzing", dependencies: ["AppHost", "AppHostSupport", kit, .product(name: "CAppHost", package: "SDK")]),
    ]
)
