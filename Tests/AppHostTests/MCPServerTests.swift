import AppHost
import AppHostFlows
@testable import AppHostSupport
import Foundation
import MCP
import Synchronization
import SystemPackage
import Testing
@testable import apphost

/// `apphost mcp` driven by the MCP SDK's own client over real pipes, the server a real child process.
@Suite
struct MCPServerTests {
    private let apphost = ProcessRunner.built("apphost")

    /// A running `apphost mcp` and a client connected to it.
    ///
    /// `@unchecked Sendable`: calls from several tasks reach only `client`, an actor; the process and
    /// the pipes are touched by `init` and `close` alone.
    final class Connection: @unchecked Sendable {
        let client = Client(name: "apphost-tests", version: "1")
        private let server: RunningProcess

        init(_ apphost: String, _ arguments: [String] = [], environment: [String: String] = [:]) async throws {
            server = try ProcessRunner.start(apphost, ["mcp"] + arguments, environment: environment)
            let transport = StdioTransport(
                input: FileDescriptor(rawValue: server.output.fileHandleForReading.fileDescriptor),
                output: FileDescriptor(rawValue: server.input.fileHandleForWriting.fileDescriptor)
            )
            try await client.connect(transport: transport)
        }

        /// Calls `tool`: its text, structured content and whether it failed.
        func call(_ tool: String, _ arguments: [String: Value] = [:]) async throws -> (text: String, structured: Value?, isError: Bool) {
            let result = try await client.send(CallTool.request(.init(name: tool, arguments: arguments))).value
            let text = result.content.compactMap { content -> String? in
                if case .text(let text, _, _) = content { return text }
                return nil
            }.joined(separator: "\n")
            return (text, result.structuredContent, result.isError ?? false)
        }

        func close() async {
            await client.disconnect()
            try? server.input.fileHandleForWriting.close()
            server.process.waitUntilExit()
        }
    }

    @Test
    func backAndDismissCloseWhatAFeaturesViewsOpenedAndTheResultLineNamesIt() async throws {
        let server = try await Connection(apphost)
        _ = try await server.call("start", ["start": "recipes", "width": 60])
        let loaded = try await server.call("wait", ["session": "s1", "until": "Carbonara"])
        #expect(loaded.text.hasPrefix(#"session s1 · recipes/book › tab "Recipes""#), "\(loaded.text)")

        _ = try await server.call("tap", ["session": "s1", "element": "Carbonara"])
        let sheet = try await server.call("tap", ["session": "s1", "element": "Share"])
        #expect(sheet.structured?.objectValue?["route"]?.stringValue == #"recipes/book › tab "Recipes" › push "Carbonara" › sheet "Share""#, "\(sheet.text)")
        let dismissed = try await server.call("dismiss", ["session": "s1"])
        #expect(dismissed.text.hasPrefix(#"session s1 · recipes/book › tab "Recipes" › push "Carbonara""# + "\n"), "\(dismissed.text)")
        let back = try await server.call("back", ["session": "s1"])
        #expect(back.structured?.objectValue?["route"]?.stringValue == #"recipes/book › tab "Recipes""#, "\(back.text)")
        let state = try await server.call("state", ["session": "s1"])
        #expect(state.text.contains(#"recipes/book › tab "Recipes""#), "\(state.text)")
        let refused = try await server.call("back", ["session": "s1"])
        #expect(refused.isError && refused.text.contains("already at the first screen (recipes/book)"), "\(refused.text)")
        await server.close()
    }

