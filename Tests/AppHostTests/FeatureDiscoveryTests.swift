import AppHost
import AppHostTesting
import Foundation
import Testing

@Suite
struct FeatureDiscoveryTests {
    @Test
    func aLargeFolderIsListedWholeWithNamesOfEveryLength() throws {
        // Every length from 1 to 255 bytes (the longest a name may be), and over a thousand feature
        // files: each name is read only as far as its zero, never as a whole dirent.
        let fixtures = try FeatureFixtures()
        let folder = fixtures.path("many")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var expected: [String] = []
        for length in 1...255 {
            let name = String(repeating: "n", count: length - 1) + "x"
            try #require(FileManager.default.createFile(atPath: folder + "/" + name, contents: nil))
        }
        for index in 0..<1_200 {
            let name = "libGenerated\(index)Feature.so"
            try #require(FileManager.default.createFile(atPath: folder + "/" + name, contents: nil))
            expected.append(name)
        }

        let features = FeatureDiscovery.featureFiles(in: folder)
        let listed = try FileManager.default.contentsOfDirectory(atPath: folder)

        #expect(features == expected.sorted())
        #expect(listed.count == 255 + 1_200)
        #expect(FeatureDiscovery.featureFiles(in: folder + "/nonexistent") == nil)
    }

    /// A package folder named instead of its build folder: the session and the listing say the
    /// folder holds no feature library, and name the build folder below it that does.
    @Test
    func aFolderWithoutFeatureLibrariesPointsAtTheBuildFolderBelowIt() throws {
        let fixtures = try FeatureFixtures()
        let package = fixtures.path("Greeting")
        let built = package + "/.build/x86_64-unknown-linux-gnu/debug"
        try FileManager.default.createDirectory(atPath: built, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: built + "/libHomeFeature.so", withDestinationPath: AppHarness.libraryPath("Home"))
        let empty = fixtures.path("Empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let apphost = ProcessRunner.built("apphost")
        let cache = ["APPHOST_CACHE": fixtures.path("cache")]

        let session = try ProcessRunner.run(apphost, ["--start", "greeting", "--features", package], environment: cache)
        let listed = try ProcessRunner.run(apphost, ["list", "--features", package], environment: cache)
        let nothing = try ProcessRunner.run(apphost, ["list", "--features", empty], environment: cache)
        let right = try ProcessRunner.run(apphost, ["list", "--features", built], environment: cache)

        let hint = "warning: \(package) holds no feature library (lib*Feature.so); \(built) does: run with --features \(built)\n"
        #expect(session.status == 2)
        #expect(session.errors.hasPrefix(hint), "\(session.errors)")
        #expect(listed.errors.hasPrefix(hint), "\(listed.errors)")
        #expect(nothing.errors.hasPrefix("warning: \(empty) holds no feature library (lib*Feature.so); build a feature package there (swift build), or name the folder its libraries are in\n"), "\(nothing.errors)")
        #expect(!right.errors.contains("holds no feature library"), "\(right.errors)")
    }

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
