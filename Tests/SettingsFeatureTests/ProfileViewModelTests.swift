import AppHostKit
import AppHostKitMocks
import Testing

@testable import SettingsFeature

@MainActor
@Suite
struct ProfileViewModelTests {
    @Test
    func didTapOnChooseFavouriteButtonPushesThePickerInTheSheet() throws {
        // Given
        let router = RouterMock()
        let sut = ProfileViewModel(store: SettingsStore(), router: router)

        // When
        sut.didTapOnChooseFavouriteButton()

        // Then
        #expect(router.events == [.navigate(try Route(SettingsOutgoingNavigation.chooseCharacter))])
    }

    @Test
    func aPickedCharacterBecomesTheDraftFavourite() async throws {
        // Given
        let store = SettingsStore()
        let sut = ProfileViewModel(store: store, router: RouterMock())

        // When
        await sut.didReceive(try Route(PickedCharacter.picked(identifier: 4, name: "Beth Smith")))

        // Then
        #expect(sut.draftFavourite == "Beth Smith")
        #expect(store.favouriteCharacter == nil)
    }

    @Test
    func didTapOnSaveButtonStoresTheDraftAndDismisses() {
        // Given
        let store = SettingsStore()
        let router = RouterMock()
        let sut = ProfileViewModel(store: store, router: router)
        sut.didChangeName("Morty")

        // When
        sut.didTapOnSaveButton()

        // Then
        #expect(store.name == "Morty")
        #expect(router.events == [.dismiss])
    }

    @Test
    func didTapOnCancelButtonDismissesWithoutSaving() {
        // Given
        let store = SettingsStore()
        let router = RouterMock()
        let sut = ProfileViewModel(store: store, router: router)
        sut.didChangeName("Morty")

        // When
        sut.didTapOnCancelButton()

        // Then
        #expect(store.name == "Rick")
        #expect(router.events == [.dismiss])
    }
}