    @Test
    func aClientStartsTapsThroughToADetailAndReadsTheRouteAndTheScreen() async throws {
        let server = try await Connection(apphost)
        let tools = try await server.client.listTools().tools.map(\.name)
        #expect(Set(["start", "tap", "type", "back", "root", "dismiss", "tab", "open", "wait", "state", "screen", "routes", "list", "crawl", "graph", "test", "record", "close"]).isSubset(of: Set(tools)))

        let started = try await server.call("start", ["start": "home", "width": 60])
        #expect(!started.isError, "\(started.text)")
        #expect(started.structured?.objectValue?["session"]?.stringValue == "s1")
        #expect(started.text.contains("Home"))
        #expect(started.structured?.objectValue?["layout"]?.objectValue != nil, "the JSON layout is structured content")

        let list = try await server.call("tap", ["session": "s1", "element": 1])
        #expect(list.structured?.objectValue?["route"]?.stringValue == "character/list", "\(list.text)")
        let morty = try await server.call("tap", ["session": "s1", "element": "Morty Smith (Alive)"])
        #expect(morty.structured?.objectValue?["route"]?.stringValue == "character/detail?identifier=2", "\(morty.text)")
        #expect(morty.text.contains("Morty Smith"))

        let state = try await server.call("state", ["session": "s1"])
        #expect(state.text.contains("character/detail?identifier=2"), "\(state.text)")
        let screen = try await server.call("screen", ["session": "s1"])
        #expect(screen.structured?.objectValue?["screen"]?.stringValue == morty.structured?.objectValue?["screen"]?.stringValue)

        let back = try await server.call("back", ["session": "s1"])
        #expect(back.structured?.objectValue?["route"]?.stringValue == "character/list")
        let record = try await server.call("record", ["session": "s1"])
        #expect(record.text.contains("start home") && record.text.contains("tap Morty Smith (Alive)") && record.text.contains("back"), "\(record.text)")

        let closed = try await server.call("close", ["session": "s1"])
        #expect(!closed.isError)
        let after = try await server.call("tap", ["session": "s1", "element": 1])
        #expect(after.isError && after.text.contains("no session 's1'"), "\(after.text)")
        await server.close()
    }

    @Test
    func badArgumentsAreNamedAndTheServerGoesOn() async throws {
        let server = try await Connection(apphost)
        let cases: [(String, [String: Value], String)] = [
            ("start", [:], "start needs 'start'"),
            ("start", ["start": "home", "width": 7], "'width' must be a whole number from"),
            ("start", ["start": "nowhere"], "start: "),
            ("tap", ["session": "s1"], "no session 's1'"),
            ("tap", ["element": 1], "tap needs 'session'"),
            ("open", ["session": "s1", "link": "a", "colour": "red"], "open takes no argument 'colour'"),
            ("wait", ["session": "s1"], "no session 's1'"),
            ("fly", [:], "no tool 'fly'"),
            // A value that looks like an option stays a value.
            ("start", ["start": "--help"], "no loaded feature provides '--help'"),
            ("crawl", ["start": "--version"], "crawl: "),
        ]
        for (tool, arguments, message) in cases {
            let result = try await server.call(tool, arguments)
            #expect(result.isError, "\(tool) \(arguments)")
            #expect(result.text.contains(message), "\(tool) \(arguments): \(result.text)")
        }
        let started = try await server.call("start", ["start": "home"])
        #expect(!started.isError, "\(started.text)")
        let id = try #require(started.structured?.objectValue?["session"]?.stringValue)
        let missing = try await server.call("tap", ["session": .string(id), "element": 99])
        #expect(missing.isError && missing.text.contains("error: "), "\(missing.text)")
        let long = try await server.call("type", ["session": .string(id), "element": "search", "text": .string(String(repeating: "x", count: 70_000))])
        #expect(long.isError && long.text.contains("error: type: the command is 70016 bytes; a session reads at most 65536"), "\(long.text.prefix(200))")
        let wait = try await server.call("wait", ["session": .string(id)])
        #expect(wait.isError && wait.text.contains("wait needs one of 'duration'"), "\(wait.text)")
        await server.close()
    }

