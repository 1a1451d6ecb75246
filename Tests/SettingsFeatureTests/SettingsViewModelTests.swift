import AppHostKit
import AppHostKitMocks
import Testing

@testable import SettingsFeature

@MainActor
@Suite
struct SettingsViewModelTests {
    @Test
    func didToggleDarkModeStoresIt() {
        // Given
        let store = SettingsStore()
        let sut = SettingsViewModel(store: store, router: RouterMock())

        // When
        sut.didToggleDarkMode(true)

        // Then
        #expect(store.isDarkModeOn)
    }

    @Test
    func didTapOnEditProfileButtonPresentsTheProfileAsASheet() throws {
        // Given
        let router = RouterMock()
        let sut = SettingsViewModel(store: SettingsStore(), router: router)

        // When
        sut.didTapOnEditProfileButton()

        // Then
        #expect(router.events == [.present(try Route(SettingsNavigation.profile), .sheet)])
    }

    @Test
    func didTapOnWhatsNewButtonPresentsACover() throws {
        // Given
        let router = RouterMock()
        let sut = SettingsViewModel(store: SettingsStore(), router: router)

        // When
        sut.didTapOnWhatsNewButton()

        // Then
        #expect(router.events == [.present(try Route(SettingsNavigation.whatsNew), .fullScreenCover)])
    }

    @Test
    func didTapOnResetButtonAsksForConfirmationWithADestructiveChoice() throws {
        // Given
        let router = RouterMock()
        let sut = SettingsViewModel(store: SettingsStore(), router: router)

        // When
        sut.didTapOnResetButton()

        // Then
        guard case .showConfirmationDialog(let dialog)? = router.events.first, router.events.count == 1 else {
            Issue.record("expected one confirmation dialog, got \(router.events)")
            return
        }
        #expect(dialog.title == "Reset settings?")
        #expect(dialog.buttons.map(\.role) == [.destructive, .cancel])
        #expect(dialog.buttons.first?.result == (try Route(SettingsResult.reset)))
    }

    @Test
    func receivingResetResetsTheStoreAndShowsAnAlert() async throws {
        // Given
        let store = SettingsStore()
        store.isDarkModeOn = true
        store.name = "Summer"
        let router = RouterMock()
        let sut = SettingsViewModel(store: store, router: router)

        // When
        await sut.didReceive(try Route(SettingsResult.reset))

        // Then
        #expect(!store.isDarkModeOn)
        #expect(store.name == "Rick")
        #expect(router.events.map { event -> String? in
            guard case .showAlert(let alert) = event else { return nil }
            return alert.title
        } == ["Settings reset"])
    }

    @Test
    func receivingAnotherResultChangesNothing() async throws {
        // Given
        let store = SettingsStore()
        store.name = "Summer"
        let router = RouterMock()
        let sut = SettingsViewModel(store: store, router: router)

        // When
        await sut.didReceive(try Route(parsing: "character-picked/picked?identifier=1&name=Rick"))

        // Then
        #expect(store.name == "Summer")
        #expect(router.events.isEmpty)
    }
}
