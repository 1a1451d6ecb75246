// swift-tools-version: 6.0
// libFuzzer targets for the host's parsers and the session. Not part of `swift test`:
// build and run them with Fuzz/run (see docs/testing.md, Fuzzing).
import PackageDescription


let package = Package(
    name: "AppHostFuzz",
    dependencies: [.package(path: "../SDK/Host")],
    targets: [
        .executableTarget(
            name: "apphost-fuzz",
            dependencies: [.product(name: "AppHost", package: "Host"), .product(name: "AppHostFuzzing", package: "Host")],
            // Fuzz/run builds with -sanitize=fuzzer for every module, so the host's code is instrumented too.
            // That links libFuzzer's main() as well; this module's entry point gets its own name, and
            // SwiftPM points main() at it (--defsym), so libFuzzer's is not the one that runs.
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-entry-point-function-name", "-Xfrontend", "apphost_fuzz_main"])]
        )
    ]
)