    @Test
    func aLiveScreenWakesExactlyOnceAMillisecondOfVirtualTimeAndAFieldIsEmptied() async throws {
        let server = try await Connection(apphost)
        _ = try await server.call("start", ["start": "settings", "width": 60])
        _ = try await server.call("tap", ["session": "s1", "element": "Sync status"])

        let second = try await server.call("wait", ["session": "s1", "duration": "1s"])
        let eleven = try await server.call("wait", ["session": "s1", "duration": "10s"])
        _ = try await server.call("open", ["session": "s1", "link": "character/list"])
        let typed = try await server.call("type", ["session": "s1", "element": "search", "text": "rick"])
        let emptied = try await server.call("type", ["session": "s1", "element": "search", "text": ""])

        #expect(!second.isError && second.text.contains("Checks: 1000\n"), "\(second.text)")
        #expect(!eleven.isError && eleven.text.contains("Checks: 11000\n"), "\(eleven.text)")
        #expect(!typed.isError && typed.text.contains("Search: rick_"), "\(typed.text)")
        #expect(!emptied.isError && emptied.text.contains("Search: _"), "\(emptied.text)")
        await server.close()
    }

    @Test
    func whatAFeaturePrintsOrClosesNeverReachesTheProtocol() async throws {
        let fixtures = try FeatureFixtures()
        try CCompiler.compile(CCompiler.fixture("crash.c"), to: fixtures.path("libCrashFeature.so"))
        let server = try await Connection(apphost, ["--features", fixtures.directory.path])
        _ = try await server.call("start", ["start": "crash"])

        let printed = try await server.call("open", ["session": "s1", "link": "crash/print"])
        let closed = try await server.call("open", ["session": "s1", "link": "crash/closeout"])
        let after = try await server.call("back", ["session": "s1"])
        await server.close()

        #expect(!printed.isError && printed.text.contains("Printed") && !printed.text.contains("not from the host"), "\(printed.text)")
        #expect(!closed.isError && closed.text.contains("Closed"), "\(closed.text)")
        #expect(!after.isError && after.structured?.objectValue?["route"]?.stringValue == "crash/print", "\(after.text)")
    }

    @Test
    func aCrashingOrHangingFeatureEndsOnlyItsSessionAndTheServerAnswersTheNext() async throws {
        let fixtures = try FeatureFixtures()
        try CCompiler.compile(CCompiler.fixture("crash.c"), to: fixtures.path("libCrashFeature.so"))
        let server = try await Connection(apphost, ["--features", fixtures.directory.path, "--feature-timeout", "2"])
        let first = try await server.call("start", ["start": "crash"])
        let second = try await server.call("start", ["start": "crash"])
        #expect(first.structured?.objectValue?["session"]?.stringValue == "s1", "\(first.text)")
        #expect(second.structured?.objectValue?["session"]?.stringValue == "s2", "\(second.text)")

        let crashed = try await server.call("tap", ["session": "s1", "element": "Segfault"])
        #expect(crashed.isError)
        #expect(crashed.text.contains("session s1 ended") && crashed.text.contains("libCrashFeature.so"), "\(crashed.text)")

        let third = try await server.call("start", ["start": "crash"])
        #expect(third.structured?.objectValue?["session"]?.stringValue == "s3", "\(third.text)")
        let hung = try await server.call("tap", ["session": "s3", "element": "Hang"])
        #expect(hung.isError && hung.text.contains("session s3 ended") && hung.text.contains("did not return within 2 s"), "\(hung.text)")

        let fine = try await server.call("tap", ["session": "s2", "element": "Fine"])
        #expect(!fine.isError && fine.structured?.objectValue?["route"]?.stringValue == "crash/fine", "\(fine.text)")
        let open = try await server.call("sessions")
        #expect(open.text == "s2 · crash/fine", "\(open.text)")
        await server.close()
    }

    /// A feature thread that writes to standard error while its feature crashes does not hide the
    /// line that names the library.
    @Test
    func aCrashAmidAFeaturesOwnChatterIsStillNamedByItsLibrary() async throws {
        let fixtures = try FeatureFixtures()
        try CCompiler.compile(CCompiler.fixture("crash.c"), to: fixtures.path("libCrashFeature.so"))
        let server = try await Connection(apphost, ["--features", fixtures.directory.path])
        _ = try await server.call("start", ["start": "crash"])

        let crashed = try await server.call("open", ["session": "s1", "link": "crash/noisy"])
        await server.close()

        #expect(crashed.isError)
        #expect(crashed.text == "error: session s1 ended: error: \(fixtures.path("libCrashFeature.so")): crashed (SIGSEGV) while running 'open crash/noisy'; the session ended", "\(crashed.text)")
    }

