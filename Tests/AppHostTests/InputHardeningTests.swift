import AppHost
@_spi(Host) import AppHostKit
import Testing

/// Inputs that used to end a session, each now an error line (or a drawn screen) and the session goes on.
@MainActor
@Suite
struct InputHardeningTests {
    private final class Capture {
        var output = ""
        var errors = ""
    }

    private func session(start: String, registry: DestinationRegistry, width: Int = 40) throws -> (Session, Capture) {
        let capture = Capture()
        let session = Session(
            registry: registry,
            start: try #require(registry.root(named: start)),
            options: Session.Options(width: width),
            output: { capture.output += $0 },
            errorOutput: { capture.errors += $0 }
        )
        return (session, capture)
    }

    @Test(arguments: ["tap -9223372036854775808", "tab -9223372036854775808", "type -9223372036854775808 x", "tap 0", "tap 99999999999999999999"])
    func aNumberThatIsNoElementNumberIsRefused(line: String) async throws {
        let registry = DestinationRegistry()
        try registry.register(DeskFeature.self)
        let (session, capture) = try session(start: "desk", registry: registry)
        await session.start()
        let number = line.split(separator: " ")[1]

        let outcome = await session.execute(line)

        #expect(outcome == .proceed)
        #expect(capture.errors == "error: \(line): \(number) is not an element or tab number; numbers go from 1 to 1000000\n")
    }

