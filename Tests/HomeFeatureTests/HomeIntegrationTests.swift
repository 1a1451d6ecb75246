import AppHostTesting
import Testing

/// libHomeFeature.so through the real loader, alone and with libCharacterFeature.so.
@MainActor
@Suite
struct HomeIntegrationTests {
    static let home = """
        ════════════════════════════════════════════════════════════
        Home
        ────────────────────────────────────────────────────────────
        Welcome to AppHost. Every screen here comes from a feature
        library loaded at run time.

        EXPLORE
          [1] Characters
          [2] Rick Sanchez
          [3] About ›
          [4] Gallery
          [5] Backups
          [6] Recipes
        ════════════════════════════════════════════════════════════

        """

    @Test
    func startsAtTheHomeScreen() async throws {
        let app = try await AppHarness(features: ["Home", "Character", "Shell"], start: "home")

        #expect(app.screen == Self.home)
    }

    @Test
    func theFirstElementOpensTheCharacterListAndBackReturnsHome() async throws {
        let app = try await AppHarness(features: ["Home", "Character", "Shell"], start: "home")

        let list = await app.run("tap 1")

        #expect(list.hasPrefix("""
            ════════════════════════════════════════════════════════════
            Characters
            Home › Characters
            ────────────────────────────────────────────────────────────
            [1] Filter: All
            [2] Search: _
            24 characters
              [3] Rick Sanchez (Alive)
              [4] Morty Smith (Alive)
            """))
        #expect(await app.run("back") == Self.home)
        #expect(app.errorLines.isEmpty)
    }

    @Test
    func rickSanchezOpensTheDetailOfCharacterOne() async throws {
        let app = try await AppHarness(features: ["Home", "Character", "Shell"], start: "home")

        let detail = await app.run("tap Rick Sanchez")

        #expect(detail == """
            ════════════════════════════════════════════════════════════
            Rick Sanchez
            Home › Rick Sanchez
            ────────────────────────────────────────────────────────────
            PROFILE
              Status: Alive
              Species: Human
              Origin: Earth (C-137)
              Episodes: 11
            ────────────────────────────────────────────────────────────
            [1] Back
            [2] Home
            [3] View episodes
            ════════════════════════════════════════════════════════════

            """)
    }

    @Test
    func withoutTheAppHomesOutgoingValueOpensTheHostsNotFoundScreenAndTheSessionGoesOn() async throws {
        let app = try await AppHarness(features: ["Home"], start: "home")

        let screen = await app.run("tap 1")

        #expect(screen == """
            ════════════════════════════════════════════════════════════
            Not found
            Home › Not found
            ────────────────────────────────────────────────────────────
            Nothing in this app answers home-outgoing/characters.
            [1] Back
            ════════════════════════════════════════════════════════════

            """)
        #expect(app.errorLines == [
            "warning: outgoing home-outgoing/characters: no loaded feature declares the app, whose redirects say where it goes; showing apphost/notFound\n"
        ])
        #expect(await app.run("back") == Self.home)
    }
}
