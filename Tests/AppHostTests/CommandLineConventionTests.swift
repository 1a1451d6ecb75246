import AppHost
import AppHostSupport
import AppHostTesting
import Foundation
import Testing

/// The `apphost` command line as a person meets it: version, mistakes answered with the nearest
/// name, the route map, scripts with CRLF, JSON-only output, and the width of the terminal.
@Suite
struct CommandLineConventionTests {
    private let apphost = ProcessRunner.built("apphost")

    @Test
    func versionNamesTheHostTheSDKTheABIAndTheCompiler() throws {
        let result = try ProcessRunner.run(apphost, ["--version"])

        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == "apphost 1.0.0")
        #expect(lines[1].hasPrefix("SDK 1.0.0, feature ABI 2, Swift "))
        #expect(lines[2].hasPrefix("kit /") && lines[2].hasSuffix("/libAppHostKit.so"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func aShellsCompletionScriptCompletesStartWithTheNamesThatCanBeStarted(shell: String) throws {
        let script = try ProcessRunner.run(apphost, ["--generate-completion-script", shell])

        #expect(script.status == 0, "\(script.errors)")
        // The script asks apphost itself for --start's words, for run, test, crawl and graph.
        #expect(script.output.contains("---completion run -- --start"), "\(script.output.prefix(400))")
        #expect(script.output.contains("---completion crawl -- --start"))

