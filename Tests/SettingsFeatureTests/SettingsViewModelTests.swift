import AppHostKit
import AppHostKitMocks
import SettingsInterface
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
    func didTapOnEditProfileButtonPresentsTheProfileAsASheet() {
        // Given
        let router = RouterMock()
        let sut = SettingsViewModel(store: SettingsStore(), router: router)

        // When
        sut.didTapOnEditProfileButton()

        // Then
        #expect(router.presentedDestinations.map { $0.destination as? SettingsNavigation } == [.profile])
        #expect(router.presentedDestinations.map(\.style) == [.sheet])
    }

    @Test
    func didTapOnWhatsNewButtonPresentsACover() {
        // Given
        let router = RouterMock()
        let sut = SettingsViewModel(store: SettingsStore(), router: router)

        // When
        sut.didTapOnWhatsNewButton()

        // Then
        #expect(router.presentedDestinations.map(\.style) == [.fullScreenCover])
    }

    @Test
    func didTapOnResetButtonAsksForConfirmationWithADestructiveChoice() throws {
        // Given
        let router = RouterMock()
        let sut = SettingsViewModel(store: SettingsStore(), router: router)

        // When
        sut.didTapOnResetButton()

        // Then
        let dialog = try #require(router.shownConfirmationDialogs.first)
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
        #expect(router.shownAlerts.map(\.title) == ["Settings reset"])
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
        #expect(router.shownAlerts.isEmpty)
    }
}