    /// A screen of two million elements is drawn to the most a screen holds, with an error naming
    /// its feature, and the session goes on: its answer is never so big that the session is ended.
    @Test
    func aScreenOfMillionsIsCutNamingItsFeatureAndTheSessionGoesOn() throws {
        let fixtures = try FeatureFixtures()
        let library = fixtures.path("libCrashFeature.so")
        try CCompiler.compile(CCompiler.fixture("crash.c"), to: library)

        // Two million elements take a debug build a second alone, and many times that beside the
        // rest of the suite on two cores: the watchdog gets room, since it is not what is tested here.
        let served = try ProcessRunner.run(
            apphost, ["serve", "--start", "crash", "--features", fixtures.directory.path, "--feature-timeout", "120"], input: "open crash/huge\nback\n"
        )

        let answers = served.output.split(separator: "\n").map { try? JSONDecoder().decode(SessionAnswer.self, from: Data($0.utf8)) }
        #expect(served.status == 0, "\(served.errors)")
        #expect(answers.count == 3)
        let huge = try #require(answers.count == 3 ? answers[1] : nil)
        #expect(huge.route == "crash/huge")
        #expect(huge.layout.contains(#"{"message":"libCrashFeature.so's screen holds more than 100000 elements; the first 100000 are drawn (BodyNesting.maximumElements)","type":"error"}"#))
        #expect(huge.screen.components(separatedBy: "\nrow").count - 1 == BodyNesting.maximumElements - 1, "the title and the rows up to the most")
        #expect(served.output.utf8.count < LineChild.maximumLine)
        #expect(answers.last??.route == "crash/main")
    }

    /// `--allow-untrusted` is for the folders the server was given: a folder a client names gets
    /// every trust check, unless the server also allows client folders by its own option.
    @Test
    func aFolderAClientNamesGetsTheTrustChecksTheServersOwnSkip() async throws {
        let fixtures = try FeatureFixtures()
        try fixtures.addBuiltFeature("Home")
        let folder = fixtures.directory.path
        #expect(chmod(folder, 0o777) == 0)
        defer { chmod(folder, 0o755) }

        let server = try await Connection(apphost, ["--features", folder, "--allow-untrusted"])
        let own = try await server.call("start", ["start": "home"])
        let named = try await server.call("start", ["start": "home", "features": [.string(folder)]])
        let listed = try await server.call("list", ["features": [.string(folder)]])
        await server.close()
        let allowing = try await Connection(apphost, ["--allow-untrusted", "--allow-untrusted-client-folders"])
        let allowed = try await allowing.call("start", ["start": "home", "features": [.string(folder)]])
        await allowing.close()

        #expect(!own.isError, "the server's own folder, allowed by its option: \(own.text)")
        #expect(named.isError && named.text.contains("\(folder): the folder is writable by group and others (mode 777)"), "\(named.text)")
        #expect(listed.text.contains("the folder is writable by group and others (mode 777)"), "\(listed.text)")
        #expect(!allowed.isError, "\(allowed.text)")
    }

