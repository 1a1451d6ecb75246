import AppHost
import AppHostTesting
@_spi(Host) import AppHostKit
import Foundation
import Testing

/// A feature's resources folder: found beside its library under either name, handed to the
/// feature, shown by `apphost list`, locked with the library. Real copies of the built Character
/// library, run by the real `apphost`.
@Suite
struct FeatureResourcesTests {
    private let apphost = ProcessRunner.built("apphost")
    private static let builtResources = URL(fileURLWithPath: AppHarness.buildDirectory)
        .appendingPathComponent("AppHost_CharacterFeature.resources").path

    /// A features folder holding a copy of libCharacterFeature.so, and a cache folder.
    private final class Copy {
        let features: FeatureFixtures
        let cache: FeatureFixtures
        let library: String

        init(resources: String?) throws {
            features = try FeatureFixtures()
            cache = try FeatureFixtures()
            library = features.path("libCharacterFeature.so")
            try FileManager.default.copyItem(atPath: AppHarness.libraryPath("Character"), toPath: library)
            if let resources {
                try FileManager.default.copyItem(atPath: FeatureResourcesTests.builtResources, toPath: features.path(resources))
            }
        }

        var environment: [String: String] { ["APPHOST_CACHE": cache.directory.path] }
    }

    private func run(_ arguments: [String], _ copy: Copy, input: String = "") throws -> ProcessResult {
        try ProcessRunner.run(apphost, arguments + ["--features", copy.features.directory.path], input: input, environment: copy.environment)
    }

    @Test(arguments: ["CharacterFeature.resources", "MyApp_CharacterFeature.resources"])
    func aCopiedFeatureReadsItsFixturesFromTheFolderBesideIt(folder: String) throws {
        let copy = try Copy(resources: folder)

        let session = try run(["--start", "character", "--width", "40"], copy, input: "show\n")
        let list = try run(["list"], copy)

        #expect(session.status == 0, "\(session.errors)")
        #expect(session.output.contains("24 characters\n  [3] Rick Sanchez (Alive)\n"), "\(session.output)")
        #expect(list.output.contains("    resources  \(copy.features.path(folder))  (26 files)\n"), "\(list.output)")
    }

    @Test
    func aCopiedFeatureWithoutItsRecordedAnswersNamesTheRequestNoneAnswers() throws {
        let copy = try Copy(resources: nil)
        let empty = try FeatureFixtures()

        let session = try run(["--start", "character", "--network", empty.directory.path], copy, input: "show\n")
        // The renderer wraps the long line: compare without white space.
        let squeezed = { (text: String) in text.filter { !$0.isWhitespace } }

        #expect(session.status == 0)
        #expect(squeezed(session.output).contains(squeezed(
            "error: characters unavailable: no recorded answer for GET https://rickandmortyapi.com/api/character [3] Retry"
        )), "\(session.output)")
        #expect(session.errors.contains(
            "error: start: network: no recorded answer for GET https://rickandmortyapi.com/api/character (none in \(empty.directory.path))"
        ), "\(session.errors)")
    }

    @Test
    func aFeaturesResourcesAreLockedWithIt() throws {
        let copy = try Copy(resources: "CharacterFeature.resources")
        let fixture = copy.features.path("CharacterFeature.resources/Network/GET-rickandmortyapi.com-api-character.json")

        let locked = try run(["lock"], copy)
        let lockFile = try String(contentsOfFile: copy.features.path("apphost.lock"), encoding: .utf8)
        let before = try run(["--start", "character"], copy, input: "quit\n")
        try Data("[]".utf8).write(to: URL(fileURLWithPath: fixture))
        let changed = try run(["--start", "character"], copy, input: "quit\n")
        try FileManager.default.removeItem(atPath: fixture)
        let missing = try run(["list"], copy)

        #expect(locked.status == 0)
        #expect(lockFile.contains("  CharacterFeature.resources/Network/GET-rickandmortyapi.com-api-character.json\n"), "\(lockFile)")
        #expect(before.errors == "", "\(before.errors)")
        #expect(changed.status == 2)
        #expect(changed.errors.contains(
            "error: \(copy.library): its resource CharacterFeature.resources/Network/GET-rickandmortyapi.com-api-character.json has changed since it was locked (SHA-256 "
        ), "\(changed.errors)")
        #expect(missing.errors.contains(
            "\(copy.library): its locked resource CharacterFeature.resources/Network/GET-rickandmortyapi.com-api-character.json is missing (lock file"
        ), "\(missing.errors)")
    }

    @Test
    func aResourceNameCannotLeaveTheFolder() throws {
        let resources = FeatureResources(path: Self.builtResources)

        #expect(throws: FeatureResourcesError.self) { try resources.bytes("../libCharacterFeature.so") }
        #expect(throws: FeatureResourcesError.self) { try resources.bytes("/etc/passwd") }
        #expect(throws: FeatureResourcesError.self) { try resources.bytes("absent.json") }
        #expect(try resources.text("Network/GET-rickandmortyapi.com-api-character.json").contains("\"Rick Sanchez\""))
    }

    @Test
    func twoSwiftPMFoldersForOneModuleAreNeitherTaken() throws {
        let fixtures = try FeatureFixtures()
        for name in ["A_XFeature.resources", "B_XFeature.resources"] {
            try FileManager.default.createDirectory(atPath: fixtures.path(name), withIntermediateDirectories: true)
        }
        let exact = fixtures.path("XFeature.resources")

        let ambiguous = FeatureResources.find(module: "XFeature", in: fixtures.directory.path)
        try FileManager.default.createDirectory(atPath: exact, withIntermediateDirectories: true)
        let named = FeatureResources.find(module: "XFeature", in: fixtures.directory.path)

        #expect(ambiguous == nil)
        #expect(named == exact)
    }
}
