// swift-tools-version:6.0
// AppHostSDK: what a feature author depends on. It is its own package so that
// `AppHostKit` can be a dynamic library product: every client (the host, each
// feature, the test bundle) then links the one libAppHostKit.so instead of
// carrying a copy of it (see ARCHITECTURE.md, "Why the SDK is its own package").
// RouterMock lives in Mocks/, a package beside the kit, for the same reason.
//
// The kit is built with library evolution: its public types are resilient, so a
// feature built against AppHostKit 1.0 keeps working with a kit 1.x built by the
// same Swift toolchain. SDK/ABI/ holds the checked-in ABI baseline that CI
// compares against (SDK/Scripts/check-abi).
import PackageDescription

let package = Package(
    name: "AppHostSDK",
    products: [
        .library(name: "AppHostKit", type: .dynamic, targets: ["AppHostKit"]),
        .library(name: "CAppHost", targets: ["CAppHost"]),
    ],
    targets: [
        .target(name: "CAppHost"),
        .target(
            name: "AppHostKit",
            dependencies: ["CAppHost"],
            swiftSettings: [
                // APPHOST_RESILIENT is read by FeatureEntry, so a feature's descriptor says
                // whether the kit it was compiled against was resilient.
                .define("APPHOST_RESILIENT"),
                // The emitted interface imports the C module CAppHost, whose module map SwiftPM hands
                // to clients but not to the interface check, so that check is skipped.
                .unsafeFlags(["-enable-library-evolution", "-no-verify-emitted-module-interface"]),
            ]
        ),
    ]
)
