import AppHostKitMocks
import CharacterInterface
import Testing

@testable import HomeFeature

@MainActor
@Suite
struct HomeViewModelTests {
    @Test
    func didTapOnCharactersButtonNavigatesToCharacterList() {
        // Given
        let router = RouterMock()
        let sut = HomeViewModel(router: router)

        // When
        sut.didTapOnCharactersButton()

        // Then
        let destination = router.navigatedDestinations.first as? CharacterNavigation
        #expect(destination == .list)
    }

    @Test
    func didTapOnCharacterButtonNavigatesToCharacterDetail() {
        // Given
        let router = RouterMock()
        let sut = HomeViewModel(router: router)

        // When
        sut.didTapOnCharacterButton()

        // Then
        let destination = router.navigatedDestinations.first as? CharacterNavigation
        #expect(destination == .detail(identifier: 1))
    }

    @Test
    func didTapOnCharacterButtonCallsRouterOnce() {
        // Given
        let router = RouterMock()
        let sut = HomeViewModel(router: router)

        // When
        sut.didTapOnCharacterButton()

        // Then
        #expect(router.navigatedDestinations.count == 1)
        #expect(router.goBackCallCount == 0)
    }
}
