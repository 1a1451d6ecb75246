// swift-tools-version:6.2
// AppHost: the host, the features and their tests. The SDK that features build
// against lives in SDK/ as a package of its own, so that AppHostKit is linked
// as one shared library by everything here (see ARCHITECTURE.md).
import PackageDescription

let kit: Target.Dependency = .product(name: "AppHostKit", package: "SDK")
let mocks: Target.Dependency = .product(name: "AppHostKitMocks", package: "Mocks")
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let host: Target.Dependency = .product(name: "AppHost", package: "Host")
/// Flows, the crawl and the graph, on the session library.
let flows: Target.Dependency = .product(name: "AppHostFlows", package: "Host")
let support: Target.Dependency = .product(name: "AppHostSupport", package: "Host")
let testing: Target.Dependency = .product(name: "AppHostTesting", package: "Host")
let swiftUI: Target.Dependency = .product(name: "SwiftUI", package: "SwiftUI")
let hostSupport: Target.Dependency = .product(name: "CHostSupport", package: "Host")

/// A feature: its implementation (its Navigation type included), the one-function entry target
/// that makes the library, and, with `hasInterface`, an Interface target holding a Navigation type
/// for features that import it (`uses:`). The built-in features have none: they know nothing of
/// each other, and reach each other through the app's redirects (Features/Shell).
/// The entry is a target of its own because the feature target is also linked into
/// test bundles beside other features, where two `apphost_feature_entry` symbols would clash.
/// `views` gives the feature the SDK's SwiftUI module: its views are plain SwiftUI files.
/// `mainActorByDefault` builds the feature's targets with default main-actor isolation, as new app
/// targets are: the SDK and the feature must work either way.
/// `assets` names the asset catalog in the feature's sources whose symbols (`Image(.logo)`,
/// `Color(.basil)`) the SDK's AssetSymbols plugin makes, as Xcode would.
func feature(
    _ name: String, uses interfaces: [String] = [], libraries: [String] = [], hasInterface: Bool = false, mainActorByDefault: Bool = false,
    views: Bool = false, resources: [Resource]? = nil, assets: String? = nil
) -> [Target] {
    let isolation: [SwiftSetting] = mainActorByDefault ? [.defaultIsolation(MainActor.self)] : []
    let own: [Target.Dependency] = hasInterface ? [.target(name: "\(name)Interface")] : []
    let interfaceTarget: [Target] = hasInterface
        ? [.target(name: "\(name)Interface", dependencies: [kit], path: "Features/\(name)/Interface", swiftSettings: isolation)] : []
    return interfaceTarget + [
        .target(
            name: "\(name)Feature",
            dependencies: [kit] + (views ? [swiftUI] : []) + own + (interfaces + libraries).map { .target(name: $0) },
            path: "Features/\(name)/Sources",
            exclude: assets.map { [$0] } ?? [],
            resources: resources,
            // A nonisolated async function runs on its caller's actor: a view model's load that
            // awaits a use case stays on the main actor instead of hopping threads and back.
            swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")] + isolation,
            plugins: assets == nil ? [] : [.plugin(name: "AssetSymbols", package: "SwiftUI")]
        ),
        .target(
            name: "\(name)Entry",
            dependencies: [kit, .target(name: "\(name)Feature")],
            path: "Features/\(name)/Entry",
            swiftSettings: isolation
        ),
    ]
}

/// C libraries link no Swift runtime: no Swift start-up object, and no library they do not use.
let noSwiftRuntime: [LinkerSetting] = [.unsafeFlags(["-nostartfiles", "-static-stdlib", "-Xclang-linker", "-Wl,--as-needed"])]

func featureLibrary(_ name: String) -> Product {
    .library(name: "\(name)Feature", type: .dynamic, targets: ["\(name)Entry"])
}

