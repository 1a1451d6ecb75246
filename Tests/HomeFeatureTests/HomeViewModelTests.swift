import AppHostKit
import AppHostKitMocks
import Testing

@testable import HomeFeature

@MainActor
@Suite
struct HomeViewModelTests {
    @Test
    func didTapOnCharactersButtonNavigatesToCharacterList() throws {
        // Given
        let router = RouterMock()
        let sut = HomeViewModel(router: router)

        // When
        sut.didTapOnCharactersButton()

        // Then
        #expect(router.events == [.navigate(try Route(HomeOutgoingNavigation.characters))])
    }

    @Test
    func didTapOnCharacterButtonNavigatesToCharacterDetail() throws {
        // Given
        let router = RouterMock()
        let sut = HomeViewModel(router: router)

        // When
        sut.didTapOnCharacterButton()

        // Then
        #expect(router.events == [.navigate(try Route(HomeOutgoingNavigation.character(identifier: 1)))])
    }

    @Test
    func didTapOnCharacterButtonCallsRouterOnce() {
        // Given
        let router = RouterMock()
        let sut = HomeViewModel(router: router)

        // When
        sut.didTapOnCharacterButton()

        // Then
        #expect(router.events.count == 1)
    }
}