    @Test
    func twoSessionsAtOnceAreApart() async throws {
        let server = try await Connection(apphost)
        _ = try await server.call("start", ["start": "home"])
        _ = try await server.call("start", ["start": "home", "open": "character/detail?identifier=1"])
        async let one = server.call("tap", ["session": "s1", "element": 1])
        async let two = server.call("back", ["session": "s2"])
        let (list, back) = try await (one, two)
        #expect(list.structured?.objectValue?["route"]?.stringValue == "character/list", "\(list.text)")
        #expect(back.structured?.objectValue?["route"]?.stringValue == "home/main", "\(back.text)")
        let first = try await server.call("state", ["session": "s1"])
        #expect(first.text.contains("character/list") && !first.text.contains("identifier"), "\(first.text)")
        let url = try await server.call("start", ["start": "myapp://character/detail/3"])
        #expect(url.structured?.objectValue?["route"]?.stringValue == "character/detail?identifier=3", "\(url.text)")
        #expect(url.structured?.objectValue?["link"]?.stringValue?.hasPrefix("@main:") == true, "a URL starts in the app's shell: \(url.text)")
        let bad = try await server.call("start", ["start": "character/detail?identifier=x"])
        #expect(bad.isError && bad.text.contains("error: start: --open character/detail?identifier=x: parameter 'identifier' expects an integer"), "\(bad.text)")
        await server.close()
    }

    @Test
    func flowsCrawlsGraphsRoutesAndResources() async throws {
        let server = try await Connection(apphost)
        let flows = CCompiler.repository.appendingPathComponent("Features").path
        let test = try await server.call("test", ["paths": [.string(flows)]])
        #expect(!test.isError && test.text.contains("PASS") && test.text.contains("flows: ") && test.text.contains(" passed, 0 failed"), "\(test.text)")
        #expect(test.structured?.objectValue?["passed"]?.boolValue == true)
        #expect(test.structured?.objectValue?["junit"]?.stringValue?.contains("<testsuite") == true)

        let crawl = try await server.call("crawl", ["start": "about"])
        // The verdict and counts first and short; the states are structured content.
        let crawlLines = crawl.text.split(separator: "\n")
        #expect(!crawl.isError && crawlLines.first?.hasPrefix("crawl from about: ") == true, "\(crawl.text)")
        #expect(crawlLines.count > 1 && (crawlLines[1] == "no problems" || crawlLines[1].hasSuffix(":")), "\(crawl.text)")
        #expect(!crawl.text.contains("\nreached:\n"), "the states are not in the text: \(crawl.text)")
        #expect(crawl.structured?.objectValue?["reached"]?.arrayValue?.isEmpty == false)
        let graph = try await server.call("graph", ["start": "about"])
        #expect(graph.text.contains("flowchart"), "\(graph.text)")
        let routes = try await server.call("routes")
        #expect(routes.text.contains("character/detail?(identifier: int)"), "\(routes.text)")
        let list = try await server.call("list")
        #expect(!list.isError && list.text.contains("libCharacterFeature.so"), "\(list.text)")

        let resources = try await server.client.listResources().resources.map(\.uri)
        #expect(resources.contains("apphost://docs/flows") && resources.contains("apphost://routes/character"), "\(resources)")
        let character = try await server.client.readResource(uri: "apphost://routes/character")
        #expect("\(character)".contains("detail"))
        let syntax = try await server.client.readResource(uri: "apphost://docs/flows")
        for step in Flow.assertions {
            #expect("\(syntax)".contains("`\(step)"), "the flow syntax names \(step)")
        }
        await server.close()
    }

