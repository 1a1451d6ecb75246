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
        .library(name: "AppHostTesting", targets: ["AppHostTesting"]),
        // The package `apphost new-feature` writes: for the executable and its tests, not in the host library.
        .library(name: "AppHostScaffold", targets: ["AppHostScaffold"]),
        .library(name: "AppHostFuzzing", targets: ["AppHostFuzzing"]),
        // The host's signal guard, terminal and process helpers, for the apphost executable.
        .library(name: "CHostSupport", targets: ["CHostSupport"]),
    ],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .systemLibrary(name: "CFFI", providers: [.apt(["libffi-dev"])]),
        // The host's crash and hang guard: signal handlers in C, async-signal-safe.
        .target(name: "CHostSupport"),
        .target(
            name: "AppHost",
            dependencies: [
                kit, "CFFI", "CHostSupport", .product(name: "CAppHost", package: "SDK"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "AppHostTesting", dependencies: ["AppHost", kit]),
        .target(name: "AppHostScaffold", dependencies: ["AppHost"]),
        // The fuzz targets, for Fuzz/ and the tests that replay their corpora: not in the host library.
        .target(name: "AppHostFuzzing", dependencies: ["AppHost", kit, .product(name: "CAppHost", package: "SDK")]),
    ]
)
