import AppHost
import AppHostTesting
import Testing

@MainActor
@Suite
struct ShellAndDeepLinkTests {
    static let features = ["Home", "Character", "Settings", "Shell", "About"]

    private func makeApp(start: String = "main", width: Int = 60) async throws -> AppHarness {
        try await AppHarness(features: Self.features, start: start, options: .init(width: width))
    }

    @Test
    func theSplitLayoutDrawsTheSidebarBesideTheDetailWhenWide() async throws {
        let app = try await makeApp(start: "split", width: 80)

        let screen = await app.run("tab Settings")

        #expect(screen == """
            SIDEBAR              │ ═════════════════════════════════════════════════════════
              1 Home             │ Settings
              2 Characters       │ ─────────────────────────────────────────────────────────
            ▸ 3 Settings         │ APPEARANCE
                                 │   [1] [ ] Dark mode
                                 │   [2] [x] Notifications
                                 │
                                 │ PROFILE
                                 │   Name: Rick
                                 │   Favourite character: none
                                 │   [3] Edit profile
                                 │ ─────────────────────────────────────────────────────────
                                 │ [4] What's new
                                 │ [5] Sync status
                                 │ [6] Reset settings
                                 │ ═════════════════════════════════════════════════════════

            """)
    }

    @Test
    func theSplitLayoutCollapsesToOneStackWhenNarrow() async throws {
        let app = try await makeApp(start: "split", width: 40)

        let screen = await app.run("tab 2")

        #expect(screen.hasPrefix("════════════════════════════════════════\nCharacters\n"))
        // The bar wraps at the width between items.
        #expect(screen.hasSuffix("════════════════════════════════════════\nsidebar: 1 Home · [2 Characters]\n         3 Settings\n"))
    }

    @Test
    func eachTabKeepsItsOwnStack() async throws {
        let app = try await makeApp()
        await app.run(["tab 2", "tap Summer Smith", "tab 1", "tap Rick Sanchez"])

        await app.run("tab 2")

        #expect(app.session.state.stacks.map { $0.stack.map(\.description) } == [
            ["home/main", "character/detail?identifier=1"],
            ["character/list", "character/detail?identifier=3"],
            ["settings/main"],
        ])
        #expect(app.screen.hasPrefix(String(repeating: "═", count: 60) + "\nSummer Smith\nCharacters › Summer Smith\n"))
    }

    @Test
    func aDeepLinkLandsInItsTabWithABackStack() async throws {
        let app = try await makeApp()

        await app.run("open character/detail?identifier=4")

        #expect(await app.run("state") == "@main:character(home:home/main|character:character/list>character/detail?identifier=4|settings:settings/main)\n")
    }

    @Test
    func aDeepLinkFromTheRootReplacesTheStackAndItsPresentation() async throws {
        let app = try await makeApp(start: "character")
        await app.run(["tap 1"])

        await app.run("open character/list>character/detail?identifier=2!sheet(settings/profile)")

        #expect(await app.run("state") == "character/list>character/detail?identifier=2!sheet(settings/profile)\n")
    }

    @Test(arguments: [
        ("open weather/today", "error: open weather/today: no loaded feature provides 'weather' (loaded: about, character, home, settings)\n"),
        ("open character/list>character/detail", "error: open character/list>character/detail: character/detail: missing parameter 'identifier' for character/detail\n"),
        ("open settings/main!sheet(character/detail?identifier=x)", "error: open settings/main!sheet(character/detail?identifier=x): character/detail?identifier=x: parameter 'identifier' expects an integer, got 'x'\n"),
        ("open @main:home(nowhere:home/main)", "error: open @main:home(nowhere:home/main): nowhere:: shell 'main' has no item 'nowhere' (items: home, character, settings)\n"),
        ("open @tabs:home(home:home/main)", "error: open @tabs:home(home:home/main): @tabs: no loaded feature provides a shell 'tabs' (shells: main, split)\n"),
    ])
    func aRefusedDeepLinkNamesTheSegmentAndChangesNothing(line: String, error: String) async throws {
        let app = try await makeApp()
        await app.run("tab 2")
        let before = app.session.state

        await app.run(line)

        #expect(app.errorLines == [error])
        #expect(app.session.state == before)
    }

    @Test
    func statePrintedInOneSessionReproducesItInAnother() async throws {
        let first = try await makeApp()
        await first.run(["tab 2", "tap 2", "tab 3", "tap Edit profile", "tap Choose favourite", "tab 1", "tap About"])
        let link = await first.run("state").trimmingCharacters(in: .newlines)

        let second = try await makeApp()
        await second.run("open \(link)")

        #expect(second.session.state == first.session.state)
        #expect(second.screen == first.screen)
    }

    @Test
    func aShellItemWhoseFeatureIsMissingShowsAnErrorScreen() async throws {
        let app = try await AppHarness(features: ["Home", "Shell"], start: "main")

        let screen = await app.run("tab Characters")

        #expect(screen.contains("Unavailable: character\n"))
        #expect(app.errorLines == ["error: character: no loaded feature provides 'character' (loaded: home)\n"])
        #expect(await app.run("tab Home").contains("Welcome to AppHost."))
    }
}
