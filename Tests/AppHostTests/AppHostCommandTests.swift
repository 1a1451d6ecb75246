import AppHost
import Foundation
import Testing

/// The `apphost` executable, run as a person or a script would run it.
@Suite
struct AppHostCommandTests {
    private let apphost = ProcessRunner.built("apphost")

    @Test
    func aWaitThatChangesNothingSaysWhatItDid() throws {
        let real = try ProcessRunner.run(apphost, ["--start", "home"], input: "wait 10ms\n")
        let flow = try FeatureFixtures()
        let file = flow.path("wait.flow")
        try Data("start home\nwait 2s\nno error\n".utf8).write(to: URL(fileURLWithPath: file))
        let test = try ProcessRunner.run(apphost, ["test", file])

        #expect(real.status == 0)
        #expect(real.errors == "note: wait 10ms: the screen did not change (on real time; 0 sleeps still waiting)\n")
        #expect(real.output.components(separatedBy: "\nHome\n").count == 2, "the screen is drawn once")
        #expect(test.status == 0, "a note is not an error: \(test.output)")
    }

    @Test
    func tapThenBackShowsHomeTheListAndHomeAgain() throws {
        let result = try ProcessRunner.run(apphost, ["--start", "home"], input: "tap 1\nback\n")

        #expect(result.status == 0)
        #expect(result.errors == "")
        let titles = result.output.split(separator: "\n").enumerated()
            .filter { $0.offset > 0 }
            .compactMap { index, line in line.hasPrefix("═") ? nil : String(line) }
        #expect(titles.first == "Home")
        #expect(result.output.components(separatedBy: "\nCharacters\nHome › Characters\n").count == 2)
        #expect(result.output.hasSuffix("[1] Characters\n  [2] Rick Sanchez\n  [3] About ›\n  [4] Gallery\n  [5] Backups\n  [6] Recipes\n════════════════════════════════════════════════════════════\n"))
    }

