import AppHost
import AppHostTesting
import Foundation
import Testing

/// The app layer through the real `apphost` and the built features: redirects between features that
/// know nothing of each other, the not-found screen when a redirect's target is absent, URL deep
/// links, and what `list` and a start say about unmet needs.
@Suite
struct AppLayerTests {
    private let apphost = ProcessRunner.built("apphost")
    private static let all = ["Home", "Character", "Settings", "Shell", "Episode", "System", "About", "Gallery", "Backup", "Recipes"]

    /// A features folder with the built features named, and a cache folder of its own.
    private final class Folder {
        let features: FeatureFixtures
        let cache: FeatureFixtures

        init(_ names: [String]) throws {
            features = try FeatureFixtures()
            cache = try FeatureFixtures()
            for name in names {
                try features.addBuiltFeature(name)
            }
        }

        var environment: [String: String] { ["APPHOST_CACHE": cache.directory.path] }
    }

    private func run(_ arguments: [String], _ folder: Folder, input: String = "") throws -> ProcessResult {
        try ProcessRunner.run(apphost, arguments + ["--features", folder.features.directory.path], input: input, environment: folder.environment)
    }

    private func flow(_ text: String, in folder: Folder) throws -> ProcessResult {
        let file = folder.features.path("check.flow")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return try run(["test", file], folder)
    }

