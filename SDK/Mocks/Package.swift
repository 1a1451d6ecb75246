// swift-tools-version:6.0
// AppHostKitMocks: test doubles for feature authors (RouterMock). A package of its own, not a
// product of the SDK package: a library target that depends on the AppHostKit *target* of its
// own package carries the kit's objects into whatever links it, and a test bundle would then hold
// two kits, its own and libAppHostKit.so. Depending on the AppHostKit *product* (dynamic) from
// here links the one shared kit instead (see ARCHITECTURE.md, "Why the SDK is its own package").
import PackageDescription

let package = Package(
    name: "AppHostKitMocks",
    products: [
        .library(name: "AppHostKitMocks", targets: ["AppHostKitMocks"])
    ],
    dependencies: [
        .package(path: "..")
    ],
    targets: [
        .target(name: "AppHostKitMocks", dependencies: [.product(name: "AppHostKit", package: "SDK")])
    ]
)
