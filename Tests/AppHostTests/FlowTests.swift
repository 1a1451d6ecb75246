import AppHost
import AppHostFlows
@testable import AppHostSupport
import AppHostTesting
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `apphost test`: flows with assertions, run in child sessions, reported per flow and as JUnit XML.
@Suite
struct FlowTests {
    private let apphost = ProcessRunner.built("apphost")
    private static let features = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Features").path

    private func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apphost-flows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test
    func theBuiltInFeaturesFlowsPass() throws {
        let result = try ProcessRunner.run(apphost, ["test", Self.features])

        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("23 flows: 23 passed, 0 failed ("))
        let colored = try ProcessRunner.run(apphost, ["test", Self.features + "/Home/Flows", "--color", "always"])
        #expect(colored.output.hasPrefix("\u{1B}[32mPASS\u{1B}[0m "), "\(colored.output)")
        // In the files' order whichever flow ends first: two runs print the same lines.
        let printed = result.output.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.map { $0.split(separator: " ")[1] }
        #expect(printed == printed.sorted(), "\(printed)")
        for name in ["Home/Flows/home.flow", "Character/Flows/character.flow", "Character/Flows/search.flow", "Character/Flows/filter.flow", "Settings/Flows/settings.flow", "Settings/Flows/sync.flow", "About/Flows/about.flow", "Shell/Flows/main.flow", "Shell/Flows/tour.flow", "Episode/Flows/episodes.flow", "Episode/Flows/links.flow", "Gallery/Flows/gallery.flow", "Backup/Flows/load.flow", "Backup/Flows/upload.flow", "Backup/Flows/verify.flow", "Backup/Flows/server.flow", "Backup/Flows/schedule.flow", "Backup/Flows/sync.flow", "Backup/Flows/compact.flow", "Recipes/Flows/links.flow", "Recipes/Flows/push.flow", "Recipes/Flows/sheets.flow", "Recipes/Flows/tabs.flow"] {
            #expect(result.output.contains("PASS \(Self.features)/\(name) ("), "\(name) did not pass")
        }
    }

    @Test
    @MainActor
    func everyBuiltInFlowHasTheSameVerdictThroughAppHarnessInThisProcess() async throws {
        let flows = try FileManager.default.subpathsOfDirectory(atPath: Self.features).filter { $0.hasSuffix(".flow") }.sorted()
        let harness = try await AppHarness(features: ["Home", "Character", "Settings", "Shell", "Episode", "System", "About", "Gallery", "Backup", "Recipes"], start: "home")

        var failures: [String] = []
        for flow in flows {
            let result = try await harness.runFlow(Self.features + "/" + flow)
            if !result.passed { failures.append(result.report) }
        }

        #expect(flows.count == 23)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test
    func aFlowWritesOnlyInsideItsOwnFolderAndNeverOverItsInputs() throws {
        let parent = try folder([:])
        defer { try? FileManager.default.removeItem(at: parent) }
        let flows = parent.appendingPathComponent("flows")
        try FileManager.default.createDirectory(at: flows, withIntermediateDirectories: true)
        let outside = parent.appendingPathComponent("outside.screen").path
        try FileManager.default.createSymbolicLink(atPath: flows.appendingPathComponent("link.screen").path, withDestinationPath: outside)
        let cases = [
            ("up.flow", "start home\nsnapshot ../up.screen\n", "snapshot ../up.screen climbs out with '..'"),
            ("abs.flow", "start home\nsnapshot \(outside)\n", "snapshot \(outside) is outside \(flows.path)"),
            ("link.flow", "start home\nsnapshot link.screen\n", "link.screen is a symbolic link"),
            ("rec.flow", "start home\nrecord \(parent.path)/rec-out.flow\n", "is outside \(flows.path)"),
        ]
        for (name, text, _) in cases { try Data(text.utf8).write(to: flows.appendingPathComponent(name)) }

        let result = try ProcessRunner.run(apphost, ["test", flows.path])
        let sameFile = try ProcessRunner.run(apphost, ["test", flows.path + "/up.flow", "--junit", flows.path + "/up.flow"])
        let full = try ProcessRunner.run(apphost, ["test", Self.features + "/Home/Flows", "--junit", "/dev/full"])

        for (name, _, reason) in cases {
            #expect(result.output.contains("FAIL \(flows.path)/\(name)"), "\(name): \(result.output)")
            #expect(result.output.contains(reason), "\(name): \(reason)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == ["flows"])
        #expect(sameFile.status == 2 && sameFile.errors.contains("is the flow"), "\(sameFile.errors)")
        #expect(try String(contentsOfFile: flows.path + "/up.flow", encoding: .utf8) == "start home\nsnapshot ../up.screen\n")
        #expect(full.status == 1 && full.errors.contains("error: --junit /dev/full cannot be written: No space left on device"), "\(full.status) \(full.errors)")
    }

    @Test
    func aLongWaitOnVirtualTimeIsLimitedAtEachDeadlineNotAsAWhole() throws {
        // 60,000 wake-ups of the live screen take seconds of real time (more on a loaded machine);
        // each takes microseconds, and the feature timeout starts again at each.
        let flows = try folder(["long.flow": "start settings\ntap Sync status\nwait 60s\nsee Checks: 60000\n"])
        defer { try? FileManager.default.removeItem(at: flows) }

        let result = try ProcessRunner.run(apphost, ["test", flows.path, "--feature-timeout", "1"])
        let refused = try ProcessRunner.run(apphost, ["test", flows.path, "--feature-timeout=-1"])

        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains(", 60.00 s virtual)"), "\(result.output)")
        #expect(refused.status == 64)
        #expect(refused.errors.contains("--feature-timeout must be 0 (no limit) or more seconds, got -1"), "\(refused.errors)")
    }

    @Test
    func aViewModelsSleepRunsOnVirtualTimeAndWakesExactlyWhenTheFlowsWaitReachesIt() throws {
        // search.flow types, waits 299 ms (the list is unchanged), then 1 ms more (it is filtered):
        // the 300 ms debounce in CharacterListViewModel wakes at exactly its deadline.
        let search = Self.features + "/Character/Flows/search.flow"
        let virtual = try ProcessRunner.run(apphost, ["test", search])
        #expect(virtual.status == 0, "\(virtual.output)")
        // 299 + 1 + 300 ms of waits, and the last debounce reached by `wait until`.
        #expect(virtual.output.contains(", 0.90 s virtual)"), "\(virtual.output)")

        // Typing again before the debounce ends restarts it: the cancelled sleep never wakes the list.
        let flows = try folder([
            "restart.flow": "start character\ntype search rick\nwait 200ms\ntype search morty\nwait 200ms\nsee 24 characters\nwait 100ms\nsee Morty Smith\nnot see Rick Sanchez\n"
        ])
        defer { try? FileManager.default.removeItem(at: flows) }
        let restarted = try ProcessRunner.run(apphost, ["test", flows.path])
        #expect(restarted.status == 0, "\(restarted.output)")
        #expect(restarted.output.contains(", 0.50 s virtual)"), "\(restarted.output)")

        // On real time the line says nothing of virtual time.
        let real = try ProcessRunner.run(apphost, ["test", Self.features + "/Home/Flows", "--real-time"])
        #expect(real.status == 0, "\(real.output)")
        #expect(!real.output.contains("virtual"), "\(real.output)")
    }

    @Test
    func watchRunsAgainTheFlowsAChangedFlowFileOrFeatureLibraryTouches() throws {
        let flows = try folder([
            "a.flow": "start home\nsee Welcome\n",
            "b.flow": "start about\nsee About AppHost\n",
        ])
        let features = flows.appendingPathComponent("features")
        try FileManager.default.createDirectory(at: features, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: flows) }
        for name in ["Home", "About"] {
            try FileManager.default.copyItem(atPath: AppHarness.libraryPath(name), toPath: features.appendingPathComponent("lib\(name)Feature.so").path)
        }
        let terminal = try PseudoTerminal(apphost, ["test", flows.path, "--features", features.path, "--watch"], columns: 120)
        defer { terminal.signal(SIGTERM) }
        try terminal.waitFor("watch: waiting for a flow or a feature")
        #expect(terminal.output.contains("2 flows: 2 passed, 0 failed"))

        // A flow file changed: that flow alone runs again.
        try Data("start home\nsee Nothing like this\n".utf8).write(to: flows.appendingPathComponent("a.flow"))
        try terminal.waitFor("1 flow: 0 passed, 1 failed", after: "watch: a.flow changed; running 1 flow again")
        #expect(terminal.output.contains("a.flow:2: step 1: see Nothing like this"))

        // A library replaced (by rename, as a build does): the flows that visited its destinations.
        let fresh = flows.appendingPathComponent("fresh.so")
        try FileManager.default.copyItem(atPath: AppHarness.libraryPath("About"), toPath: fresh.path)
        #expect(rename(fresh.path, features.appendingPathComponent("libAboutFeature.so").path) == 0)
        try terminal.waitFor("1 flow: 1 passed, 0 failed", after: "watch: libAboutFeature.so changed; running 1 flow again")
        let rerun = String(terminal.output[terminal.output.range(of: "libAboutFeature.so changed", options: .backwards)!.upperBound...])
        #expect(rerun.contains("b.flow (1 step, "))
        #expect(!rerun.contains("a.flow"))
    }

    @Test
    func aWrongAssertionFailsWithTheStepTheExpectationAndTheScreenAndJUnitSaysSo() throws {
        let flows = try folder([
            "good.flow": "start home\ntap Characters\nsee 24 characters\n",
            "bad.flow": "start home\ntap Characters\nsee 25 characters\nback\n",
        ])
        defer { try? FileManager.default.removeItem(at: flows) }
        let junit = flows.appendingPathComponent("results.xml").path

        let result = try ProcessRunner.run(apphost, ["test", flows.path, "--junit", junit])

        #expect(result.status == 1)
        #expect(result.output.contains("PASS \(flows.path)/good.flow (2 steps, "))
        #expect(result.output.contains("""
            FAIL \(flows.path)/bad.flow
              \(flows.path)/bad.flow:3: step 2: see 25 characters
              expected the screen to contain: 25 characters
              the screen was:
                ════════════════════════════════════════════════════════════
                Characters
                Home › Characters
            """))
        #expect(result.output.contains("2 flows: 1 passed, 1 failed ("))
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "tests")?.stringValue == "2")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        let failure = try #require(try document.nodes(forXPath: "//testcase[@name='bad.flow']/failure").first as? XMLElement)
        #expect(failure.attribute(forName: "message")?.stringValue == "expected the screen to contain: 25 characters")
        #expect(try document.nodes(forXPath: "//testcase[@name='good.flow']/failure").isEmpty)
    }

    @Test
    func aSnapshotIsRecordedOnceThenADifferenceIsShownAsADiff() throws {
        let flows = try folder(["snap.flow": "start home\nsnapshot home.screen\n"])
        defer { try? FileManager.default.removeItem(at: flows) }

        let first = try ProcessRunner.run(apphost, ["test", flows.path])
        let recorded = try String(contentsOf: flows.appendingPathComponent("home.screen"), encoding: .utf8)
        try Data(recorded.replacingOccurrences(of: "Welcome", with: "Hello").utf8).write(to: flows.appendingPathComponent("home.screen"))
        let second = try ProcessRunner.run(apphost, ["test", flows.path])
        let features = URL(fileURLWithPath: apphost).deletingLastPathComponent().path
        let third = try ProcessRunner.run(apphost, ["test", flows.path, "--features", features])

        #expect(first.status == 0)
        #expect(first.output.contains("recorded \(flows.path)/home.screen"))
        #expect(recorded.hasPrefix("════"))
        #expect(second.status == 1)
        #expect(second.output.contains("the screen differs from the snapshot \(flows.path)/home.screen\n  first difference at line 4 (- snapshot, + screen):"))
        #expect(second.output.contains(" - Hello to AppHost."))
        #expect(second.output.contains(" + Welcome to AppHost."))
        // The command it suggests runs as printed: with the folders the run was given.
        let flow = flows.appendingPathComponent("snap.flow").path
        #expect(second.output.contains("if the new screen is right: apphost test \(ShellWords.quoted(flow)) --record\n"), "\(second.output)")
        #expect(third.output.contains("if the new screen is right: apphost test \(ShellWords.quoted(flow)) --record --features \(ShellWords.quoted(features))\n"), "\(third.output)")
        let again = try ProcessRunner.run("/bin/sh", ["-c", "PATH=\(ShellWords.quoted(features)):$PATH apphost test \(ShellWords.quoted(flow)) --record --features \(ShellWords.quoted(features))"])
        #expect(again.status == 0 && again.output.contains("recorded"), "\(again.output)\(again.errors)")
    }

    @Test
    func aWordIsQuotedForTheShellOnlyWhenItMustBe() {
        #expect(ShellWords.quoted("Features/Home/home.flow") == "Features/Home/home.flow")
        #expect(ShellWords.quoted("my flows/a.flow") == "'my flows/a.flow'")
        #expect(ShellWords.quoted("it's") == #"'it'\''s'"#)
        #expect(ShellWords.quoted("") == "''")
        #expect(ShellWords.command(["apphost", "test", "a b"]) == "apphost test 'a b'")
    }

    @Test
    func aFlowSavedWithAByteOrderMarkReads() throws {
        let flow = try Flow(text: "\u{FEFF}start home\nsee Welcome\n", path: "bom.flow")

        #expect(flow.start == "home")
        #expect(flow.steps.count == 1)
    }

    @Test(arguments: [
        ("start home\ntpa 1\n", "bad.flow:2: 'tpa' is neither a command nor an assertion; did you mean 'tap'?"),
        ("tap 1\nstart home\n", "bad.flow:2: 'start' must be the first step"),
        ("start home\nsee\n", "bad.flow:2: 'see' needs a text, e.g. see Home"),
        ("start home\nopen " + String(repeating: "x", count: 70_000) + "\n",
         "bad.flow:2: open " + String(repeating: "x", count: 35) + "…: the line is 70005 bytes; at most 65536 are read (SessionCommand.maximumLineLength)"),
        ("start home\nexpect error:\n", "bad.flow:2: 'expect error:' needs a command after it, e.g. expect error: tap Nowhere"),
    ])
    func aFlowThatCannotBeReadNamesTheLine(text: String, message: String) throws {
        #expect(throws: FlowError.self) { try Flow(text: text, path: "bad.flow") }
        do {
            _ = try Flow(text: text, path: "bad.flow")
        } catch {
            #expect(error.description == message)
        }
        // apphost test says it as a compiler would: FILE:LINE: first.
        let flows = try folder(["bad.flow": text])
        defer { try? FileManager.default.removeItem(at: flows) }
        let result = try ProcessRunner.run(apphost, ["test", flows.path + "/bad.flow"])
        #expect(result.status == 1)
        #expect(result.output.contains("FAIL \(flows.path)/bad.flow\n  \(flows.path)/\(message)\n"), "\(result.output)")
    }

    @Test
    func stepsParseIntoCommandsAndAssertions() throws {
        let flow = try Flow(text: """
            # a comment
            start main
            tab 2
            see Rick
            not see Unavailable
            element Morty Smith (Alive)
            route character/list
            link @main:character(home:home/main|character:character/list|settings:settings/main)
            error no element
            no error
            snapshot list.screen
            """, path: "f.flow")

        #expect(flow.start == "main")
        #expect(flow.steps.map(\.action) == [
            .command("tab 2"), .see("Rick"), .notSee("Unavailable"), .element("Morty Smith (Alive)"),
            .route("character/list"), .link("@main:character(home:home/main|character:character/list|settings:settings/main)"),
            .error("no element"), .noError, .snapshot("list.screen"),
        ])
        #expect(flow.steps.map(\.line) == Array(3...11))
    }

    @Test
    func aSnapshotDiffMarksOnlyTheLinesThatDiffer() {
        let expected = "Title\n────\n[1] Back\n[2] Home\n════\n"
        let actual = "Title\n────\n[1] Back\n[2] Home\n[3] View episodes\n════\n"

        let diff = ScreenDiff.describe(expected: expected, actual: actual)

        #expect(diff == """
            first difference at line 5 (- snapshot, + screen):
               [1] Back
               [2] Home
             + [3] View episodes
               ════
            """)
        #expect(ScreenDiff.describe(expected: expected, actual: expected) == "")
    }

    @Test
    func junitEscapesWhatXMLCannotHoldRaw() {
        #expect(JUnitReport.escape("a<b & \"c\" 'd'>\u{1B}") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;?")
    }

    @Test
    func aRecordedSessionReplaysAndTheFirstDifferentScreenIsShown() throws {
        let flows = try folder([:])
        defer { try? FileManager.default.removeItem(at: flows) }
        let flow = flows.appendingPathComponent("demo.flow").path

        let session = try ProcessRunner.run(apphost, ["--start", "main"], input: "tab 2\nrecord \(flow)\ntap Rick\ntap 9\nback\nrecord stop\n")
        let text = try String(contentsOfFile: flow, encoding: .utf8)
        let replay = try ProcessRunner.run(apphost, ["test", flow])
        let screen = flows.appendingPathComponent("demo.screens/003.screen")
        let recorded = try String(contentsOf: screen, encoding: .utf8)
        try Data(recorded.replacingOccurrences(of: "Morty Smith", with: "Morty Smyth").utf8).write(to: screen)
        let changed = try ProcessRunner.run(apphost, ["test", flow])

        #expect(session.errors.contains("recording to \(flow) (record stop ends it)\n"))
        #expect(session.errors.contains("recorded 3 steps to \(flow); replay with apphost test \(flow)\n"))
        #expect(text == """
            # Recorded by apphost: replay with apphost test demo.flow
            start main
            open @main:character(home:home/main|character:character/list|settings:settings/main)
            snapshot demo.screens/000.screen
            tap Rick
            snapshot demo.screens/001.screen
            tap 9
            error no element 9 on this screen (it has 1–3)
            back
            snapshot demo.screens/003.screen

            """)
        #expect(replay.status == 0, "\(replay.output)")
        #expect(changed.status == 1)
        #expect(changed.output.contains("\(flow):10: step 8: snapshot demo.screens/003.screen"))
        #expect(changed.output.contains(" - "))
        #expect(changed.output.contains("Morty Smyth"))
    }
}

/// What `see` and `wait until` take a screen to show: its text, also across wrapped lines, and a
/// header the renderer draws upper-case as the app wrote it.
struct ScreenShowsTests {
    @Test
    func aHeaderDrawnUpperCaseIsReadAsTheAppWroteItAndOtherLinesKeepTheirCase() {
        let screen = "Settings\nAPPEARANCE\n  [1] [ ] Dark mode\nPROFILE\n  Name: Rick\n  a long line that the\n  renderer wrapped\n"
        #expect(Session.screen(screen, shows: "Appearance"))
        #expect(Session.screen(screen, shows: "Profile"))
        #expect(Session.screen(screen, shows: "line that the renderer wrapped"))
        #expect(!Session.screen(screen, shows: "name: rick"), "a line that is no header keeps its case")
        #expect(!Session.screen(screen, shows: "dark mode"))
        #expect(!Session.screen(screen, shows: "Appearances"))
    }
}
