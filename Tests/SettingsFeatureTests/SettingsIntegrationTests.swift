import AppHostTesting
import Testing

/// libSettingsFeature.so through the real loader, with the Character library for the picker.
@MainActor
@Suite
struct SettingsIntegrationTests {
    private func makeApp() async throws -> AppHarness {
        try await AppHarness(features: ["Settings", "Character", "Shell"], start: "settings", options: .init(width: 44))
    }

    @Test
    func theProfileSheetIsDrawnOverTheSettingsAndOnlyItsElementsAreNumbered() async throws {
        let app = try await makeApp()

        let screen = await app.run("tap Edit profile")

        #expect(screen == """
            ════════════════════════════════════════════
            Settings
            ────────────────────────────────────────────
            APPEARANCE
              [·] [ ] Dark mode
              [·] [x] Notifications

            PROFILE
              Name: Rick
              Favourite character: none
              [·] Edit profile
            ────────────────────────────────────────────
            [·] What's new
            [·] Sync status
            [·] Reset settings
            ════════════════════════════════════════════
            ┌─ sheet ──────────────────────────────────┐
            │ Profile                                  │
            │ ──────────────────────────────────────── │
            │ [1] Name: Rick_                          │
            │ Favourite character: none                │
            │ [2] Choose favourite                     │
            │ ──────────────────────────────────────── │
            │ [3] Save                                 │
            │ [4] Cancel                               │
            └──────────────────────────────────────────┘

            """)
        #expect(app.session.current?.actions.map(\.label) == ["Name", "Choose favourite", "Save", "Cancel"])
    }

    @Test
    func typingChangesTheFieldAndTappingItIsRefused() async throws {
        let app = try await makeApp()
        await app.run("tap Edit profile")

        let typed = await app.run("type 1 Summer Smith")
        await app.run("tap 1")

        #expect(typed.contains("│ [1] Name: Summer Smith_"))
        #expect(app.errorLines == ["error: tap 1: 'Name' is a text field; use type Name TEXT\n"])
    }

    @Test
    func typingIntoAButtonIsRefused() async throws {
        let app = try await makeApp()

        await app.run("type 3 hello")

        #expect(app.errorLines == ["error: type 3 hello: 'Edit profile' is not a text field; use tap\n"])
    }

    @Test
    func theCoverReplacesTheScreenUntilDismissed() async throws {
        let app = try await makeApp()

        let cover = await app.run("tap What's new")
        let back = await app.run("tap Close")

        #expect(cover == """
            ════════════════════════════════════════════
            What's new
            ────────────────────────────────────────────
            [1] Close
              Sheets, covers, alerts and confirmation
              dialogs
              Tabs and a split layout
              Deep links and state restoration
            ════════════════════════════════════════════

            """)
        #expect(back.hasPrefix("════════════════════════════════════════════\nSettings\n"))
        #expect(await app.run("state") == "settings/main\n")
    }

    @Test
    func cancellingTheConfirmationKeepsTheSettings() async throws {
        let app = try await makeApp()
        await app.run(["tap Dark mode", "tap Reset settings"])

        let screen = await app.run("tap Cancel")

        #expect(screen.contains("  [1] [x] Dark mode\n"))
        #expect(await app.run("state") == "settings/main\n")
    }

    @Test
    func backOnAnAlertDismissesIt() async throws {
        let app = try await makeApp()
        await app.run(["tap Reset settings", "tap Reset"])

        await app.run("back")

        #expect(await app.run("state") == "settings/main\n")
    }
}
