// swift-tools-version:6.2
// AppHostSnapshotTesting: swift-snapshot-testing strategies for a screen of AppHost, as text and
// as its JSON layout (`assertSnapshot(of: app, as: .screen)`). A package of its own beside the
// SDK, as SDK/Mocks is: nothing of the host's default build depends on it, so swift-snapshot-testing
// is resolved and built only by the packages whose tests use it.
import PackageDescription

let package = Package(
    name: "AppHostSnapshotTesting",
    products: [
        .library(name: "AppHostSnapshotTesting", targets: ["AppHostSnapshotTesting"])
    ],
    dependencies: [
        .package(path: ".."),
        .package(path: "../Host"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", exact: "1.19.7"),
    ],
    targets: [
        .target(
            name: "AppHostSnapshotTesting",
            dependencies: [
                .product(name: "AppHostTesting", package: "Host"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "AppHostSnapshotTestingTests",
            dependencies: [
                "AppHostSnapshotTesting",
                .product(name: "AppHostKit", package: "SDK"),
                .product(name: "AppHost", package: "Host"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ]
)