    @Test
    func aBareApphostSaysWhatCanBeStarted() throws {
        let result = try ProcessRunner.run(apphost, [])

        #expect(result.status == 64)
        #expect(result.output == "")
        #expect(result.errors == """
            apphost: a session starts at a feature or a shell: apphost --start NAME
              shells:   main, split
              features: about, backup, character, episode, gallery, home, recipes, settings, system
            for example: apphost --start main   (then type help)
            apphost list shows what was found and where; apphost --help shows every command and option

            """)
    }

    @Test
    func theHelpsExamplesFitEightyColumns() throws {
        let result = try ProcessRunner.run(apphost, ["--help"], environment: ["COLUMNS": "80"])

        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "Common invocations:"))
        let examples = lines[(start + 1)...].prefix { !$0.isEmpty }
        #expect(examples.count == 10)
        #expect(examples.allSatisfy { $0.hasPrefix("  apphost ") && $0.count <= 80 }, "\(examples)")
    }

    @Test
    func theTabsBarWrapsAtTheWidth() throws {
        let result = try ProcessRunner.run(apphost, ["--start", "main", "--width", "20"], input: "")

        #expect(result.status == 0)
        #expect(result.output.hasSuffix("tabs: [1 Home]\n      2 Characters\n      3 Settings\n"), "\(result.output)")
        #expect(result.output.split(separator: "\n").allSatisfy { $0.count <= 20 }, "\(result.output)")
    }

    @Test
    func anUnknownStartExitsWithTwoAndListsTheNames() throws {
        let result = try ProcessRunner.run(apphost, ["--start", "nowhere"])

        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(result.errors == "error: --start nowhere: no loaded feature provides 'nowhere' (known: about, backup, character, episode, gallery, home, main, recipes, settings, split, system)\n")
    }

    @Test
    func strictEndsAtTheFirstErrorWithOne() throws {
        let result = try ProcessRunner.run(apphost, ["--start", "home", "--strict"], input: "tap 7\ntap 1\n")

        #expect(result.status == 1)
        #expect(result.errors == "error: tap 7: no element 7 on this screen (it has 1–6)\n")
        #expect(!result.output.contains("Home › Characters"))
    }

    @Test
    func aScriptFileDrivesTheSession() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("apphost-script-\(UUID().uuidString)")
        try Data("# list, then Morty\ntap Characters\ntap 4\nstate\n".utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }

        let result = try ProcessRunner.run(apphost, ["--start", "home", "--script", script.path, "--width", "40"])

        #expect(result.status == 0)
        #expect(result.output.hasSuffix("home/main>character/list>character/detail?identifier=2\n"))
        #expect(result.output.contains("Home › Characters › Morty Smith\n"))
    }

    @Test
    func listNamesEachFeatureItsFileAndTypes() throws {
        let directory = URL(fileURLWithPath: apphost).deletingLastPathComponent().path
        let cache = try FeatureFixtures()

        let result = try ProcessRunner.run(apphost, ["list", "--features", directory], environment: ["APPHOST_CACHE": cache.directory.path])

        #expect(result.status == 0)
        #expect(result.output == """
            searched: \(directory)
            10 features:
              about  \(directory)/libAboutFeature.so  (AppHostKit \(FeatureBuild.kit.version))  probed
                about  C feature 'about'  (start: about/main)
                  about/main()
                  about/licenses()
                  about/license(id: int64)
                  about/greeting(name: string, score: double)
              backup  \(directory)/libBackupFeature.so  (\(FeatureBuild.kit))  probed
                backup  BackupFeature.BackupNavigation  (start: backup/main)
                  backup/main()
                  backup/schedule()
              character  \(directory)/libCharacterFeature.so  (\(FeatureBuild.kit))  probed
                resources  \(directory)/AppHost_CharacterFeature.resources  (26 files)
                deep links myapp://character
                character  CharacterFeature.CharacterNavigation  (start: character/list)
                  character/list()
                  character/detail(identifier: int)
                  character/picker()
                character-filter  CharacterFeature.CharacterLiveNavigation  (holds live values: reached by navigating, never by a link)
                character-outgoing  CharacterFeature.CharacterOutgoingNavigation  (outgoing: the app redirects it)
                  character-outgoing/episodes(characterIdentifier: int)
              episode  \(directory)/libEpisodeFeature.so  (\(FeatureBuild.kit))  probed
                resources  \(directory)/AppHost_EpisodeFeature.resources  (1 file)
                deep links myapp://episode
                episode  EpisodeFeature.EpisodeNavigation  (start: episode/list)
                  episode/list()
                  episode/characterEpisodes(characterIdentifier: int)
                  episode/detail(identifier: int)
                episode-outgoing  EpisodeFeature.EpisodeOutgoingNavigation  (outgoing: the app redirects it)
                  episode-outgoing/character(identifier: int)
              gallery  \(directory)/libGalleryFeature.so  (\(FeatureBuild.kit))  probed
                gallery  GalleryFeature.GalleryNavigation  (start: gallery/main)
                  gallery/main()
              home  \(directory)/libHomeFeature.so  (\(FeatureBuild.kit))  probed
                home  HomeFeature.HomeNavigation  (start: home/main)
                  home/main()
                home-outgoing  HomeFeature.HomeOutgoingNavigation  (outgoing: the app redirects it)
                  home-outgoing/characters()
                  home-outgoing/character(identifier: int)
                  home-outgoing/gallery()
                  home-outgoing/backups()
                  home-outgoing/recipes()
              recipes  \(directory)/libRecipesFeature.so  (\(FeatureBuild.kit))  probed
                recipes  RecipesFeature.RecipesNavigation  (start: recipes/book)
                  recipes/book()
              settings  \(directory)/libSettingsFeature.so  (\(FeatureBuild.kit))  probed
                settings  SettingsFeature.SettingsNavigation  (start: settings/main)
                  settings/main()
                  settings/profile()
                  settings/whatsNew()
                  settings/syncStatus()
                settings-outgoing  SettingsFeature.SettingsOutgoingNavigation  (outgoing: the app redirects it)
                  settings-outgoing/chooseCharacter()
                needs settings-outgoing/chooseCharacter
              shell  \(directory)/libShellFeature.so  (\(FeatureBuild.kit))  probed
                main  shell, tabs: home, character, settings
                split  shell, split: home, character, settings
                app, not found: system/notFound
                  redirect home-outgoing/characters → character/list
                  redirect home-outgoing/character → character/detail
                  redirect home-outgoing/gallery → gallery/main
                  redirect home-outgoing/backups → backup/main
                  redirect home-outgoing/recipes → recipes/book
                  redirect settings-outgoing/chooseCharacter → character/picker
                  redirect character-outgoing/episodes → episode/characterEpisodes
                  redirect episode-outgoing/character → character/detail
                needs home, character, settings
              system  \(directory)/libSystemFeature.so  (\(FeatureBuild.kit))  probed
                system  SystemFeature.SystemNavigation  (start: system/notFound?route=)
                  system/notFound(route: string)

            """)
    }

    @Test
    func aFeatureRemovedAndPutBackNeedsNoRebuild() throws {
        let fixtures = try FeatureFixtures()
        try fixtures.addBuiltFeature("Home")
        let arguments = ["--start", "home", "--features", fixtures.directory.path]

        let without = try ProcessRunner.run(apphost, arguments, input: "open character/list\nback\n")
        try fixtures.addBuiltFeature("Character")
        let with = try ProcessRunner.run(apphost, arguments, input: "open character/list\nback\n")

        #expect(without.status == 0)
        #expect(without.errors.hasPrefix("error: open character/list: no loaded feature provides 'character' (loaded: home)\n"))
        #expect(with.status == 0)
        #expect(with.errors == "")
        #expect(with.output.contains("Home › Characters\n"))
    }

    @Test
    func aCFeatureBuiltByHandIsListedAndNavigable() throws {
        let fixtures = try FeatureFixtures()
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: fixtures.path("libHelloFeature.so"))
        try fixtures.addBuiltFeature("Home")
        let arguments = ["--features", fixtures.directory.path]

        let list = try ProcessRunner.run(apphost, ["list"] + arguments)
        let session = try ProcessRunner.run(apphost, ["--start", "home", "--width", "40"] + arguments, input: "open hello/greet?name=Summer%20Smith\ntap Home\n")

        #expect(list.output.contains("  hello  \(fixtures.path("libHelloFeature.so"))  (AppHostKit \(FeatureBuild.kit.version))  probed\n    hello  C feature 'hello'\n      hello/greet(name: string)\n"))
        #expect(session.status == 0)
        #expect(session.errors == "")
        #expect(session.output.contains("""
            ════════════════════════════════════════
            Hello
            Home › Hello
            ────────────────────────────────────────
            Hello, Summer Smith!
            [1] Home ›
            ════════════════════════════════════════
            """))
        #expect(session.output.hasSuffix("Home › Hello › Home\n────────────────────────────────────────\nWelcome to AppHost. Every screen here\ncomes from a feature library loaded at\nrun time.\n\nEXPLORE\n  [1] Characters\n  [2] Rick Sanchez\n  [3] About ›\n  [4] Gallery\n  [5] Backups\n  [6] Recipes\n════════════════════════════════════════\n"))
    }

    @Test
    func aStateFileBringsTheSameScreenTabAndPresentationBack() throws {
        let fixtures = try FeatureFixtures()
        let state = fixtures.path("state.json")

        let first = try ProcessRunner.run(apphost, ["--start", "main", "--state", state], input: "tab 3\ntap Edit profile\nquit\n")
        let second = try ProcessRunner.run(apphost, ["--start", "main", "--state", state], input: "state\n")

        let link = "@main:settings(home:home/main|character:character/list|settings:settings/main!sheet(settings/profile))\n"
        #expect(first.status == 0 && second.status == 0)
        #expect(second.errors == "")
        #expect(second.output.hasSuffix(link))
        let restoredScreen = String(second.output.dropLast(link.count))
        #expect(restoredScreen.contains("┌─ sheet"))
        #expect(first.output.hasSuffix(restoredScreen), "the first screen of the second run is the last of the first")
    }

    @Test
    func aCorruptStateFileIsMovedAsideAndTheAppStartsFresh() throws {
        let fixtures = try FeatureFixtures()
        let state = fixtures.path("state.json")
        // A state file cut short: it begins as one.
        try Data("{\n  \"state\" : {\n    \"sel".utf8).write(to: URL(fileURLWithPath: state))

        let result = try ProcessRunner.run(apphost, ["--start", "home", "--state", state], input: "state\n")

        #expect(result.status == 0)
        #expect(result.errors == "warning: state \(state) is not a state file (no JSON object with a version); moved it to \(state).corrupt and started fresh\n")
        #expect(FileManager.default.fileExists(atPath: state + ".corrupt"))
        #expect(result.output.hasSuffix("home/main\n"))
    }

    @Test
    func aFileThatIsNoStateFileIsLeftAsItIsAndNotSavedTo() throws {
        let fixtures = try FeatureFixtures()
        let file = fixtures.path("passwd")
        let contents = "root:x:0:0:root:/root:/bin/bash\n"
        try Data(contents.utf8).write(to: URL(fileURLWithPath: file))

        let result = try ProcessRunner.run(apphost, ["--start", "home", "--state", file], input: "tap 1\nstate\n")

        #expect(result.status == 0)
        #expect(result.errors == """
            warning: state \(file) is not a state file (it does not begin as one, with {"state"); it was left as it is; started fresh
            warning: state \(file) is not a state file (it does not begin as one, with {"state"); this session saves nothing to it

            """)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == contents)
        #expect(!FileManager.default.fileExists(atPath: file + ".corrupt"))
    }

    @Test
    func aStateFileBeyondTheLimitsIsRefusedByNameAndKept() throws {
        let fixtures = try FeatureFixtures()
        // A sparse file of 3 GiB that begins as a state file: refused unread, kept, never saved over.
        let huge = fixtures.path("huge.state")
        #expect(FileManager.default.createFile(atPath: huge, contents: Data(#"{"state""#.utf8)))
        #expect(truncate(huge, 3 << 30) == 0)
        // A valid state with one route more than a state file may hold.
        let long = fixtures.path("long.state")
        let path = (0..<StateStore.maximumRoutes).map { "\"character/detail?identifier=\($0 % 24 + 1)\"" }.joined(separator: ",")
        try Data(#"{"state":{"selected":0,"stacks":[{"root":"character/list","path":[\#(path)]}]},"version":1}"#.utf8).write(to: URL(fileURLWithPath: long))

        let refused = try ProcessRunner.run(apphost, ["--start", "character", "--state", huge], input: "tap 1\n")
        let tooLong = try ProcessRunner.run(apphost, ["--start", "character", "--state", long], input: "state\n")

        let limit = "is 3221225472 bytes; a state file is read up to 16777216 bytes (StateStore.maximumSize)"
        #expect(refused.status == 0)
        #expect(refused.errors == "warning: state \(huge) \(limit); it was left as it is; started fresh\nwarning: state \(huge) \(limit); this session saves nothing to it\n")
        #expect(try FileManager.default.attributesOfItem(atPath: huge)[.size] as? Int == 3 << 30)
        #expect(tooLong.status == 0)
        #expect(tooLong.errors == "warning: state \(long) holds 100001 routes; a state file holds at most 100000 (StateStore.maximumRoutes); moved it to \(long).corrupt and started fresh\n")
        #expect(tooLong.output.hasSuffix("\ncharacter/list\n"))
        #expect(FileManager.default.fileExists(atPath: long + ".corrupt"))
    }

    @Test
    func theStatePrintedInOneRunOpensTheSameStateInAnother() throws {
        let first = try ProcessRunner.run(apphost, ["--start", "main"], input: "tab 2\ntap 3\ntab Settings\ntap Reset settings\nstate\n")
        let link = try #require(first.output.split(separator: "\n").last.map(String.init))

        let second = try ProcessRunner.run(apphost, ["--start", "main", "--open", link], input: "state\n")

        #expect(link.hasPrefix("@main:settings("))
        #expect(second.status == 0)
        #expect(second.output.hasSuffix(link + "\n"))
    }

    @Test
    func aBadOpenLinkExitsWithTwoNamingTheSegment() throws {
        let result = try ProcessRunner.run(apphost, ["--start", "home", "--open", "home/main>character/detail?identifier=x"])

        #expect(result.status == 2)
        #expect(result.errors == "error: --open home/main>character/detail?identifier=x: character/detail?identifier=x: parameter 'identifier' expects an integer, got 'x'\n")
    }

    @Test
    func brokenFilesAreReportedOnStandardErrorAndTheRestServe() throws {
        let fixtures = try FeatureFixtures()
        let broken = try fixtures.addTextFile(named: "libBrokenFeature.so")
        try fixtures.addBuiltFeature("Home")

        let run = try ProcessRunner.run(apphost, ["--start", "home", "--features", fixtures.directory.path, "--features", "/nonexistent-apphost"])
        let list = try ProcessRunner.run(apphost, ["list", "--features", fixtures.directory.path])

        #expect(run.status == 0)
        #expect(run.errors == "error: feature directory /nonexistent-apphost cannot be read\nerror: \(broken): not a loadable shared object: \(broken): invalid ELF header\n")
        #expect(run.output.contains("Welcome to AppHost."))
        #expect(list.status == 1, "a file that failed makes list fail")
        #expect(list.errors == "refused:\n  \(broken): not a loadable shared object: \(broken): invalid ELF header  (quarantined until the file changes: rebuild or replace it, or run with --rescan to probe it again)\n")
        #expect(!list.output.contains("refused"))
    }

    @Test
    func aBadWidthIsRefused() throws {
        let result = try ProcessRunner.run(apphost, ["--start", "home", "--width", "5"])

        #expect(result.status != 0)
        #expect(result.errors.contains("--width must be from 20 to 1000, got 5"))
    }
}
