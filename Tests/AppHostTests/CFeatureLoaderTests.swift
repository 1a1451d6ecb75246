import AppHost
@_spi(Host) import AppHostKit
import AppHostTesting
import Testing

/// C feature descriptors, each built with one defect by the C compiler, through the real loader.
@MainActor
@Suite
struct CFeatureLoaderTests {
    private func load(defect: Int, fixtures: borrowing FeatureFixtures) throws -> (path: String, error: FeatureLoadError?) {
        let path = fixtures.path("libBroken\(defect)Feature.so")
        try CCompiler.compile(CCompiler.fixture("broken.c"), to: path, defines: ["DEFECT=\(defect)"])
        let registry = DestinationRegistry()
        try FeatureLoader.load(AppHarness.libraryPath("Character"), into: registry)
        do {
            try FeatureLoader.load(path, into: registry)
            return (path, nil)
        } catch {
            return (path, error)
        }
    }

    @Test(arguments: [
        (1, "destination 'main': render function is null"),
        (2, "destination 'item': parameter 'id' has unknown type tag 9"),
        (3, "destination 'main': is declared twice"),
        (4, "destination 'wide': declares 9 parameters, at most 8 are allowed"),
        (5, "destination 'main': root_destination must take no parameters"),
        (6, "descriptor: declares 1000000 destinations, at most 256 are allowed"),
        (7, "destination '#1': name is longer than 128 bytes"),
        (8, "descriptor: destination_size is 4 bytes; ABI 2 destinations have 32 to 4096"),
    ])
    func aMalformedDescriptorIsRefusedNamingTheDestination(defect: Int, reason: String) throws {
        let fixtures = try FeatureFixtures()

        let (path, error) = try load(defect: defect, fixtures: fixtures)

        #expect(error?.description == "\(path): \(reason)")
    }

    @Test
    func aRouteNameAnotherFeatureHasIsADuplicate() throws {
        let fixtures = try FeatureFixtures()

        let (path, error) = try load(defect: 0, fixtures: fixtures)

        #expect(error?.description == "\(path): route name 'character' is registered by both feature 'character' (\(AppHarness.libraryPath("Character"))) and feature 'broken' (\(path)); rename one of them")
    }

    @Test
    func brokenCFeaturesAreReportedAndTheRestLoad() throws {
        let fixtures = try FeatureFixtures()
        for defect in 1...2 {
            try CCompiler.compile(CCompiler.fixture("broken.c"), to: fixtures.path("libBroken\(defect)Feature.so"), defines: ["DEFECT=\(defect)"])
        }
        try fixtures.addBuiltFeature("About")
        try fixtures.addBuiltFeature("Home")
        let host = FeatureHost()

        host.loadFeatures(from: FeatureDiscovery(directories: [fixtures.directory.path]))

        #expect(host.features.map(\.name) == ["about", "home"])
        #expect(host.failures.map(\.path) == [fixtures.path("libBroken1Feature.so"), fixtures.path("libBroken2Feature.so")])
    }

    @Test
    func aStringParameterWithANulIsRefusedNamingIt() async throws {
        let fixtures = try FeatureFixtures()
        let hello = fixtures.path("libHelloFeature.so")
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: hello)
        let app = try await AppHarness(paths: [AppHarness.libraryPath("Home"), hello], start: "home")

        await app.run("open hello/greet?name=Sum%00mer")

        #expect(app.errorLines.last == "error: open hello/greet?name=Sum%00mer: parameter 'name' contains a NUL character (%00), which a C string cannot carry (C destination 'greet' of \(hello))\n")
        #expect(app.session.deepLink.description == "home/main")
    }

    @Test
    func navigateToARouteNothingProvidesReturnsFalse() async throws {
        let fixtures = try FeatureFixtures()
        let navigator = fixtures.path("libNavigatorFeature.so")
        try CCompiler.compile(CCompiler.fixture("navigate.c"), to: navigator)
        let app = try await AppHarness(paths: [navigator], start: "navigator", options: .init(width: 40))

        await app.run("tap Go nowhere")

        #expect(app.session.deepLink.description.hasPrefix("navigator/main!alert(title=Refused&message=navigate%20returned%20false"))
    }

    @Test
    func theAboutLibraryLinksNoSwiftLibrary() throws {
        let result = try ProcessRunner.run("/usr/bin/env", ["readelf", "--dynamic", AppHarness.libraryPath("About")])

        #expect(result.status == 0)
        let needed = result.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty)
        #expect(needed.allSatisfy { !$0.contains("swift") && !$0.contains("AppHostKit") }, "\(needed)")
    }
}