    @Test
    func tabsTypingWaitingOpeningAndARecordingReplayed() async throws {
        let folder = try FeatureFixtures()
        let server = try await Connection(apphost, ["--root", folder.directory.path])
        _ = try await server.call("start", ["start": "main"])
        let tab = try await server.call("tab", ["session": "s1", "item": "Characters"])
        #expect(tab.text.contains("[2 Characters]"), "\(tab.text)")
        let twoWords = try await server.call("type", ["session": "s1", "element": "Search: _", "text": "rick"])
        #expect(twoWords.isError && twoWords.text.contains("no element labelled 'Search: _'"), "what the screen shows is no label: \(twoWords.text)")
        let typed = try await server.call("type", ["session": "s1", "element": "search", "text": "rick"])
        #expect(!typed.isError && typed.text.contains("Search: rick_") && typed.text.contains("24 characters"), "\(typed.text)")
        // Time is virtual: the list's debounce waits for the wait tool, to the millisecond.
        #expect(typed.structured?.objectValue?["sleeping"]?.intValue == 1, "\(typed.text)")
        let early = try await server.call("wait", ["session": "s1", "duration": "299ms"])
        #expect(early.text.contains("24 characters"), "\(early.text)")
        let waited = try await server.call("wait", ["session": "s1", "until": "5 characters"])
        #expect(!waited.isError && waited.text.contains("5 characters"), "\(waited.text)")
        #expect(waited.structured?.objectValue?["sleeping"]?.intValue == 0)
        let filter = try await server.call("tap", ["session": "s1", "element": "Filter: All"])
        #expect(filter.structured?.objectValue?["route"]?.stringValue == "character-filter?live=1", "\(filter.text)")
        let dismissed = try await server.call("dismiss", ["session": "s1"])
        #expect(dismissed.structured?.objectValue?["route"]?.stringValue == "character/list", "\(dismissed.text)")
        let opened = try await server.call("open", ["session": "s1", "link": "character/detail?identifier=3"])
        #expect(opened.text.contains("Summer Smith"), "\(opened.text)")
        let root = try await server.call("root", ["session": "s1"])
        #expect(root.structured?.objectValue?["route"]?.stringValue == "character/list", "\(root.text)")

        let flow = folder.path("session.flow")
        let recorded = try await server.call("record", ["session": "s1", "path": .string(flow)])
        #expect(!recorded.isError && recorded.text.contains("snapshot session.screens/"), "\(recorded.text)")
        let replay = try ProcessRunner.run(apphost, ["test", flow])
        #expect(replay.status == 0 && replay.output.contains("PASS"), "\(replay.output)\(replay.errors)")
        let wrong = try await server.call("record", ["session": "s1", "path": "notes.txt"])
        #expect(wrong.isError && wrong.text.contains("must name a .flow file"), "\(wrong.text)")
        await server.close()
    }

