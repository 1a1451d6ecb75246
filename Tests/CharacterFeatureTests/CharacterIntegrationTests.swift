import AppHostTesting
import Testing

/// libCharacterFeature.so through the real loader and a real session.
@MainActor
@Suite
struct CharacterIntegrationTests {
    private func makeApp() async throws -> AppHarness {
        try await AppHarness(features: ["Character"], start: "character", options: .init(width: 40))
    }

    @Test
    func theListShowsEveryCharacterNumbered() async throws {
        let app = try await makeApp()

        #expect(app.screen.hasPrefix("""
            ════════════════════════════════════════
            Characters
            ────────────────────────────────────────
            [1] Filter: All
            [2] Search: _
            24 characters
              [3] Rick Sanchez (Alive)
            """))
        #expect(app.session.current?.actions.count == 26, "the filter and the search field, as a device reads them first, then the 24 characters")
    }

    @Test
    func listToDetailAndBack() async throws {
        let app = try await makeApp()
        let list = app.screen

        let detail = await app.run("tap Summer Smith")
        let back = await app.run("back")

        #expect(detail == """
            ════════════════════════════════════════
            Summer Smith
            Characters › Summer Smith
            ────────────────────────────────────────
            PROFILE
              Status: Alive
              Species: Human
              Origin: Earth (Replacement Dimension)
              Episodes: 8
            ────────────────────────────────────────
            [1] Back
            [2] Home
            [3] View episodes
            ════════════════════════════════════════

            """)
        #expect(back == list)
    }

    @Test
    func theDetailsBackButtonReturnsToTheList() async throws {
        let app = try await makeApp()
        let list = app.screen

        await app.run("tap Morty Smith")

        #expect(await app.run("tap Back") == list)
    }

    @Test
    func anUnknownCharacterShowsTheErrorState() async throws {
        let app = try await makeApp()

        let screen = await app.run("open character/detail?identifier=99")

        #expect(screen == """
            ════════════════════════════════════════
            Character 99
            Characters › Character 99
            ────────────────────────────────────────
            error: character 99 not found
            [1] Retry
            [2] Back
            ════════════════════════════════════════

            """)
        #expect(app.errorLines.isEmpty)
    }

    @Test
    func statePrintsTheStackAsADeepLink() async throws {
        let app = try await makeApp()
        await app.run("tap 26")

        let state = await app.run("state")

        #expect(state == "character/list>character/detail?identifier=24\n")
    }

    @Test
    func aMalformedIdentifierIsRefusedNamingTheParameter() async throws {
        let app = try await makeApp()

        await app.run("open character/detail?identifier=rick")

        #expect(app.errorLines == ["error: open character/detail?identifier=rick: parameter 'identifier' expects an integer, got 'rick'\n"])
        #expect(app.session.navigationState.stack.map(\.description) == ["character/list"])
    }

    @Test
    func typingSearchesOnceTheDebounceHasPassed() async throws {
        let app = try await makeApp()

        let typed = await app.run("type search rick")
        await app.run("wait until 5 characters")

        #expect(typed.contains("Search: rick_"))
        #expect(app.screen == """
            ════════════════════════════════════════
            Characters
            ────────────────────────────────────────
            [1] Filter: All
            [2] Search: rick_
            5 characters
              [3] Rick Sanchez (Alive)
              [4] Adjudicator Rick (Dead)
              [5] Alien Rick (Unknown)
              [6] Antenna Rick (Unknown)
              [7] Aqua Rick (Unknown)
            ════════════════════════════════════════

            """)
        #expect(app.errorLines.isEmpty)
    }

    @Test
    func anAppliedFilterReloadsTheListBeforeItIsDrawn() async throws {
        let app = try await makeApp()

        await app.run(["tap Filter: All", "tap Dead"])
        let applied = await app.run("tap Apply")

        #expect(app.session.topRoute.description == "character/list")
        #expect(applied.contains("[1] Filter: Dead"))
        #expect(applied.contains("6 characters\n  [3] Adjudicator Rick (Dead)\n"), "\(applied)")
        #expect(app.errorLines.isEmpty)
    }
}
