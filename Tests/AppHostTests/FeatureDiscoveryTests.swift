import AppHost
import Foundation
import Testing

@Suite
struct FeatureDiscoveryTests {
    @Test
    func commandLineDirectoriesComeFirst() {
        let sut = FeatureDiscovery(options: ["/a", "/b"], environment: ["APPHOST_FEATURES": "/c"])

        #expect(sut.directories == ["/a", "/b"])
    }

    @Test
    func theEnvironmentComesNextSplitAtColons() {
        let sut = FeatureDiscovery(options: [], environment: ["APPHOST_FEATURES": "/c:/d"])

        #expect(sut.directories == ["/c", "/d"])
    }

    @Test
    func oneFolderNamedTwiceIsSearchedOnceWhereItIsFirstNamed() throws {
        let fixtures = try FeatureFixtures()
        let folder = fixtures.path("good")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixtures.path("link"), withDestinationPath: folder)

        let sut = FeatureDiscovery(options: [folder, folder + "/", fixtures.path("link"), "/nonexistent", "/nonexistent/"], environment: [:])

        #expect(sut.directories == [folder, "/nonexistent"])
    }

    @Test
    func theExecutablesDirectoryIsTheFallback() {
        let sut = FeatureDiscovery(options: [], environment: [:])

        #expect(sut.directories == [FeatureDiscovery.executableDirectory])
    }

    @Test(arguments: [
        ("libHomeFeature.so", true),
        ("libCharacterFeature.so", true),
        ("libFeature.so", false),
        ("libAppHostKit.so", false),
        ("HomeFeature.so", false),
        ("libHomeFeature.so.1", false),
    ])
    func matchesTheFeatureFilePattern(name: String, matches: Bool) {
        #expect(FeatureDiscovery.isFeatureLibrary(name) == matches)
    }

    @Test
    func findsFeaturesInNameOrderAndReportsUnreadableDirectories() throws {
        let fixtures = try FeatureFixtures()
        try fixtures.addTextFile(named: "libZedFeature.so")
        try fixtures.addTextFile(named: "libAlphaFeature.so")
        try fixtures.addTextFile(named: "libHelper.so")
        let sut = FeatureDiscovery(directories: [fixtures.directory.path, "/nonexistent-apphost-dir"])

        let found = sut.discover()

        #expect(found.files == [fixtures.path("libAlphaFeature.so"), fixtures.path("libZedFeature.so")])
        #expect(found.unreadable == ["/nonexistent-apphost-dir"])
    }
}
