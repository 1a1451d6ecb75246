// swift-tools-version:6.0
// AppHostSDK: what a feature author depends on. It is its own package so that
// `AppHostKit` can be a dynamic library product: every client (the host, each
// feature, the test bundle) then links the one libAppHostKit.so instead of
// carrying a copy of it (see DESIGN.md, "Why the SDK is its own package").
import PackageDescription

let package = Package(
    name: "AppHostSDK",
    products: [
        .library(name: "AppHostKit", type: .dynamic, targets: ["AppHostKit"]),
        .library(name: "AppHostKitMocks", targets: ["AppHostKitMocks"]),
        .library(name: "CAppHost", targets: ["CAppHost"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .target(name: "CAppHost"),
        .target(
            name: "AppHostKit",
            dependencies: [
                "CAppHost",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "AppHostKitMocks", dependencies: ["AppHostKit"]),
    ]
)