    @Test
    func aViewModelThatPresentsASheetWhileItLoadsIsFollowed() async throws {
        let registry = DestinationRegistry()
        try registry.register(RestlessFeature.self)
        let (session, capture) = try session(start: "restless", registry: registry)

        await session.start()

        #expect(capture.errors == "")
        #expect(session.deepLink.description == "restless/start!sheet(restless/greeting)")
        #expect(capture.output.hasSuffix("""
            ┌─ sheet ──────────────────────────────┐
            │ Greeting                             │
            │ ──────────────────────────────────── │
            │ Shown by a load.                     │
            └──────────────────────────────────────┘

            """))
    }

    @Test
    func screensThatNavigateOnEveryLoadAreStoppedAndNamed() async throws {
        let registry = DestinationRegistry()
        try registry.register(RestlessFeature.self)
        let (session, capture) = try session(start: "restless", registry: registry)
        await session.start()

        let outcome = await session.execute("open restless/forever")

        #expect(outcome == .proceed)
        #expect(capture.errors == "error: the screens kept changing the navigation while they loaded; stopped after \(Session.maximumLoadRounds) rounds\n")
    }

    @Test
    func deeplyNestedSectionsStayWithinTheWidth() async throws {
        let registry = DestinationRegistry()
        try registry.register(RestlessFeature.self)
        let (session, capture) = try session(start: "restless", registry: registry)
        await session.start()

        await session.execute("open restless/nested")

        let screen = capture.output.split(separator: "\n").suffix(34)
        #expect(capture.errors == "")
        #expect(screen.allSatisfy { $0.count <= 40 }, "\(screen)")
        #expect(screen.contains { $0 == String(repeating: " ", count: 20) + String(repeating: "─", count: 20) })
    }

    @Test
    func aDeepLinkNestedTooDeepIsRefusedNamingTheLimit() async throws {
        let registry = DestinationRegistry()
        try registry.register(RestlessFeature.self)
        let (session, capture) = try session(start: "restless", registry: registry)
        await session.start()
        let link = "restless/nested" + String(repeating: "!sheet(restless/nested", count: 2000) + String(repeating: ")", count: 2000)

        let outcome = await session.execute("open \(link)")

        #expect(outcome == .proceed)
        #expect(capture.errors.hasSuffix(": nested more than \(DeepLink.maximumNesting) deep (DeepLink.maximumNesting)\n"))
        #expect(capture.errors.utf8.count <= Session.maximumErrorLength + 20)
        #expect(session.deepLink.description == "restless/start!sheet(restless/greeting)")
    }

    @Test
    func aWordLongerThanManyLinesIsCutIntoLinesThatFit() throws {
        let word = String(repeating: "W", count: 100_000)

        let screen = TextRenderer(width: 40).render(body: [.title("Long"), .text(word)], breadcrumbs: ["Long"])

        let lines = screen.text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines.filter { $0.allSatisfy { $0 == "W" } }.map(\.count).reduce(0, +) == 100_000)
    }

    @Test
    func aLineLongerThanTheLimitIsRefused() async throws {
        let registry = DestinationRegistry()
        try registry.register(DeskFeature.self)
        let (session, capture) = try session(start: "desk", registry: registry)
        await session.start()
        let line = "open " + String(repeating: "x", count: SessionCommand.maximumLineLength)

        await session.execute(line)

        #expect(capture.errors == "error: \(line.prefix(40))…: the line is \(line.utf8.count) bytes; at most \(SessionCommand.maximumLineLength) are read (SessionCommand.maximumLineLength)\n")
    }

    @Test
    func controlCharactersAreShownNotSent() async throws {
        let screen = TextRenderer(width: 40).render(body: [.title("Hi\u{1B}[2J"), .text("bell\u{07} del\u{7F} csi\u{9B}")], breadcrumbs: ["Hi"])
        let registry = DestinationRegistry()
        try registry.register(DeskFeature.self)
        let (session, capture) = try session(start: "desk", registry: registry)
        await session.start()

        await session.execute("tap \u{1B}[2J")

        #expect(screen.text.contains("Hi^[[2J\n"))
        #expect(screen.text.contains("bell^G del^? csi\\u{9B}\n"))
        #expect(!screen.text.unicodeScalars.contains { $0.value == 0x1B })
        #expect(capture.errors.hasPrefix("error: tap ^[[2J: no element labelled '^[[2J'"))
    }

    @Test
    func aLongSessionKeepsOnlyRecentErrors() async throws {
        let registry = DestinationRegistry()
        try registry.register(DeskFeature.self)
        let (session, _) = try session(start: "desk", registry: registry)
        await session.start()

        for number in 1...150 { await session.execute("tap \(number + 10)") }

        #expect(session.errorCount == 150)
        #expect(session.errors.count == Session.keptErrors)
        #expect(session.errors.last == "tap 160: no element 160 on this screen (it has 1–3)")
    }

    @Test
    func aShellWithNoItemsIsRefusedWhenItRegisters() throws {
        let registry = DestinationRegistry()

        #expect(throws: RegistryError.featureFailed(feature: "hollow", message: "shell 'empty' has no items; give it at least one")) {
            try registry.register(HollowShellFeature.self)
        }
        #expect(registry.shellNames.isEmpty)
    }
}

/// Screens that change the navigation while they load, and one nested too deep for its width.
enum RestlessNavigation: Navigation {
    case start
    case greeting
    case forever
    case nested

    static let routeName = "restless"
}

@MainActor
final class RestlessViewModel: ViewModel {
    let destination: RestlessNavigation
    let router: any RouterContract

    init(_ destination: RestlessNavigation, router: any RouterContract) {
        self.destination = destination
        self.router = router
    }

    func load() async {
        switch destination {
        case .start: router.present(RestlessNavigation.greeting, style: .sheet)
        case .forever: router.navigate(to: RestlessNavigation.forever)
        case .greeting, .nested: break
        }
    }
}

enum RestlessFeature: FeatureModule {
    static let name = "restless"

    static func register(in context: FeatureContext) throws {
        try context.register(RestlessNavigation.self, root: .start) { destination, router in
            Screen(RestlessViewModel(destination, router: router)) { model in
                switch model.destination {
                case .start: Title("Start")
                case .greeting:
                    Title("Greeting")
                    Text("Shown by a load.")
                case .forever: Title("Forever")
                case .nested:
                    Title("Nested")
                    nest(30)
                }
            }
        }
    }

    private static func nest(_ depth: Int) -> Node {
        depth == 0 ? Divider().node : .section(nil, [nest(depth - 1)])
    }
}

enum HollowShellFeature: FeatureModule {
    static let name = "hollow"

    static func register(in context: FeatureContext) throws {
        context.registerShell("empty", style: .tabs, items: [])
    }
}

/// What a person typed on the command line comes back in error lines with its control characters
/// shown (`ESC` as `^[`), as the screen shows them: never sent raw to the terminal.
@Suite
struct CommandLineControlCharacterTests {
    private let apphost = ProcessRunner.built("apphost")

    @Test(arguments: [
        (["--start", "ho\u{1B}[2Jme"], "error: --start ho^[[2Jme: no loaded feature provides 'ho^[[2Jme'", Int32(2)),
        (["--start", "home", "--script", "/nonexistent/a\u{1B}b"], "error: --script /nonexistent/a^[b", Int32(64)),
    ])
    func controlCharactersInAnErrorAreShownNotSent(arguments: [String], start: String, status: Int32) throws {
        let result = try ProcessRunner.run(apphost, arguments)

        #expect(result.status == status)
        #expect(result.errors.hasPrefix(start), "\(result.errors)")
        #expect(!result.errors.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0 }, "\(result.errors.debugDescription)")
    }
}
