import AppHost
import AppHostScaffold
import AppHostTesting
import Foundation
import Testing

/// Features written outside this repository: the package `apphost new-feature` writes,
/// built and tested by SwiftPM on its own, and a C++ feature built with the system compiler.
@Suite
struct ScaffoldTests {
    private let apphost = ProcessRunner.built("apphost")
    /// The repository's import check, which a package the scaffold writes passes too.
    static let checkImports = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/check-imports").path

    @Test
    func aNewFeaturePackageBuildsPassesItsTestsAndLoadsInTheHost() throws {
        let fixtures = try FeatureFixtures()
        let workspace = fixtures.path("workspace")
        let features = fixtures.path("features")
        try FileManager.default.createDirectory(atPath: features, withIntermediateDirectories: true)

        let written = try ProcessRunner.run(apphost, ["new-feature", "WeatherRadar", "--path", workspace])
        let package = "\(workspace)/WeatherRadar"
        let manifest = try String(contentsOfFile: "\(package)/Package.swift", encoding: .utf8)
        let build = try ProcessRunner.run("/usr/bin/env", ["swift", "build", "--package-path", package])
        let test = try ProcessRunner.run("/usr/bin/env", ["swift", "test", "--package-path", package])
        try FileManager.default.copyItem(atPath: "\(package)/.build/debug/libWeatherRadarFeature.so", toPath: "\(features)/libWeatherRadarFeature.so")
        let session = try ProcessRunner.run(apphost, ["--start", "weather-radar", "--width", "40", "--features", features], input: "tap Weather radar 2\n")
        let routes = try ProcessRunner.run(apphost, ["routes", "--features", features])
        let imports = try ProcessRunner.run(Self.checkImports, [package])
        // The snapshot test compares: with its reference changed, it fails and shows the line that differs.
        let reference = "\(package)/Tests/WeatherRadarFeatureTests/__Snapshots__/WeatherRadarIntegrationTests/theListMatchesItsSnapshot.1.txt"
        let recorded = try String(contentsOfFile: reference, encoding: .utf8)
        try Data(recorded.replacingOccurrences(of: "[3] Weather radar 3", with: "[3] Weather radar 4").utf8).write(to: URL(fileURLWithPath: reference))
        let differing = try ProcessRunner.run("/usr/bin/env", ["swift", "test", "--package-path", package, "--filter", "theListMatchesItsSnapshot"])
        let kit = try LinkageTests.exportedSymbols(atPath: ProcessRunner.built("libAppHostKit.so"))
        let copiedIntoTests = try LinkageTests.exportedSymbols(atPath: "\(package)/.build/debug/WeatherRadarPackageTests.xctest").intersection(kit)

        #expect(written.status == 0, "\(written.errors)")
        #expect(written.output == "wrote \(package)\nnext: cd \(package) && swift build && swift test\n")
        #expect(build.status == 0, "\(build.output)\(build.errors)")
        #expect(test.status == 0, "\(test.output)\(test.errors)")
        #expect(test.output.contains("Test run with 5 tests in 2 suites passed"), "\(test.output)")
        #expect(test.output.contains("Test theFlowPasses() passed"), "the package runs its flow in its tests")
        #expect(test.output.contains("Test theListMatchesItsSnapshot() passed"), "the package compares its list with its snapshot")
        #expect(differing.status != 0, "\(differing.output)")
        #expect(differing.output.contains("[3] Weather radar 4") && differing.output.contains("[3] Weather radar 3"), "\(differing.output)")
        #expect(manifest.contains("let isolation: [SwiftSetting] = [.defaultIsolation(MainActor.self)]\n"), "main-actor isolation by default")
        #expect(imports.status == 0, "\(imports.errors)")
        #expect(kit.count > 100)
        #expect(copiedIntoTests.isEmpty, "the package's test bundle holds a kit of its own: \(copiedIntoTests.sorted().prefix(3))")
        #expect(session.errors == "")
        #expect(session.output.hasSuffix("""
            ════════════════════════════════════════
            Weather radar 2
            Weather radar › Weather radar 2
            ────────────────────────────────────────
            The second of three samples.
            ════════════════════════════════════════

            """))
        // Its navigation lists both destinations, for routes, completion, coverage and the crawl.
        #expect(routes.output.contains("weather-radar/list") && routes.output.contains("weather-radar/detail?(identifier: int)"), "\(routes.output)")
    }

    /// A built-in feature's name, no main-actor default, and the SDK path changed to a copy of the SDK:
    /// the package builds, against the copy.
    @Test
    func aPackageNamedLikeABuiltInFeatureBuildsAgainstACopyOfTheSDK() throws {
        let fixtures = try FeatureFixtures()
        let workspace = fixtures.path("workspace")
        let copy = fixtures.path("sdk-copy/SDK")
        try FileManager.default.createDirectory(atPath: fixtures.path("sdk-copy"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: FeatureScaffold.defaultSDK, toPath: copy)

        let written = try ProcessRunner.run(apphost, ["new-feature", "Character", "--path", workspace, "--no-main-actor-default"])
        let package = "\(workspace)/Character"
        let manifest = try String(contentsOfFile: "\(package)/Package.swift", encoding: .utf8)
        let sdkLine = "let sdk = \"\(FeatureScaffold.defaultSDK)\"\n"
        try Data(manifest.replacingOccurrences(of: sdkLine, with: "let sdk = \"\(copy)\"\n").utf8)
            .write(to: URL(fileURLWithPath: "\(package)/Package.swift"))
        let build = try ProcessRunner.run("/usr/bin/env", ["swift", "build", "--package-path", package])
        let dependencies = try ProcessRunner.run("/usr/bin/env", ["swift", "package", "--package-path", package, "show-dependencies", "--format", "json"])

        #expect(written.status == 0, "\(written.errors)")
        #expect(manifest.contains(sdkLine), "one line names the SDK folder")
        #expect(manifest.contains("let isolation: [SwiftSetting] = []\n"))
        #expect(manifest.hasPrefix("// swift-tools-version:6.2\n"))
        #expect(build.status == 0, "\(build.output)\(build.errors)")
        #expect(FileManager.default.fileExists(atPath: "\(package)/.build/debug/libCharacterFeature.so"))
        #expect(dependencies.status == 0, "\(dependencies.errors)")
        #expect(!dependencies.output.contains("\"path\" : \"\(FeatureScaffold.defaultSDK)"), "\(dependencies.output)")
        #expect(!dependencies.output.contains("\"path\": \"\(FeatureScaffold.defaultSDK)"), "\(dependencies.output)")
        for part in ["", "/Mocks", "/Host"] {
            #expect(dependencies.output.contains("\"path\": \"\(copy)\(part)\""), "\(dependencies.output)")
        }
    }

    @Test(arguments: [
        ("weather", "feature name 'weather' must be a type name: an ASCII capital letter, then letters and digits (e.g. Weather)"),
        ("WeatherFeature", "feature name 'WeatherFeature' must not end in 'Feature'; the package adds it (WeatherFeature)"),
        ("Host", "feature name 'Host' would name the package folder Host, which SwiftPM would take for the SDK's package 'host' the feature depends on; choose another name"),
    ])
    func aBadNameIsRefusedWithTheFix(name: String, message: String) throws {
        let fixtures = try FeatureFixtures()

        let result = try ProcessRunner.run(apphost, ["new-feature", name, "--path", fixtures.directory.path])

        #expect(result.status == 1)
        #expect(result.errors == "error: \(message)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixtures.directory.path).isEmpty)
    }

    @Test
    func anExistingFolderIsNeverOverwritten() throws {
        let fixtures = try FeatureFixtures()
        try FileManager.default.createDirectory(atPath: fixtures.path("Weather"), withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: fixtures.path("Weather/notes.txt")))

        let result = try ProcessRunner.run(apphost, ["new-feature", "Weather", "--path", fixtures.directory.path])

        #expect(result.status == 1)
        #expect(result.errors == "error: \(fixtures.path("Weather")) already exists; choose another --path or remove it\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixtures.path("Weather")) == ["notes.txt"])
    }

    @Test
    func aCPlusPlusFeatureExportsThePlainEntryAndRuns() throws {
        let fixtures = try FeatureFixtures()
        let library = fixtures.path("libHelloCppFeature.so")
        try CCompiler.compile(CCompiler.fixture("hello.cpp"), to: library, compiler: ["c++", "-std=c++20"])
        try fixtures.addBuiltFeature("Home")

        let symbols = try ProcessRunner.run("/usr/bin/env", ["nm", "-D", "--defined-only", library])
        let session = try ProcessRunner.run(
            apphost,
            ["--start", "home", "--width", "40", "--features", fixtures.directory.path, "--open", "hello-cpp/greet?name=Beth"],
            input: ""
        )

        #expect(symbols.output.split(separator: "\n").contains { $0.hasSuffix(" T apphost_feature_entry") }, "\(symbols.output)")
        #expect(session.status == 0)
        #expect(session.errors == "")
        #expect(session.output.hasSuffix("""
            ════════════════════════════════════════
            Hello
            Home › Hello
            ────────────────────────────────────────
            Hello from C++, Beth!
            ════════════════════════════════════════

            """))
    }
}
