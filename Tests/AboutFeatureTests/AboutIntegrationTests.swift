import AppHostTesting
import Testing

/// libAboutFeature.so, a feature written in C, through the real loader and libffi,
/// navigating to and from the Swift features.
@MainActor
@Suite
struct AboutIntegrationTests {
    private func makeApp(start: String = "home") async throws -> AppHarness {
        try await AppHarness(features: ["Home", "Character", "About", "Shell"], start: start, options: .init(width: 50))
    }

    private static let about = """
        ══════════════════════════════════════════════════
        About AppHost
        Home › About AppHost
        ──────────────────────────────────────────────────
        This screen comes from libAboutFeature.so, a
        feature written in C and called through libffi.

        MORE
          [1] Open-source licenses ›
          [2] Home ›
          [3] Rick Sanchez ›
        ──────────────────────────────────────────────────
        [4] Greet Morty
        [5] Version
        ══════════════════════════════════════════════════

        """

    @Test
    func homeLinksToTheCScreen() async throws {
        let app = try await makeApp()

        #expect(await app.run("tap About") == Self.about)
    }

    @Test
    func swiftToCToSwiftThroughALicense() async throws {
        let app = try await makeApp()
        await app.run("tap About")

        let licenses = await app.run("tap Open-source licenses")
        let license = await app.run("tap libffi")
        let characters = await app.run("tap Characters")

        #expect(licenses == """
            ══════════════════════════════════════════════════
            Open-source licenses
            Home › About AppHost › Open-source licenses
            ──────────────────────────────────────────────────
              [1] swift-argument-parser ›
              [2] swift-log ›
              [3] libffi ›
            ══════════════════════════════════════════════════

            """)
        #expect(license == """
            ══════════════════════════════════════════════════
            libffi
            … › About AppHost › Open-source licenses › libffi
            ──────────────────────────────────────────────────
            MIT License
            Permits use, copying, modification and
            distribution, keeping the copyright notice.
            [1] Characters ›
            ══════════════════════════════════════════════════

            """)
        #expect(characters.hasPrefix("""
            ══════════════════════════════════════════════════
            Characters
            … › Open-source licenses › libffi › Characters
            ──────────────────────────────────────────────────
            [1] Filter: All
            [2] Search: _
            24 characters
            """))
        #expect(await app.run("state") == "home/main>about/main>about/licenses>about/license?id=3>character/list\n")
        #expect(app.errorLines.isEmpty)
    }

    @Test
    func aButtonCallsATypedCActionThatNavigates() async throws {
        let app = try await makeApp(start: "about")

        let greeting = await app.run("tap Greet Morty")

        #expect(greeting == """
            ══════════════════════════════════════════════════
            Hello, Morty
            About AppHost › Hello, Morty
            ──────────────────────────────────────────────────
            Score: 9.5
            ══════════════════════════════════════════════════

            """)
    }

    @Test
    func aCActionShowsAnAlert() async throws {
        let app = try await makeApp(start: "about")

        let screen = await app.run("tap Version")
        let dismissed = await app.run("tap OK")

        #expect(screen.hasSuffix("""
            ┌─ alert ────────────────────────────────────────┐
            │ Version                                        │
            │ AppHost 1.0 (preview), C ABI 2.                │
            │ ────────────────────────────────────────────── │
            │ [1] OK (cancel)                                │
            └────────────────────────────────────────────────┘

            """))
        #expect(app.session.current?.actions.map(\.label) == ["Open-source licenses", "Home", "Rick Sanchez", "Greet Morty", "Version"])
        #expect(dismissed == Self.about.replacingOccurrences(of: "About AppHost\nHome › About AppHost\n", with: "About AppHost\n"))
    }

    @Test
    func typedParametersAreDecodedFromTheRoute() async throws {
        let app = try await makeApp(start: "about")

        let screen = await app.run("open about/greeting?name=Rick%20Sanchez&score=-7.5")

        #expect(screen.contains("Hello, Rick Sanchez\n"))
        #expect(screen.contains("Score: -7.5\n"))
    }

    @Test(arguments: [
        ("open about/license?id=three", "parameter 'id' expects an int64, got 'three'"),
        ("open about/license", "missing parameter 'id' for about/license"),
        ("open about/greeting?name=Rick&score=high", "parameter 'score' expects a double, got 'high'"),
        ("open about/license?id=1&colour=red", "unknown parameter 'colour' for about/license"),
    ])
    func aParameterThatDoesNotConvertIsRefusedNamingTheFileAndDestination(line: String, message: String) async throws {
        let app = try await makeApp(start: "about")
        let destination = line.split(separator: "/")[1].split(separator: "?")[0]

        await app.run(line)

        #expect(app.errorLines == ["error: \(line): \(message) (C destination '\(destination)' of \(AppHarness.libraryPath("About")))\n"])
        #expect(app.session.navigationState.stack.map(\.description) == ["about/main"])
    }

    @Test
    func anUnknownLicenseShowsTheCFeaturesOwnError() async throws {
        let app = try await makeApp(start: "about")

        let screen = await app.run("open about/license?id=42")

        #expect(screen.contains("error: no license 42\n"))
    }
}