    @Test
    func theRecordToolWritesOnlyNewFilesInsideItsRootAndItsRecordingsArePrivate() async throws {
        let folder = try FeatureFixtures()
        let root = folder.path("root")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let outside = folder.path("bashrc")
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.createSymbolicLink(atPath: root + "/link.flow", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: root + "/away", withDestinationPath: folder.directory.path)
        try Data("start home\n".utf8).write(to: URL(fileURLWithPath: root + "/kept.flow"))
        try FileManager.default.createDirectory(atPath: root + "/kept2.screens", withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: root + "/kept2.screens/000.screen"))
        // A temporary folder of the test's own, where another user's planted folder would be.
        let temporary = folder.path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: temporary + "/apphost-mcp-planted", withIntermediateDirectories: true)
        let server = try await Connection(apphost, ["--root", root], environment: ["TMPDIR": temporary])
        _ = try await server.call("start", ["start": "home"])
        _ = try await server.call("tap", ["session": "s1", "element": 1])
        let ours = try FileManager.default.contentsOfDirectory(atPath: temporary).filter { $0 != "apphost-mcp-planted" }
        let mode = try ours.first.map { try FileManager.default.attributesOfItem(atPath: temporary + "/" + $0)[.posixPermissions] as? Int }

        let cases: [(String, String)] = [
            ("link.flow", "is a symbolic link"),
            ("away/escape.flow", "passes through away, which is a symbolic link"),
            ("../escape.flow", "climbs out with '..'"),
            (folder.path("escape.flow"), "is outside \(root)"),
            ("~/escape.flow", "'~' is not expanded"),
            ("kept.flow", "kept.flow exists; name a new file"),
            ("kept2.flow", "kept2.screens exists; name a new one"),
        ]
        var answers: [String] = []
        for (path, _) in cases {
            answers.append(try await server.call("record", ["session": "s1", "path": .string(path)]).text)
        }
        let written = try await server.call("record", ["session": "s1", "path": "new/ok.flow"])
        await server.close()

        for ((path, reason), answer) in zip(cases, answers) {
            #expect(answer.contains(reason), "\(path): \(answer)")
        }
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "precious\n")
        #expect(try String(contentsOfFile: root + "/kept.flow", encoding: .utf8) == "start home\n")
        #expect(try String(contentsOfFile: root + "/kept2.screens/000.screen", encoding: .utf8) == "mine\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path("escape.flow")))
        #expect(written.text.contains("snapshot ok.screens/000.screen"), "\(written.text)")
        #expect(FileManager.default.fileExists(atPath: root + "/new/ok.screens/000.screen"))
        // Its recordings went to a folder of its own (mkdtemp, 0700), removed when it ended.
        #expect(ours.count == 1 && ours[0].hasPrefix("apphost-mcp-"), "\(ours)")
        #expect(mode == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == ["apphost-mcp-planted"])
    }

    /// `apphost mcp` takes its options for `apphost-mcp`, which it becomes: the two declare the same ones.
    @Test
    func apphostMcpAndTheServerTakeTheSameOptions() throws {
        let server = try ProcessRunner.run(ProcessRunner.built("apphost-mcp"), ["--experimental-dump-help"])
        struct Description: Decodable {
            struct Command: Decodable { var arguments: [Argument]? }
            struct Argument: Decodable {
                struct Name: Decodable { var kind: String; var name: String }
                var names: [Name]?
            }
            var command: Command
        }
        let described = try JSONDecoder().decode(Description.self, from: Data(server.output.utf8))
        let serverOptions = Set((described.command.arguments ?? []).flatMap { ($0.names ?? []).filter { $0.kind == "long" }.map { "--" + $0.name } })
        let commandOptions = Set(AppHostCommand.declaredOptions(of: MCPCommand.self).flatMap(\.names))
        #expect(!commandOptions.isEmpty)
        #expect(serverOptions.subtracting(["--help", "--version"]) == commandOptions.subtracting(["--help", "--version"]))
    }

    @Test
    func aSessionOnRealTimeLetsSleepsRunByThemselves() async throws {
        let server = try await Connection(apphost)
        _ = try await server.call("start", ["start": "character", "real_time": true])
        let typed = try await server.call("type", ["session": "s1", "element": "search", "text": "rick"])
        #expect(typed.structured?.objectValue?["sleeping"]?.intValue == 0, "\(typed.text)")
        // The debounce runs on its own, 300 ms of real time later (a loaded machine may take longer).
        var screen = try await server.call("screen", ["session": "s1"])
        let deadline = ContinuousClock.now + .seconds(30)
        while !screen.text.contains("5 characters"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            screen = try await server.call("screen", ["session": "s1"])
        }
        #expect(screen.text.contains("5 characters"), "the debounce ran on its own: \(screen.text)")
        let wrong = try await server.call("start", ["start": "character", "real_time": "yes"])
        #expect(wrong.isError && wrong.text.contains("'real_time' must be true or false"), "\(wrong.text)")
        await server.close()
    }

    @Test
    func theSessionsToolAnswersWhileASessionRunsALongWait() async throws {
        final class Progress: Sendable {
            let waitEnded = Mutex(false)
            let answeredMeanwhile = Mutex(0)
        }
        let server = try await Connection(apphost)
        _ = try await server.call("start", ["start": "home", "real_time": true])
        let progress = Progress()

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                _ = try await server.call("wait", ["session": "s1", "duration": "3s"])
                progress.waitEnded.withLock { $0 = true }
            }
            group.addTask {
                // Until the wait ends: were the sessions tool to queue behind it, at most the call
                // made before the wait began could answer.
                while !progress.waitEnded.withLock({ $0 }) {
                    let listed = try await server.call("sessions")
                    if !progress.waitEnded.withLock({ $0 }), listed.text.contains("s1 · home/main") {
                        progress.answeredMeanwhile.withLock { $0 += 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        await server.close()

        #expect(progress.answeredMeanwhile.withLock { $0 } >= 2)
    }

    @Test
    func startsAtOnceNeverOpenMoreThanTheMostSessions() async throws {
        let server = try await Connection(apphost, ["--max-sessions", "3"])

        let started = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 { group.addTask { !(try await server.call("start", ["start": "home"])).isError } }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        let open = try await server.call("sessions")
        await server.close()

        #expect(started == 3)
        #expect(open.text.split(separator: "\n").count == 3, "\(open.text)")
    }

    @Test
    func startsPastTheMostSessionsAreRefusedUntilOneCloses() async throws {
        let server = try await Connection(apphost, ["--max-sessions", "1"])
        #expect(!(try await server.call("start", ["start": "home"])).isError)
        let refused = try await server.call("start", ["start": "home"])
        #expect(refused.isError && refused.text.contains("1 session is open or starting, the most at once"), "\(refused.text)")
        _ = try await server.call("close", ["session": "s1"])
        let again = try await server.call("start", ["start": "home"])
        #expect(!again.isError, "\(again.text)")
        await server.close()
    }

    @Test
    func aSessionUnusedForTheIdleTimeIsClosed() async throws {
        let server = try await Connection(apphost, ["--idle-timeout", "1"])
        let started = try await server.call("start", ["start": "home"])
        #expect(!started.isError && started.structured?.objectValue?["session"]?.stringValue == "s1", "\(started.text)")
        // Nothing closes it but its idle time: it goes within a second or two of its last use (a loaded
        // machine may take longer to get there, so this waits up to 30 s).
        var open = try await server.call("sessions").text
        let deadline = ContinuousClock.now + .seconds(30)
        while open != "no session is open", ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(250))
            open = try await server.call("sessions").text
        }
        #expect(open == "no session is open")
        let tap = try await server.call("tap", ["session": "s1", "element": 1])
        #expect(tap.isError && tap.text.contains("no session 's1'"), "\(tap.text)")
        await server.close()
    }

    /// Nothing but the protocol on standard output, even when a session's feature crashes.
    @Test
    func standardOutputCarriesOnlyTheProtocol() throws {
        let fixtures = try FeatureFixtures()
        try CCompiler.compile(CCompiler.fixture("crash.c"), to: fixtures.path("libCrashFeature.so"))
        let requests = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"start","arguments":{"start":"crash"}}}"#,
        ]
        let running = try ProcessRunner.start(apphost, ["mcp", "--features", fixtures.directory.path, "--log-level", "debug"])
        let (process, input, output, errors) = (running.process, running.input, running.output, running.errors)
        let reader = output.fileHandleForReading
        var buffered = Data()
        /// Reads standard output up to the answer to `id`; every line on the way must be a protocol message.
        func answer(to id: Int) -> [String: Any]? {
            while true {
                while let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = buffered[buffered.startIndex..<newline]
                    buffered = Data(buffered[(newline + 1)...])
                    guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
                        Issue.record("not a protocol message on standard output: \(String(decoding: line, as: UTF8.self))")
                        return nil
                    }
                    #expect(object["jsonrpc"] as? String == "2.0")
                    if object["id"] as? Int == id { return object }
                }
                let chunk = reader.availableData
                if chunk.isEmpty { return nil }
                buffered += chunk
            }
        }
        for request in requests { input.fileHandleForWriting.write(Data((request + "\n").utf8)) }
        #expect(answer(to: 2) != nil)
        let crash = #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"tap","arguments":{"session":"s1","element":"Segfault"}}}"#
        input.fileHandleForWriting.write(Data((crash + "\n").utf8))
        let crashed = answer(to: 3)
        #expect(((crashed?["result"] as? [String: Any])?["isError"] as? Bool) == true)
        let list = #"{"jsonrpc":"2.0","id":4,"method":"tools/list"}"#
        input.fileHandleForWriting.write(Data((list + "\n").utf8))
        #expect(answer(to: 4) != nil, "the server answers after a session's crash")
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("session s1 ended"), "the server's log, on standard error: \(said)")
    }
}
