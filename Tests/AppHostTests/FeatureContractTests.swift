@_spi(Host) import AppHost
@_spi(Host) import AppHostKit
import AppHostTesting
import Foundation
import Testing

/// The contract a feature library is held to before any of its registration runs:
/// the SDK version it was built against, the compiler that built it, the kit it uses.
@MainActor
@Suite
struct FeatureContractTests {
    /// Builds broken.c with one descriptor defect, loads it beside Character, and counts its registrations.
    private func load(defect: Int, fixtures: borrowing FeatureFixtures) async throws -> (path: String, error: FeatureLoadError?, registrations: Int32) {
        let path = fixtures.path("libContract\(defect)Feature.so")
        let compiler = FeatureBuild.kit.compiler ?? ""
        try await CCompiler.compiling(
            CCompiler.fixture("broken.c"),
            to: path,
            defines: ["DEFECT=\(defect)", "APPHOST_TEST_TOOLCHAIN=\"\(compiler)\""]
        )
        let registry = DestinationRegistry()
        try FeatureLoader.load(AppHarness.libraryPath("Character"), into: registry)
        var failure: FeatureLoadError?
        do {
            try FeatureLoader.load(path, into: registry)
        } catch {
            failure = error
        }
        // The loader keeps the library open; opening it again gives the same image and its counter.
        let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL))
        let counter = try #require(dlsym(handle, "broken_register_calls"))
        return (path, failure, counter.load(as: Int32.self))
    }

    @Test
    func aFeatureBuiltAgainstAnotherMajorVersionIsRefused() async throws {
        let fixtures = try FeatureFixtures()
        let kit = FeatureBuild.kit

        let (path, error, _) = try await load(defect: 9, fixtures: fixtures)

        #expect(error?.description == "\(path): built against AppHostKit \(kit.major + 1).\(kit.minor), this host has \(kit.major).\(kit.minor); rebuild the feature against AppHostKit \(kit.major).\(kit.minor)")
    }

    @Test
    func aFeatureBuiltAgainstANewerMinorVersionIsRefused() async throws {
        let fixtures = try FeatureFixtures()
        let kit = FeatureBuild.kit

        let (path, error, _) = try await load(defect: 10, fixtures: fixtures)

        #expect(error?.description == "\(path): built against AppHostKit \(kit.major).\(kit.minor + 3), this host has \(kit.major).\(kit.minor); update the host or rebuild the feature against \(kit.major).\(kit.minor)")
    }

    @Test
    func aSwiftFeatureBuiltByAnotherCompilerIsRefusedBeforeItRegisters() async throws {
        let fixtures = try FeatureFixtures()
        let compiler = try #require(FeatureBuild.kit.compiler)

        let (path, error, registrations) = try await load(defect: 11, fixtures: fixtures)

        #expect(error?.description == "\(path): built with Swift 5.10.1, this host's AppHostKit with \(compiler); Swift features must be built by the host's compiler: rebuild it with \(compiler)")
        #expect(registrations == 0)
    }

    @Test
    func aSwiftFeatureBuiltAgainstAFragileKitIsRefusedBeforeItRegisters() async throws {
        let fixtures = try FeatureFixtures()

        let (path, error, registrations) = try await load(defect: 12, fixtures: fixtures)

        #expect(error?.description == "\(path): built against an AppHostKit without library evolution; rebuild it against the SDK package (SDK/), which builds the kit resiliently")
        #expect(registrations == 0)
    }

    @Test
    func aLibraryCarryingItsOwnKitIsRefused() async throws {
        let fixtures = try FeatureFixtures()

        let (path, error, _) = try await load(defect: 13, fixtures: fixtures)

        #expect(error == .foreignKit(path: path, found: path, host: KitIdentity.path))
    }

    @Test
    func aBuiltSwiftFeatureSaysWhoBuiltIt() throws {
        let library = try FeatureLoader.open(AppHarness.libraryPath("Home"))

        #expect(library.build == FeatureBuild.kit)
    }

    @Test
    func aMissingKitSymbolIsNamedDemangled() throws {
        let error = "/f/libWeatherFeature.so: undefined symbol: $s10AppHostKit5ImageVAA7ElementAAWP"

        let symbol = try #require(MissingSymbol(loaderError: error))

        #expect(symbol.isKitSymbol)
        #expect(symbol.readableName == "protocol witness table for AppHostKit.Image : AppHostKit.Element in AppHostKit")
    }

    @Test
    func aMissingSymbolOfAnotherLibraryIsNotTheKits() throws {
        let symbol = try #require(MissingSymbol(loaderError: "/f/libX.so: undefined symbol: sqlite3_open"))

        #expect(!symbol.isKitSymbol)
        #expect(symbol.readableName == "sqlite3_open")
    }

    @Test(arguments: [
        (BuildStamp(major: 1, minor: 0, patch: 0, compiler: "Swift 6.3.1", resilient: true), nil),
        (BuildStamp(major: 1, minor: 2, patch: 0, compiler: "Swift 6.3.1", resilient: true), nil),
        (BuildStamp(major: 2, minor: 0, patch: 0, compiler: "Swift 6.3.1", resilient: true), "AppHostKit 2.0.0, Swift 6.3.1"),
        (BuildStamp(major: 1, minor: 0, patch: 0, compiler: "Swift 6.2.0", resilient: true), "AppHostKit 1.0.0, Swift 6.2.0"),
    ] as [(BuildStamp, String?)])
    func theHostRefusesAKitItWasNotBuiltFor(kit: BuildStamp, named: String?) {
        let host = BuildStamp(major: 1, minor: 0, patch: 0, compiler: "Swift 6.3.1", resilient: true)

        let mismatch = KitIdentity.mismatch(host: host, kit: kit)

        #expect(mismatch == named.map { "\(KitIdentity.path) is \($0), but this host was built against AppHostKit 1.0.0, Swift 6.3.1; run the host with the kit it was built with (swift build puts it beside apphost)" })
    }

    @Test
    func aCopyOfTheKitInAFeaturesFolderIsNamedAndNotLoaded() throws {
        let fixtures = try FeatureFixtures()
        try FileManager.default.copyItem(atPath: AppHarness.libraryPath("Home").replacingOccurrences(of: "libHomeFeature.so", with: "libAppHostKit.so"), toPath: fixtures.path("libAppHostKit.so"))
        try fixtures.addBuiltFeature("Home")
        let host = FeatureHost()

        host.loadFeatures(from: FeatureDiscovery(directories: [fixtures.directory.path]))

        #expect(host.features.map(\.name) == ["home"])
        #expect(host.warnings.isEmpty)
        #expect(host.notes == [
            "\(fixtures.path("libAppHostKit.so")) is not loaded: every feature uses this host's own kit, \(KitIdentity.path) (\(FeatureBuild.kit)); a copy a feature's build leaves there is harmless"
        ])
    }
}
