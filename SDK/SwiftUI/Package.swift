// swift-tools-version:6.1
// SwiftUI for Linux: a feature's SwiftUI views compile unchanged against this module, and the host
// draws them as text, as the same numbered elements as the kit's screen DSL (docs/swiftui.md).
// A package of its own, as AppHostKitMocks is: a library of the SDK package would link the kit's
// *target* and carry a second kit (its own `Route`, its own `Screen`) into every feature that
// uses it. Depending on the AppHostKit *product* links the one shared libAppHostKit.so.
// It is a dynamic library, one per process, so that every feature's views share its types.
import CompilerPluginSupport
import PackageDescription

/// This folder, for the linker's version script (a flag SwiftPM passes on without resolving it).
let here = String(#filePath.dropLast("/Package.swift".count))

/// Library evolution: a feature built against this module keeps working with a later build of the
/// same major version (SDK/SwiftUI/ABI holds the baseline `SDK/Scripts/check-abi` compares with).
/// A release build of these modules prints no warning: the only ones they give are that Foundation,
/// Dispatch and OpenCombine were built without library evolution, which holds on Linux (the toolchain
/// ships them so) and which `check-abi` covers. The debug build still prints every warning.
let resilient: [SwiftSetting] = [
    .unsafeFlags(["-enable-library-evolution", "-no-verify-emitted-module-interface"]),
    .unsafeFlags(["-suppress-warnings"], .when(configuration: .release)),
]

let package = Package(
    name: "AppHostSwiftUI",
    products: [
        // Combine is in the same library: SwiftUI re-exports it, as Apple's does, and every
        // feature must share one copy of its types (an `AnyCancellable` of one library is another's).
        .library(name: "SwiftUI", type: .dynamic, targets: ["SwiftUI", "Combine", "UIKit", "_Testing_UIKit"]),
        // Xcode's generated asset symbols (`Image(.logo)`, `Color(.skyBlue)`) from a target's asset catalogs.
        .plugin(name: "AssetSymbols", targets: ["AssetSymbols"]),
    ],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        // `#Preview`'s plugin: a few lines that speak the compiler's plugin protocol, no swift-syntax.
        .macro(name: "PreviewMacros"),
        .plugin(name: "AssetSymbols", capability: .buildTool(), dependencies: ["AssetSymbolsTool"]),
        .executableTarget(name: "AssetSymbolsTool"),
        // OpenCombine's sources compiled into Combine (Plugins/CombineSources says why).
        .plugin(name: "CombineSources", capability: .buildTool()),
        // `import Combine` for Linux: OpenCombine's publishers, subjects and ObservableObject,
        // compiled into this module, with what apps use of Combine's Foundation and Dispatch parts.
        // OpenCombine's code is written for the Swift 5 language mode and without library
        // evolution, so the module is built that way. Its warnings are suppressed in every build,
        // as SwiftPM suppresses a remote package's: they are OpenCombine's (three generic
        // parameters that shadow), and every feature package's first build would print them.
        .target(
            name: "Combine",
            dependencies: [
                .product(name: "AppHostKit", package: "SDK"),
                // Named only so that SwiftPM resolves OpenCombine and the plugin can read its sources
                // (a package no target names is left out of the graph). The condition, a platform the
                // SDK is never built for, keeps OpenCombine itself from being built or linked.
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.wasi])),
            ],
            swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags(["-suppress-warnings"])],
            plugins: ["CombineSources"]
        ),
        // UIKit for Linux, limited to the types SwiftUI's bridges and common view code name.
        .target(name: "UIKit", dependencies: [.product(name: "AppHostKit", package: "SDK")], swiftSettings: resilient),
        // What the toolchain's Testing module imports beside any module called UIKit (empty).
        .target(name: "_Testing_UIKit"),
        .target(
            name: "SwiftUI",
            dependencies: [.product(name: "AppHostKit", package: "SDK"), "PreviewMacros", "Combine", "UIKit"],
            swiftSettings: resilient,
            // Named by its soname, so that a feature copied or linked away from its build folder
            // finds the copy the host opened (beside its kit) as the library it needs; every symbol
            // carries the module's ABI version (ABI/SwiftUI.map), which each feature then requires.
            linkerSettings: [.unsafeFlags(["-Xlinker", "-soname=libSwiftUI.so", "-Xlinker", "--version-script=\(here)/ABI/SwiftUI.map"])]
        )
    ]
)