    @Test
    func withEpisodeAbsentViewEpisodesOpensTheAppsNotFoundScreenAndListNamesTheBrokenRedirect() throws {
        let folder = try Folder(Self.all.filter { $0 != "Episode" })
        let broken = "redirect character-outgoing/episodes → episode/characterEpisodes is broken: no loaded feature provides 'episode'; it opens the not-found destination"

        let list = try run(["list"], folder)
        let session = try run(["--start", "character"], folder, input: "tap Rick\ntap View episodes\nstate\n")
        // A warm start reads the check back from beside the registry cache: it still names it.
        let warm = try run(["--start", "character"], folder, input: "")
        let result = try flow("""
            start character
            tap Rick Sanchez
            tap View episodes
            route system/notFound?route=character-outgoing%2Fepisodes%3FcharacterIdentifier%3D1
            see Not found
            see Nothing in this app answers character-outgoing/episodes?characterIdentifier=1.
            tap Back
            route character/detail?identifier=1

            """, in: folder)

        #expect(list.status == 1)
        #expect(list.errors == "unmet:\n  \(broken)\n")
        #expect(session.status == 0)
        #expect(session.errors.hasPrefix("warning: \(broken)\n"), "named before the session runs: \(session.errors)")
        #expect(warm.errors == "warning: \(broken)\n", "\(warm.errors)")
        #expect(session.errors.contains(
            "warning: outgoing character-outgoing/episodes?characterIdentifier=1: it redirects to episode/characterEpisodes, but no loaded feature provides 'episode'"
        ), "\(session.errors)")
        #expect(session.output.hasSuffix("character/list>character/detail?identifier=1>system/notFound?route=character-outgoing%2Fepisodes%3FcharacterIdentifier%3D1\n"))
        #expect(result.status == 0, "\(result.output)")
    }

    @Test
    func hostsWithDifferentFoldersSharingACacheKeepTheirOwnChecks() throws {
        let broken = try Folder(Self.all.filter { $0 != "Episode" })
        let whole = try FeatureFixtures()
        for name in Self.all { try whole.addBuiltFeature(name) }
        let environment = broken.environment

        var said: [String] = []
        for _ in 0..<2 {
            said.append(try run(["--start", "character"], broken).errors)
            said.append(try ProcessRunner.run(apphost, ["--start", "character", "--features", whole.directory.path], environment: environment).errors)
        }
        let checks = try FileManager.default.contentsOfDirectory(atPath: broken.cache.directory.path).filter { $0.hasPrefix("app-layer-v1-") }

        #expect(checks.count == 2, "one check file a set of folders: \(checks)")
        #expect(said[0].hasPrefix("warning: redirect character-outgoing/episodes → episode/characterEpisodes is broken"), "\(said[0])")
        #expect(said[2] == said[0], "read back for the broken folder: \(said[2])")
        #expect(said[1] == "" && said[3] == "", "the whole app has nothing to say: \(said[1]) \(said[3])")
    }

    @Test
    func withEpisodePresentTheRedirectLandsOnItsScreenAndListIsClean() throws {
        let folder = try Folder(Self.all)

        let list = try run(["list"], folder)
        let session = try run(["--start", "character", "--width", "50"], folder, input: "tap Rick\ntap View episodes\nstate\n")

        #expect(list.status == 0, "\(list.errors)")
        #expect(list.output.contains("    app, not found: system/notFound\n      redirect home-outgoing/characters → character/list\n"), "\(list.output)")
        #expect(list.output.contains("      redirect character-outgoing/episodes → episode/characterEpisodes\n"))
        #expect(list.output.contains("    needs settings-outgoing/chooseCharacter\n"))
        #expect(session.errors == "")
        #expect(session.output.contains("Episodes of Rick Sanchez\n… › Rick Sanchez › Episodes of Rick Sanchez\n"), "\(session.output)")
        #expect(session.output.hasSuffix("character/list>character/detail?identifier=1>episode/characterEpisodes?characterIdentifier=1\n"))
    }

    @Test
    func withoutTheAppOrItsNotFoundFeatureTheHostsOwnNotFoundScreenIsShown() throws {
        let noApp = try Folder(["Character", "Episode"])
        let noSystem = try Folder(Self.all.filter { $0 != "System" && $0 != "Episode" })

        let alone = try run(["--start", "character"], noApp, input: "tap Rick\ntap View episodes\nstate\n")
        let list = try run(["list"], noApp)
        let missing = try run(["--start", "character"], noSystem, input: "tap Rick\ntap View episodes\nstate\n")

        #expect(alone.status == 0)
        #expect(alone.errors.contains("warning: outgoing character-outgoing/episodes?characterIdentifier=1: no loaded feature declares the app, whose redirects say where it goes; showing apphost/notFound\n"), "\(alone.errors)")
        #expect(alone.output.hasSuffix(">apphost/notFound?route=character-outgoing%2Fepisodes%3FcharacterIdentifier%3D1\n"))
        #expect(list.status == 0, "no app is no fault: \(list.errors)")
        #expect(list.output.contains("note: character's outgoing character-outgoing/episodes opens the not-found destination: no loaded feature declares the app\n"))
        #expect(missing.errors.contains("the app's not-found destination system/notFound is not served: no loaded feature provides 'system'; the host's own is shown"))
        #expect(missing.output.hasSuffix(">apphost/notFound?route=character-outgoing%2Fepisodes%3FcharacterIdentifier%3D1\n"))
    }

    @Test
    func aURLOpensItsFeaturesDestinationAndOneNobodyResolvesTheNotFoundScreen() throws {
        let folder = try Folder(Self.all)

        let morty = try run(["--start", "main", "--open", "myapp://character/detail/2", "--width", "50"], folder, input: "state --url\nstate\n")
        let nowhere = try run(["--start", "main", "--open", "myapp://nowhere/x"], folder, input: "state\n")
        let malformed = try run(["--start", "main", "--open", "myapp://"], folder)

        #expect(morty.status == 0)
        #expect(morty.errors == "")
        // As an app's onOpenURL does, the destination is pushed onto the stack in view.
        #expect(morty.output.contains("Morty Smith\nHome › Morty Smith\n"), "\(morty.output)")
        #expect(morty.output.hasSuffix(
            "myapp://character/detail/2\n@main:home(home:home/main>character/detail?identifier=2|character:character/list|settings:settings/main)\n"
        ), "state --url prints the URL its feature makes: \(morty.output)")
        #expect(nowhere.status == 0)
        #expect(nowhere.errors == "error: --open myapp://nowhere/x: no loaded feature handles myapp://nowhere links (handlers: myapp://character, myapp://episode)\n")
        #expect(nowhere.output.contains("Nothing in this app answers myapp://nowhere/x."))
        #expect(malformed.status == 2)
        #expect(malformed.errors.contains("is not a URL deep link; expected scheme://host[/path][?query]"), "\(malformed.errors)")
    }

    @Test
    func aNeedNoLoadedFeatureMeetsIsNamedByListAndAtTheStart() throws {
        let folder = try Folder(["Home", "Settings", "Shell", "System", "About"])

        let list = try run(["list"], folder)
        let start = try run(["--start", "settings"], folder, input: "")

        #expect(list.status == 1)
        for line in [
            "  settings needs settings-outgoing/chooseCharacter, which the app redirects to character/picker; no loaded feature provides 'character'\n",
            "  shell needs character; no loaded feature provides 'character'\n",
            "  redirect home-outgoing/characters → character/list is broken: no loaded feature provides 'character'; it opens the not-found destination\n",
        ] {
            #expect(list.errors.contains(line), "\(list.errors)")
        }
        #expect(start.status == 0)
        #expect(start.errors.contains(
            "warning: settings needs settings-outgoing/chooseCharacter, which the app redirects to character/picker; no loaded feature provides 'character'\n"
        ), "\(start.errors)")
    }

    @Test
    func aDestinationHoldingALiveValueIsLeftOutOfStateAndStateFilesWithOneWarning() throws {
        let folder = try Folder(Self.all)
        let stateFile = folder.cache.path("session.state")

        let first = try run(["--start", "character", "--state", stateFile], folder, input: "tap Filter: All\nstate\ntap Dead\nstate\n")
        let again = try run(["--start", "character", "--state", stateFile], folder, input: "state\n")
        let typed = try run(["--start", "character"], folder, input: "open character/list!cover(character-filter?live=1)\n")

        #expect(first.status == 0)
        #expect(first.output.components(separatedBy: "\ncharacter/list\n").count == 3, "state prints the restorable prefix each time: \(first.output)")
        #expect(first.errors == "warning: character-filter?live=1 holds live values, which no link or state file carries; the state is kept up to it\n")
        #expect(again.output.hasSuffix("\ncharacter/list\n"), "restoring comes back to the prefix: \(again.output)")
        #expect(again.errors == "")
        #expect(typed.errors.contains("character-filter?live=1: holds live values, which no link carries; it is reached only by navigating to it"), "\(typed.errors)")
    }
}
