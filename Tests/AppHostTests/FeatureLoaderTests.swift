import AppHost
@_spi(Host) import AppHostKit
import AppHostTesting
import CAppHost
import Testing

@MainActor
@Suite
struct FeatureLoaderTests {
    @Test
    func loadsARealFeatureAndRegistersItsNavigationType() throws {
        let registry = DestinationRegistry()

        let feature = try FeatureLoader.load(AppHarness.libraryPath("Character"), into: registry)

        #expect(feature.name == "character")
        #expect(feature.entries.filter { $0.role == nil }.map(\.typeName) == ["CharacterFeature.CharacterNavigation"])
        #expect(feature.entries.filter { $0.role != nil }.map { "\($0.role ?? "") \($0.name)" } == [
            "deep links .url.myapp_character", "live character-filter", "outgoing character-outgoing",
        ])
        #expect(registry.root(named: "character")?.description == "character/list")
    }

    @Test
    func aMissingFileIsNotFound() {
        #expect(throws: FeatureLoadError.notFound(path: "/nonexistent/libGhostFeature.so")) {
            try FeatureLoader.open("/nonexistent/libGhostFeature.so")
        }
    }

    @Test
    func aTextFileIsNotASharedObjectWithTheLoadersReason() throws {
        let fixtures = try FeatureFixtures()
        let path = try fixtures.addTextFile(named: "libBrokenFeature.so")

        #expect(throws: FeatureLoadError.notASharedObject(path: path, reason: "\(path): invalid ELF header")) {
            try FeatureLoader.open(path)
        }
    }

    @Test
    func aLibraryWithoutTheEntrySymbolIsRefused() throws {
        let fixtures = try FeatureFixtures()
        let path = try fixtures.addFixture("NoEntryFixture", as: "libNoEntryFeature.so")

        let error = try #require(throws: FeatureLoadError.self) { try FeatureLoader.open(path) }

        #expect(error == .missingEntrySymbol(path: path))
        #expect(error.description == "\(path): does not export apphost_feature_entry; is it a feature library built against AppHostKit?")
    }

    @Test
    func aLibraryBuiltForAnotherABIIsRefusedNamingBothVersions() throws {
        let fixtures = try FeatureFixtures()
        let path = try fixtures.addFixture("OtherABIFixture", as: "libFutureFeature.so")

        let error = try #require(throws: FeatureLoadError.self) { try FeatureLoader.open(path) }

        #expect(error == .abiMismatch(path: path, found: 3, expected: 2))
        #expect(error.description == "\(path): built for AppHostKit ABI 3, this host speaks ABI 2; rebuild it against this SDK")
    }

    @Test
    func loadingAFeatureTwiceIsADuplicateNamingBothFiles() throws {
        let registry = DestinationRegistry()
        let path = AppHarness.libraryPath("Character")
        try FeatureLoader.load(path, into: registry)

        let error = try #require(throws: FeatureLoadError.self) { try FeatureLoader.load(path, into: registry) }

        #expect(error.description == "\(path): navigation type CharacterFeature.CharacterNavigation is registered by both feature 'character' (\(path)) and feature 'character' (\(path)); register it in one feature only")
        #expect(!registry.offersNothing)
        #expect(registry.names == ["character"])
    }

    @Test
    func aRegistryOffersNothingOnlyWhenItKnowsNoNameRegisteredDeferredOrCached() throws {
        let fixtures = try FeatureFixtures()
        try fixtures.addBuiltFeature("Home")
        let cache = try FeatureFixtures()
        let options = LoadOptions(prober: FeatureProber(executable: ProcessRunner.built("apphost")), cache: RegistryCache(directory: cache.directory.path))
        // Cold (the file probed, its feature deferred), then warm (its names known from the cache alone).
        let hosts = (0..<2).map { _ in
            let host = FeatureHost()
            host.loadFeatures(from: FeatureDiscovery(directories: [fixtures.directory.path]), options: options)
            return host
        }

        #expect(DestinationRegistry().offersNothing)
        for host in hosts {
            // Asked first: the names listed below make the warm index's features deferred ones.
            #expect(!host.registry.offersNothing)
            #expect(host.registry.names == ["home"])
        }
        #expect(hosts.map { $0.describeFiles().map(\.status) } == [[.probed], [.cached]])
    }

    @Test
    func brokenFilesAreReportedAndTheGoodFeaturesStillLoad() throws {
        let fixtures = try FeatureFixtures()
        let broken = try fixtures.addTextFile(named: "libBrokenFeature.so")
        try fixtures.addBuiltFeature("Character")
        let future = try fixtures.addFixture("OtherABIFixture", as: "libFutureFeature.so")
        try fixtures.addBuiltFeature("Home")
        let noEntry = try fixtures.addFixture("NoEntryFixture", as: "libNoEntryFeature.so")
        try fixtures.addTextFile(named: "notes.txt")
        let host = FeatureHost()

        host.loadFeatures(from: FeatureDiscovery(directories: [fixtures.directory.path]))

        #expect(host.features.map(\.name) == ["character", "home"])
        #expect(host.failures == [
            .notASharedObject(path: broken, reason: "\(broken): invalid ELF header"),
            .abiMismatch(path: future, found: 3, expected: 2),
            .missingEntrySymbol(path: noEntry),
        ])
        #expect(host.registry.names == ["character", "home"])
    }

    @Test
    func aFeatureWhoseRegistrationThrowsIsRefusedWithItsReason() {
        let registry = DestinationRegistry()
        let path = "/features/libFailingFeature.so"
        let library = FeatureLibrary(path: path, name: "failing", swiftDescriptor: FeatureEntry.descriptor(for: FailingFeature.self))

        #expect(throws: FeatureLoadError.registrationFailed(path: path, reason: "feature 'failing' failed to register: the data store is missing")) {
            try FeatureLoader.register(library, into: registry)
        }
        #expect(registry.offersNothing)
        #expect(registry.names.isEmpty)
    }
}

enum FailingFeature: FeatureModule {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "the data store is missing" }
    }

    static let name = "failing"

    static func register(in context: FeatureContext) throws {
        throw Failure()
    }
}
