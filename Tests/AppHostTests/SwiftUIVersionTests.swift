import AppHost
import AppHostTesting
import Foundation
@_spi(Host) import SwiftUI
import Testing

/// The SDK's SwiftUI module is versioned as an ELF symbol version: a feature linked against a
/// libSwiftUI.so of another major version is refused by name before any of its code runs, and one
/// that uses a symbol this host's library lacks is told to rebuild, never run with wrong layouts.
@Suite(.serialized)
struct SwiftUIVersionTests {
    private let apphost = ProcessRunner.built("apphost")
    private static let map = CCompiler.repository.appendingPathComponent("SDK/SwiftUI/ABI/SwiftUI.map").path

    /// Builds libViewsFeature.so into `fixtures`, linked against a stand-in libSwiftUI.so of `version`
    /// made in a folder of its own, which the host never sees.
    private func buildViewsFeature(into fixtures: borrowing FeatureFixtures, version: Int, newerSymbol: Bool = false) throws -> String {
        let standIn = try FeatureFixtures()
        let script = standIn.path("SwiftUI.map")
        try Data("APPHOST_SWIFTUI_\(version) {\n    global: *;\n};\n".utf8).write(to: URL(fileURLWithPath: script))
        let extra = newerSymbol ? ["NEWER_SYMBOL"] : []
        try CCompiler.compile(
            CCompiler.fixture("swiftui-stand-in.c"), to: standIn.path("libSwiftUI.so"), defines: ["VERSION=\(version)"] + extra,
            linking: ["-Wl,--version-script=\(script)", "-Wl,-soname=libSwiftUI.so"]
        )
        let feature = fixtures.path("libViewsFeature.so")
        try CCompiler.compile(CCompiler.fixture("views.c"), to: feature, defines: extra, linking: ["-L", standIn.directory.path, "-lSwiftUI"])
        return feature
    }

    @Test
    func aFeatureBuiltAgainstAnotherVersionOfTheModuleIsRefusedByName() throws {
        let fixtures = try FeatureFixtures()
        let feature = try buildViewsFeature(into: fixtures, version: Int(swiftUIABIMajor) - 1)
        try fixtures.addBuiltFeature("Home")

        let result = try ProcessRunner.run(apphost, ["list", "--features", fixtures.directory.path])

        #expect(result.status == 1)
        #expect(result.errors.contains(
            "\(feature): built against version \(swiftUIABIMajor - 1) of the SDK's SwiftUI module, "
                + "this host's libSwiftUI.so is version \(swiftUIABIMajor); rebuild the feature against this host's SDK (SDK/SwiftUI)"
        ), "\(result.errors)")
        #expect(result.output.contains("home"), "the other features still load: \(result.output)")
    }

    @Test
    func aFeatureBuiltAgainstThisVersionRunsAndOneUsingWhatItLacksIsRefused() throws {
        let current = try FeatureFixtures()
        _ = try buildViewsFeature(into: current, version: Int(swiftUIABIMajor))
        let newer = try FeatureFixtures()
        let feature = try buildViewsFeature(into: newer, version: Int(swiftUIABIMajor), newerSymbol: true)

        let runs = try ProcessRunner.run(apphost, ["--start", "views", "--width", "40", "--features", current.directory.path], input: "")
        let refused = try ProcessRunner.run(apphost, ["list", "--features", newer.directory.path])

        #expect(runs.status == 0, "\(runs.errors)")
        #expect(runs.output.contains("built against SwiftUI"), "it called this host's library: \(runs.output)")
        #expect(refused.status == 1)
        #expect(refused.errors.contains("\(feature): needs a newer SDK SwiftUI module than this host's libSwiftUI.so: it uses "), "\(refused.errors)")
        #expect(refused.errors.contains("SwiftUI.NewerView"), "\(refused.errors)")
    }

    @Test
    func theVersionScriptAndTheModuleNameOneVersion() throws {
        let script = try String(contentsOfFile: Self.map, encoding: .utf8)
        #expect(script.contains("APPHOST_SWIFTUI_\(swiftUIABIMajor) {"), "ABI/SwiftUI.map and swiftUIABIMajor name one version")
    }

    /// Whether binutils' `readelf` is on the PATH: an optional tool (CI installs it).
    static let readelf = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/readelf" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: readelf != nil, "binutils' readelf is not installed (an optional tool; CI installs it)"))
    func aBuiltFeatureRequiresTheModulesVersion() throws {
        let result = try ProcessRunner.run(Self.readelf ?? "readelf", ["-V", AppHarness.libraryPath("Recipes")])
        #expect(result.output.contains("Name: APPHOST_SWIFTUI_\(swiftUIABIMajor)"), "\(result.output)")
    }
}