        let all = try ProcessRunner.run(apphost, ["---completion", "run", "--", "--start", "2", "0", "apphost", "--start", ""])
        let names = all.output.split(separator: "\n").map(String.init)
        #expect(all.status == 0, "\(all.errors)")
        #expect(names.contains("home") && names.contains("main") && names.contains("character"), "\(names)")
        let started = try ProcessRunner.run(apphost, ["---completion", "run", "--", "--start", "2", "1", "apphost", "--start", "ho"])
        #expect(started.output == "home\n", "\(started.output)")
    }

    @Test(arguments: [
        (["lsit"], "error: unknown command 'lsit'; did you mean 'list'? (commands: run, list, routes, test, crawl, graph, lock, new-feature, mcp; run one with --help for its options)\n"),
        (["--strat", "home"], "error: unknown option '--strat'; did you mean '--start'? (apphost run --help lists them)\n"),
        (["list", "--rescna"], "error: unknown option '--rescna'; did you mean '--rescan'? (apphost list --help lists them)\n"),
        (["fly"], "error: unknown command 'fly' (commands: run, list, routes, test, crawl, graph, lock, new-feature, mcp; run one with --help for its options)\n"),
    ])
    func aMistypedCommandOrOptionIsNamedWithTheNearestOne(arguments: [String], error: String) throws {
        let result = try ProcessRunner.run(apphost, arguments)

        #expect(result.status == 64)
        #expect(result.output == "")
        #expect(result.errors == error)
    }

    /// Options written before the command are the command's, as many tools take them; a word that
    /// is an option's value is never taken for the command.
    @Test
    func optionsBeforeTheCommandAreTheCommands() throws {
        let features = URL(fileURLWithPath: apphost).deletingLastPathComponent().path
        let after = try ProcessRunner.run(apphost, ["routes", "--features", features])
        let before = try ProcessRunner.run(apphost, ["--features", features, "routes"])
        let unknown = try ProcessRunner.run(apphost, ["--bogus", "list"])
        let value = try ProcessRunner.run(apphost, ["--start", "list"])

        #expect(before.status == 0 && before.output == after.output && before.output.contains("about/main"), "\(before.errors)")
        #expect(unknown.status == 64 && unknown.errors == "error: unknown option '--bogus' (apphost list --help lists them)\n", "\(unknown.errors)")
        #expect(value.status == 2 && value.errors.hasPrefix("error: --start list: no loaded feature provides 'list'"), "\(value.errors)")
    }

    /// Run in a feature package whose build was not searched, a start (or a flow's) that finds
    /// nothing says which `--features` finds it.
    @Test
    func aPackagesUnsearchedBuildIsHintedWhenAStartFindsNothing() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("apphost-package-\(UUID().uuidString)")
        let build = package.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: package) }
        try FileManager.default.createSymbolicLink(atPath: build.appendingPathComponent("libWeatherFeature.so").path, withDestinationPath: AppHarness.libraryPath("About"))
        try Data("start weather\nsee Sunny\n".utf8).write(to: package.appendingPathComponent("weather.flow"))
        let hint = "hint: this folder's build holds libWeatherFeature.so, which was not searched: add --features .build/debug (or set APPHOST_FEATURES)\n"

        let session = try ProcessRunner.run(apphost, ["--start", "weather"], in: package.path)
        let flow = try ProcessRunner.run(apphost, ["test", "weather.flow"], in: package.path)
        let here = try ProcessRunner.run(apphost, ["--start", "weather"])

        #expect(session.status == 2 && session.errors.hasSuffix(hint), "\(session.errors)")
        #expect(flow.status == 1 && flow.output.hasSuffix(hint), "\(flow.output)")
        #expect(!here.errors.contains("hint:"), "a folder whose build is searched gets no hint: \(here.errors)")
    }

    /// A build whose libraries were all found by name in a searched folder (a release build beside
    /// the debug build the host came from) is no hint; one that holds another library is.
    @Test
    func aBuildOfTheSameLibrariesAsTheSearchedFolderIsNoHint() throws {
        let package = try PrivateFolder(prefix: "apphost-package")
        defer { package.remove() }
        let searched = package.path + "/.build/debug"
        let release = package.path + "/.build/release"
        for folder in [searched, release] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder + "/libAboutFeature.so", withDestinationPath: AppHarness.libraryPath("About"))
        }

        let same = FeatureDiscovery.unsearchedBuildHint(searched: [searched], workingFolder: package.path)
        try FileManager.default.createSymbolicLink(atPath: release + "/libWeatherFeature.so", withDestinationPath: AppHarness.libraryPath("About"))
        let another = FeatureDiscovery.unsearchedBuildHint(searched: [searched], workingFolder: package.path)

        #expect(same == nil, "\(same ?? "")")
        #expect(another == "this folder's build holds libWeatherFeature.so, which was not searched: add --features .build/release (or set APPHOST_FEATURES)")
    }

    @Test
    func aMistypedStartNameGetsASuggestionAndARouteWithoutStartSaysSo() throws {
        let typo = try ProcessRunner.run(apphost, ["--start", "hom"])
        let noStart = try ProcessRunner.run(apphost, ["--start", "character", "--features", "/nonexistent-apphost-folder"])

        #expect(typo.status == 2)
        #expect(typo.errors == "error: --start hom: no loaded feature provides 'hom'; did you mean 'home'? (known: about, backup, character, episode, gallery, home, main, recipes, settings, split, system)\n")
        #expect(noStart.status == 2)
        #expect(noStart.errors.hasSuffix("error: --start character: no loaded feature provides 'character' (known: none; no feature loaded)\n"))
    }

    @Test
    func aScriptCanBeADeviceOrAPipeAndAnUnreadableOneSaysWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apphost-script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("commands").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // A writer on the FIFO, as a shell's `--script <(…)` has one.
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            _ = "tap 3\n".withCString { write(descriptor, $0, 6) }
            close(descriptor)
        }
        writer.start()

        let empty = try ProcessRunner.run(apphost, ["--start", "home", "--script", "/dev/null"])
        let piped = try ProcessRunner.run(apphost, ["--start", "home", "--script", fifo])
        let missing = try ProcessRunner.run(apphost, ["--start", "home", "--script", folder.path + "/none.txt"])
        let directory = try ProcessRunner.run(apphost, ["--start", "home", "--script", folder.path])

        #expect(empty.status == 0)
        #expect(empty.errors == "")
        #expect(empty.output.hasPrefix("════"))
        #expect(piped.status == 0)
        #expect(piped.output.contains("About AppHost"))
        #expect(missing.status == 64)
        #expect(missing.errors.hasPrefix("error: --script \(folder.path)/none.txt: No such file or directory\n"))
        #expect(directory.status == 64)
        #expect(directory.errors.hasPrefix("error: --script \(folder.path): is a folder, not a file of commands\n"))
    }

    @Test
    func theTopLevelHelpShowsTheCommonInvocations() throws {
        let result = try ProcessRunner.run(apphost, ["--help"])

        #expect(result.status == 0)
        #expect(result.output.contains("apphost --start NAME [options]"))
        #expect(result.output.contains("apphost --start home --script tour.txt"))
        #expect(result.output.contains("apphost routes"))
    }

    @Test
    func routesListsEveryDestinationWithItsFeatureAndShells() throws {
        let text = try ProcessRunner.run(apphost, ["routes"], environment: ["COLUMNS": "200"])
        let json = try ProcessRunner.run(apphost, ["routes", "--format", "json"])

        #expect(text.status == 0)
        let about = ProcessRunner.built("libAboutFeature.so")
        #expect(text.output.contains("about  C feature 'about'  feature about, \(about)\n  start: about/main  (--start about)\n  about/main\n  about/licenses\n  about/license?(id: int64)\n"))
        #expect(text.output.contains("character  CharacterFeature.CharacterNavigation  feature character, "))
        #expect(text.output.contains("  character/list\n  character/detail?(identifier: int)\n  character/picker\n"))
        #expect(text.output.contains("@main  shell, tabs  (--start main): 1 Home → home, 2 Characters → character, 3 Settings → settings\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let routes = try #require(object["routes"] as? [[String: Any]])
        #expect(routes.compactMap { $0["name"] as? String } == ["about", "backup", "character", "episode", "gallery", "home", "recipes", "settings", "system"])
        #expect((object["shells"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["main", "split"])
    }

    @Test
    func aScriptWithCRLFLineEndingsRunsEveryCommand() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("apphost-crlf-\(UUID().uuidString).txt")
        try Data("tap 1\r\nback\r\nstate\r\n".utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }

        let result = try ProcessRunner.run(apphost, ["--start", "home", "--script", script.path, "--strict"])

        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(result.output.hasSuffix("home/main\n"))
        #expect(result.output.contains("Home › Characters"))
    }

    @Test
    func inJSONModeStandardOutputHoldsOnlyJSONLines() throws {
        let result = try ProcessRunner.run(apphost, ["--start", "home", "--format", "json"], input: "state\nhelp\nroutes\ntap 1\n")

        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 5)
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "not a JSON object: \(line.prefix(80))")
        }
        #expect(lines[1] == #"{"state":"home/main"}"#)
        #expect(lines[2].hasPrefix(#"{"help":[{"summary":"#))
    }

    @Test
    func theWidthComesFromCOLUMNSWhenNotGivenAndHelpFitsIt() throws {
        let result = try ProcessRunner.run(apphost, ["--start", "home"], input: "help\n", environment: ["COLUMNS": "44"])
        let fixed = try ProcessRunner.run(apphost, ["--start", "home", "--width", "70"], input: "", environment: ["COLUMNS": "44"])

        let lines = result.output.split(separator: "\n")
        #expect(lines.first?.count == 44)
        #expect(lines.allSatisfy { $0.count <= 44 }, "a line is wider than COLUMNS")
        #expect(result.output.contains("tap N|LABEL        activate element N, or\n                   the one whose label is"))
        #expect(fixed.output.split(separator: "\n").first?.count == 70)
    }

    @Test
    func colourEmphasisesOnlyWhenAskedOrOnATerminal() throws {
        let input = "tab 3\ntap Reset\n"
        let always = try ProcessRunner.run(apphost, ["--start", "main", "--color", "always"], input: input + "tap 9\n")
        let piped = try ProcessRunner.run(apphost, ["--start", "main"], input: input)
        let never = try ProcessRunner.run(apphost, ["--start", "main", "--color", "never"], input: input)

        let escape = "\u{1B}["
        #expect(!piped.output.contains(escape) && !piped.errors.contains(escape), "piped output has no escape sequences")
        #expect(never.output == piped.output)
        #expect(always.output.contains("\u{1B}[1mReset settings?\u{1B}[0m"), "a title is bold")
        #expect(always.output.contains("\u{1B}[31m[1] Reset (destructive)\u{1B}[0m"), "a destructive button is red")
        #expect(always.output.contains("\u{1B}[1;7m[3 Settings]\u{1B}[0m"), "the selected tab is in reverse video")
        #expect(always.output.contains("\u{1B}[2m[·] Reset settings\u{1B}[0m"), "the layer under the dialog is dim")
        #expect(always.errors.hasPrefix("\u{1B}[1;31merror:\u{1B}[0m tap 9:"))
        // Without the escape sequences, the screens are the same bytes.
        let stripped = always.output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(stripped.hasPrefix(piped.output))
    }
}
