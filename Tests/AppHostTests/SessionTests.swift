import AppHost
@_spi(Host) import AppHostKit
@testable import AppHostSupport
import Testing

@MainActor
@Suite
struct SessionTests {
    private final class Capture {
        var output = ""
        var errors = ""
    }

    private let capture = Capture()

    private func makeSession(strict: Bool = false) throws -> Session {
        let registry = DestinationRegistry()
        try registry.register(DeskFeature.self)
        let capture = capture
        return Session(
            registry: registry,
            start: try #require(registry.root(named: "desk")),
            options: Session.Options(width: 40, strict: strict),
            output: { capture.output += $0 },
            errorOutput: { capture.errors += $0 }
        )
    }

    /// A session at the desk's front that writes to an ``ObservedOutput``, started.
    private func startedSession() async throws -> (Session, ObservedOutput) {
        let observed = ObservedOutput()
        let sut = try makeSession(output: observed)
        await sut.start()
        return (sut, observed)
    }

    private func makeSession(output: any SessionOutput) throws -> Session {
        let registry = DestinationRegistry()
        try registry.register(DeskFeature.self)
        return Session(registry: registry, start: try #require(registry.root(named: "desk")), options: Session.Options(width: 40), output: output)
    }

    private let front = """
        ════════════════════════════════════════
        Front desk
        ────────────────────────────────────────
        Taps: 0, loads: 1
        [1] Count
        [2] Room 7 ›
        [3] Weather ›
        ════════════════════════════════════════

        """

    @Test
    func startLoadsAndRendersTheStartScreen() async throws {
        let sut = try makeSession()

        await sut.start()

        #expect(capture.output == front)
    }

    @Test
    func screensWrittenAsBytesAreTheScreensWrittenAsText() async throws {
        let text = try makeSession()
        let observed = ObservedOutput()
        let bytes = try makeSession(output: observed)
        let commands = ["tap 1", "tap 2", "back", "tap 3", "show", "root"]

        await text.start()
        await bytes.start()
        for command in commands {
            await text.execute(command)
            await bytes.execute(command)
        }

        // `capture` got the text session's strings; the other's screens came as bytes alone.
        #expect(!observed.screens.isEmpty)
        #expect(observed.text.isEmpty)
        #expect(String(decoding: observed.screens, as: UTF8.self) == capture.output)
        #expect(bytes.current?.text == text.current?.text)
    }

    @Test
    func tapByNumberRunsTheButtonAndRendersAgain() async throws {
        let sut = try makeSession()
        await sut.start()

        await sut.execute("tap 1")

        #expect(sut.current?.text == front.replacingOccurrences(of: "Taps: 0", with: "Taps: 1"))
    }

    @Test
    func tapByLabelIgnoresCase() async throws {
        let sut = try makeSession()
        await sut.start()

        await sut.execute("tap room 7")

        #expect(sut.current?.text == """
            ════════════════════════════════════════
            Room 7
            Front desk › Room 7
            ────────────────────────────────────────
            [1] Leave
            ════════════════════════════════════════

            """)
    }

    @Test
    func goingBackKeepsTheScreenUnderneathAsItWas() async throws {
        let sut = try makeSession()
        await sut.start()
        await sut.execute("tap 1")

        await sut.execute("tap 2")
        await sut.execute("back")

        #expect(sut.current?.text == front.replacingOccurrences(of: "Taps: 0", with: "Taps: 1"))
    }

    @Test
    func aMissingElementIsReportedAndTheSessionGoesOn() async throws {
        let sut = try makeSession()
        await sut.start()

        let outcome = await sut.execute("tap 9")

        #expect(outcome == .proceed)
        #expect(capture.errors == "error: tap 9: no element 9 on this screen (it has 1–3)\n")
        #expect(sut.current?.text == front)
    }

    @Test
    func anUnknownLabelListsTheLabelsThatExist() async throws {
        let sut = try makeSession()
        await sut.start()

        await sut.execute("tap Lobby")

        #expect(capture.errors == "error: tap Lobby: no element labelled 'Lobby' on this screen ('Count', 'Room 7', 'Weather')\n")
    }

    @Test
    func anUnknownCommandIsReported() async throws {
        let sut = try makeSession()
        await sut.start()

        await sut.execute("jump")

        #expect(capture.errors == "error: jump: unknown command 'jump' (help lists the commands)\n")
    }

    @Test
    func backAtTheFirstScreenIsReported() async throws {
        let sut = try makeSession()
        await sut.start()

        await sut.execute("back")

        #expect(capture.errors == "error: back: already at the first screen (desk/front)\n")
    }

    @Test
    func openPushesAValidRoute() async throws {
        let sut = try makeSession()
        await sut.start()

        await sut.execute("open desk/room?number=12")

        #expect(sut.navigationState.stack.map(\.description) == ["desk/front", "desk/room?number=12"])
        #expect(sut.current?.text.contains("Room 12") == true)
    }

    @Test
    func openWithANameAloneGoesBackToItsRoot() async throws {
        let sut = try makeSession()
        await sut.start()
        await sut.execute("tap Room 7")

        await sut.execute("open desk")

        #expect(sut.navigationState.stack.map(\.description) == ["desk/front"])
    }

    @Test(arguments: [
        ("open weather/today", "error: open weather/today: no loaded feature provides 'weather' (loaded: desk)\n"),
        ("open desk/room?number=seven", "error: open desk/room?number=seven: parameter 'number' expects an integer, got 'seven'\n"),
        ("open desk/room", "error: open desk/room: missing parameter 'number' for desk/room\n"),
        ("open desk/room/1", "error: open desk/room/1: too many path segments; expected NAME or NAME/DESTINATION\n"),
    ])
    func openRefusesABadRouteAndKeepsTheState(line: String, error: String) async throws {
        let sut = try makeSession()
        await sut.start()

        await sut.execute(line)

        #expect(capture.errors == error)
        #expect(sut.navigationState.stack.map(\.description) == ["desk/front"])
    }

    @Test
    func statePrintsTheStackAsADeepLink() async throws {
        let sut = try makeSession()
        await sut.start()
        await sut.execute("tap 2")
        capture.output = ""

        await sut.execute("state")

        #expect(capture.output == "desk/front>desk/room?number=7\n")
    }

    @Test
    func aLinkNobodyProvidesShowsAnErrorScreenAndTheSessionGoesOn() async throws {
        let sut = try makeSession()
        await sut.start()

        await sut.execute("tap Weather")

        #expect(sut.current?.text == """
            ════════════════════════════════════════
            Unavailable: weather/today
            Front desk › Unavailable: weather/today
            ────────────────────────────────────────
            error: weather/today: no loaded feature
                   provides 'weather' (loaded: desk)
            [1] Back
            ════════════════════════════════════════

            """)
        #expect(capture.errors == "error: weather/today: no loaded feature provides 'weather' (loaded: desk)\n")

        await sut.execute("tap Back")

        #expect(sut.current?.text == front)
    }

    @Test
    func runStopsAtQuitWithExitCodeZero() async throws {
        let sut = try makeSession()
        var lines = ["tap 1", "quit", "tap 1"].makeIterator()

        let code = await sut.run { lines.next() }

        #expect(code == 0)
        #expect(lines.next() == "tap 1", "the line after quit is not read")
        #expect(sut.current?.text.contains("Taps: 1") == true)
    }

    @Test
    func aStrictSessionEndsAtTheFirstErrorWithExitCodeOne() async throws {
        let sut = try makeSession(strict: true)
        var lines = ["tap 1", "tap 42", "tap 1"].makeIterator()

        let code = await sut.run { lines.next() }

        #expect(code == 1)
        #expect(capture.errors == "error: tap 42: no element 42 on this screen (it has 1–3)\n")
        #expect(sut.current?.text.contains("Taps: 1") == true)
    }

    @Test
    func aLenientSessionGoesOnAfterErrorsAndEndsWithZero() async throws {
        let sut = try makeSession()
        var lines = ["tap 42", "tap 1", "tap 1"].makeIterator()

        let code = await sut.run { lines.next() }

        #expect(code == 0)
        #expect(sut.current?.text.contains("Taps: 2") == true)
    }

    @Test
    func aDeepLinkKeepsTheScreensOfTheStackItReuses() async throws {
        let sut = try makeSession()
        await sut.start()
        await sut.execute("tap Count")

        await sut.execute("open desk/front>desk/room?number=3")
        await sut.execute("back")

        #expect(sut.current?.text.contains("Taps: 1, loads: 1") == true, "the front desk's view model was kept, not made again")
    }

    @Test
    func dismissWithNothingPresentedIsReported() async throws {
        let sut = try makeSession()
        await sut.start()

        await sut.execute("dismiss")

        #expect(capture.errors == "error: dismiss: nothing is presented\n")
    }

    @Test
    func tabWithoutAShellIsReported() async throws {
        let sut = try makeSession()
        await sut.start()

        await sut.execute("tab 2")

        #expect(capture.errors == "error: tab 2: this session has no tabs; start it with a shell's name\n")
    }

    @Test
    func popGoesBackToARouteInTheStack() async throws {
        let sut = try makeSession()
        await sut.start()
        await sut.execute("open desk/room?number=1")
        await sut.execute("open desk/room?number=2")

        await sut.execute("pop desk/front")

        #expect(sut.navigationState.stack.map(\.description) == ["desk/front"])
    }

    @Test
    func popToARouteNotInTheStackIsReported() async throws {
        let sut = try makeSession()
        await sut.start()

        await sut.execute("pop desk/room?number=3")

        #expect(capture.errors == "error: pop desk/room?number=3: desk/room?number=3 is not in the stack (desk/front)\n")
    }

    @Test
    func replaceSwapsTheWholeStack() async throws {
        let sut = try makeSession()
        await sut.start()

        await sut.execute("replace desk desk/room?number=4 desk/room?number=5")

        #expect(sut.navigationState.stack.map(\.description) == ["desk/front", "desk/room?number=4", "desk/room?number=5"])
        #expect(sut.current?.text.contains("Front desk › Room 4 › Room 5") == true)
    }

    @Test
    func replaceWithAnUnknownRouteChangesNothing() async throws {
        let sut = try makeSession()
        await sut.start()

        await sut.execute("replace desk weather/today")

        #expect(capture.errors == "error: replace desk weather/today: weather/today: no loaded feature provides 'weather' (loaded: desk)\n")
        #expect(sut.navigationState.stack.map(\.description) == ["desk/front"])
    }

    @Test
    func everyChangeIsReportedToTheStateObserver() async throws {
        let (sut, observed) = try await startedSession()

        await sut.execute("tap Room 7")
        await sut.execute("tap 1")
        await sut.execute("state")
        sut.flush()

        #expect(observed.states == ["desk/front>desk/room?number=7", "desk/front"])
        #expect(observed.flushes == 1)
    }

    @Test
    func routesAsksTheOutputForItsMapAndSaysWhenThereIsNone() async throws {
        let (sut, observed) = try await startedSession()

        await sut.execute("routes")

        #expect(observed.routeMapsAsked == 1)
        #expect(observed.errors.hasPrefix("error: routes: "), "\(observed.errors)")
    }
}

/// Labels, tabs and commands a person types approximately.
@MainActor
@Suite
struct ForgivingInputTests {
    @Test(arguments: [
        ("Rick", ["Rick Sanchez (Alive)", "Morty Smith (Alive)"], Session.LabelMatch.one(0)),
        ("rick sanchez", ["Rick Sanchez (Alive)", "Morty Smith (Alive)"], .one(0)),
        ("Smith", ["Rick Sanchez (Alive)", "Morty Smith (Alive)", "Summer Smith (Alive)"], .several([1, 2])),
        ("Save", ["Save", "Save as"], .one(0)),
        ("Sa", ["Save", "Save as"], .several([0, 1])),
        ("Birdperson", ["Rick Sanchez (Alive)"], .none),
        ("morty", ["Antenna Morty", "Morty Smith"], .one(1)),
    ])
    func aLabelIsMatchedWholeThenByItsStartThenByAPart(text: String, labels: [String], expected: Session.LabelMatch) {
        #expect(Session.match(text, in: labels) == expected)
    }

    @Test(arguments: [
        ("tpa", ["tap", "type", "tab"], "tap"),
        ("stat", ["tap", "state"], "state"),
        ("charactr", ["about", "character", "home"], "character"),
        ("--strat", ["--start", "--state", "--script"], "--start"),
        ("rotues", ["routes", "root"], "routes"),
    ])
    func theNearestNameIsSuggested(word: String, candidates: [String], expected: String) {
        #expect(Suggestion.closest(to: word, in: candidates) == expected)
    }

    @Test
    func aWordFarFromEveryNameGetsNoSuggestion() {
        #expect(Suggestion.closest(to: "xyzzy", in: ["tap", "type", "back"]) == nil)
        #expect(Suggestion.phrase(for: "jump", in: ["tap", "back"]) == "")
    }

    @Test
    func commandsTakeAnyRunOfSpacesAndTabsAndAliases() throws {
        #expect(try SessionCommand.parse("tap\t\t 2") == .tap(.number(2)))
        #expect(try SessionCommand.parse("type  1 \t Summer Smith ") == .type(.number(1), "Summer Smith"))
        #expect(try SessionCommand.parse("replace home/main\tcharacter/list") == .replace(["home/main", "character/list"]))
        #expect(try SessionCommand.parse("?") == .help)
        #expect(try SessionCommand.parse("ls") == .show)
        #expect(try SessionCommand.parse("routes") == .routes)
    }

    @Test
    func helpFitsTheWidthItIsDrawnAt() {
        for width in [20, 44, 60, 80] {
            let lines = SessionCommand.help(width: width).split(separator: "\n")
            #expect(lines.allSatisfy { $0.count <= width }, "help is wider than \(width)")
        }
        #expect(SessionCommand.help(width: 200).split(separator: "\n").count == SessionCommand.commands.count)
    }
}

/// A session's output that keeps screens as bytes, the state after each change, and what it was asked.
@MainActor
private final class ObservedOutput: SessionOutput {
    var text = ""
    var errors = ""
    var screens: [UInt8] = []
    var states: [String] = []
    var flushes = 0
    var routeMapsAsked = 0

    func write(_ text: String) { self.text += text }

    func writeError(_ line: String) { errors += line }

    func writeScreen(_ bytes: borrowing [UInt8]) {
        bytes.withUnsafeBufferPointer { screens.append(contentsOf: $0) }
    }

    func sessionChanged(_ session: Session) {
        states.append(DeepLink.stack(session.state.current).description)
    }

    func flush() { flushes += 1 }

    func routeMap() -> RouteMap? {
        routeMapsAsked += 1
        return nil
    }
}
