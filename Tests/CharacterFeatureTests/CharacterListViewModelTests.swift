import AppHostKit
import AppHostKitMocks
import CharacterInterface
import Testing

@testable import CharacterFeature

@MainActor
@Suite
struct CharacterListViewModelTests {
    @Test
    func startsIdle() {
        let sut = CharacterListViewModel(getCharactersUseCase: GetCharactersUseCaseMock(), router: RouterMock())

        #expect(sut.state == .idle)
    }

    @Test
    func loadShowsTheCharacters() async {
        // Given
        let sut = CharacterListViewModel(getCharactersUseCase: GetCharactersUseCaseMock(), router: RouterMock())

        // When
        await sut.load()

        // Then
        #expect(sut.state == .loaded([.rick, .morty]))
    }

    @Test
    func loadShowsTheErrorWhenTheUseCaseFails() async {
        // Given
        let useCase = GetCharactersUseCaseMock(result: .failure(.unavailable("offline")))
        let sut = CharacterListViewModel(getCharactersUseCase: useCase, router: RouterMock())

        // When
        await sut.load()

        // Then
        #expect(sut.state == .error("characters unavailable: offline"))
    }

    @Test
    func didSelectNavigatesToTheCharactersDetail() throws {
        // Given
        let router = RouterMock()
        let sut = CharacterListViewModel(getCharactersUseCase: GetCharactersUseCaseMock(), router: router)

        // When
        sut.didSelect(.morty)

        // Then
        #expect(router.events == [.navigate(try Route(CharacterNavigation.detail(identifier: 2)))])
    }
}

@MainActor
@Suite
struct CharacterPickerViewModelTests {
    @Test
    func didSelectFinishesWithThePickedCharacter() throws {
        // Given
        let router = RouterMock()
        let sut = CharacterListViewModel(getCharactersUseCase: GetCharactersUseCaseMock(), router: router, selection: .returnResult)

        // When
        sut.didSelect(.morty)

        // Then
        #expect(router.events == [.finish(try Route(CharacterPickerResult.picked(identifier: 2, name: "Morty Smith")))])
    }

    @Test
    func didTapOnCancelButtonGoesBack() {
        // Given
        let router = RouterMock()
        let sut = CharacterListViewModel(getCharactersUseCase: GetCharactersUseCaseMock(), router: router, selection: .returnResult)

        // When
        sut.didTapOnCancelButton()

        // Then
        #expect(router.events == [.goBack])
    }
}
