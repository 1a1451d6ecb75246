import AppHostKit
import AppHostKitMocks
import Testing

@testable import CharacterFeature

@MainActor
@Suite
struct CharacterDetailViewModelTests {
    @Test
    func loadShowsTheCharacter() async {
        // Given
        let sut = CharacterDetailViewModel(identifier: 1, getCharacterUseCase: GetCharacterUseCaseMock(), router: RouterMock())

        // When
        await sut.load()

        // Then
        #expect(sut.state == .loaded(.rick))
    }

    @Test
    func loadShowsNotFound() async {
        // Given
        let useCase = GetCharacterUseCaseMock(result: .failure(.notFound(identifier: 99)))
        let sut = CharacterDetailViewModel(identifier: 99, getCharacterUseCase: useCase, router: RouterMock())

        // When
        await sut.load()

        // Then
        #expect(sut.state == .error("character 99 not found"))
    }

    @Test
    func didTapOnBackButtonCallsGoBack() {
        // Given
        let router = RouterMock()
        let sut = CharacterDetailViewModel(identifier: 1, getCharacterUseCase: GetCharacterUseCaseMock(), router: router)

        // When
        sut.didTapOnBackButton()

        // Then
        #expect(router.events == [.goBack])
    }

    @Test
    func didTapOnHomeButtonPopsToRoot() {
        // Given
        let router = RouterMock()
        let sut = CharacterDetailViewModel(identifier: 1, getCharacterUseCase: GetCharacterUseCaseMock(), router: router)

        // When
        sut.didTapOnHomeButton()

        // Then
        #expect(router.events == [.popToRoot])
    }
}