let package = Package(
    name: "AppHost",
    products: [
        .executable(name: "apphost", targets: ["apphost"]),
        .executable(name: "apphost-mcp", targets: ["apphost-mcp"]),
        featureLibrary("Home"),
        featureLibrary("Character"),
        featureLibrary("Settings"),
        featureLibrary("Shell"),
        featureLibrary("Episode"),
        featureLibrary("System"),
        featureLibrary("Gallery"),
        featureLibrary("Backup"),
        featureLibrary("Recipes"),
        // Recorded network answers, opened by apphost only for a session that serves them (see
        // docs/testing.md): FoundationNetworking stays out of the host's start-up.
        .library(name: "AppHostNetworking", type: .dynamic, targets: ["AppHostNetworking"]),
        // A feature written in C: no Swift, no Swift runtime.
        .library(name: "AboutFeature", type: .dynamic, targets: ["AboutFeature"]),
        // Broken libraries for the loader's tests; their names keep them out of feature discovery.
        .library(name: "NoEntryFixture", type: .dynamic, targets: ["NoEntryFixture"]),
        .library(name: "OtherABIFixture", type: .dynamic, targets: ["OtherABIFixture"]),
    ],
    dependencies: [
        .package(path: "SDK"),
        .package(path: "SDK/Mocks"),
        .package(path: "SDK/SwiftUI"),
        .package(path: "SDK/Host"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        // The runtime's canary: an AsyncAlgorithms debounce and timer wait on virtual time exactly.
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
    ],
    targets: [
        // The options `apphost` and `apphost-mcp` share, declared once.
        .target(
            name: "AppHostOptions",
            dependencies: [host, support, kit, logging, .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "apphost",
            dependencies: [
                host,
                flows,
                support,
                "AppHostOptions",
                .product(name: "AppHostScaffold", package: "Host"),
                hostSupport,
                kit,
                logging,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `apphost mcp` becomes this program: the MCP server and its library stay out of apphost.
        .executableTarget(
            name: "apphost-mcp",
            dependencies: [
                host, flows, support, kit, logging, "AppHostOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
        .executableTarget(name: "apphost-benchmark", dependencies: [host, flows, support, kit]),
        .target(name: "AppHostNetworking", dependencies: [.product(name: "AppHostNetwork", package: "Host")]),

        .target(
            name: "AboutFeature",
            dependencies: [.product(name: "CAppHost", package: "SDK")],
            path: "Features/About",
            linkerSettings: noSwiftRuntime
        ),

        .target(name: "NoEntryFixture", path: "Tests/Fixtures/NoEntry"),
        .target(name: "FFIProbe", path: "Tests/Fixtures/FFIProbe"),
        .target(
            name: "OtherABIFixture",
            dependencies: [.product(name: "CAppHost", package: "SDK")],
            path: "Tests/Fixtures/OtherABI",
            linkerSettings: noSwiftRuntime
        ),

        // Navigation types shared by the kit's and the navigation tests.
        .target(name: "NavigationSamples", dependencies: [kit], path: "Tests/Samples"),
        .testTarget(
            name: "AppHostKitTests",
            dependencies: [kit, mocks, "NavigationSamples", .product(name: "CAppHost", package: "SDK")]
        ),
        .testTarget(
            name: "AppHostTests",
            dependencies: [
                host, flows, support, testing, "FFIProbe", "apphost", kit, swiftUI, .product(name: "CAppHost", package: "SDK"),
                .product(name: "AppHostScaffold", package: "Host"),
                .product(name: "AppHostFuzzing", package: "Host"),
                .product(name: "AppHostNetwork", package: "Host"),
                // The settle's yield is tested on the runtime's own types (MainQueueLaneTests), the
                // registry and descriptions on the navigation's, the loader and the cache on the loading side's.
                .product(name: "AppHostRuntime", package: "Host"),
                .product(name: "AppHostNavigation", package: "Host"),
                .product(name: "AppHostLoading", package: "Host"),
                // The guard's decision is tested with made-up times (SessionGuardTests).
                .product(name: "CHostSupport", package: "Host"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // The MCP server's tests speak to `apphost mcp` with the SDK's own client.
                "apphost-mcp",
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(
            name: "HomeFeatureTests",
            dependencies: ["HomeFeature", testing, kit, mocks]
        ),
        .testTarget(name: "AboutFeatureTests", dependencies: [testing]),
        .testTarget(
            name: "SettingsFeatureTests",
            dependencies: ["SettingsFeature", testing, kit, mocks]
        ),
        .testTarget(
            name: "NavigationTests",
            dependencies: [testing, host, kit, mocks, "NavigationSamples"],
            exclude: ["Transcripts"]
        ),
        .testTarget(
            name: "SwiftUITests", dependencies: [kit, swiftUI], exclude: ["Corpus/README.md", "Corpus/Assets.xcassets"],
            plugins: [.plugin(name: "AssetSymbols", package: "SwiftUI")]
        ),
        .testTarget(
            name: "CharacterFeatureTests",
            dependencies: ["CharacterFeature", testing, kit, mocks]
        ),
    ]
        + feature("Home")
        + feature("Character", mainActorByDefault: true, views: true, resources: [.copy("Resources/Network")])
        + feature("Settings", views: true)
        + feature("Shell", mainActorByDefault: true)
        + feature("Episode", mainActorByDefault: true, views: true, resources: [.process("Resources")])
        + feature("System")
        // A design system as an app has one: atoms, molecules and organisms in SwiftUI, its theme in
        // the environment; the Gallery feature shows its components.
        + [.target(name: "DesignSystem", dependencies: [swiftUI], path: "Features/DesignSystem/Sources")]
        + feature("Gallery", libraries: ["DesignSystem"], mainActorByDefault: true, views: true)
        // Waits in every ordinary way (a server's delay, a callback, detached work, timers).
        + feature("Backup", mainActorByDefault: true)
        // Navigation as most SwiftUI apps write it: tabs, a stack's path, links, sheets and alerts
        // owned by the views' state, with no Router call in any view.
        + feature("Recipes", mainActorByDefault: true, views: true, assets: "Assets.xcassets")
)
