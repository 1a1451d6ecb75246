import AppHostKit
import AppHostKitMocks
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
    func didAppearShowsTheCharacters() async {
        // Given
        let sut = CharacterListViewModel(getCharactersUseCase: GetCharactersUseCaseMock(), router: RouterMock())

        // When
        await sut.didAppear()

        // Then
        #expect(sut.state == .loaded([.rick, .morty, .adjudicatorRick]))
    }

    @Test
    func didAppearShowsTheErrorWhenTheUseCaseFails() async {
        // Given
        let useCase = GetCharactersUseCaseMock(result: .failure(.unavailable("offline")))
        let sut = CharacterListViewModel(getCharactersUseCase: useCase, router: RouterMock())

        // When
        await sut.didAppear()

        // Then
        #expect(sut.state == .error("characters unavailable: offline"))
    }

    @Test
    func typingSearchesOnceTheDebounceEnds() async throws {
        // Given
        let useCase = GetCharactersUseCaseMock()
        let sut = CharacterListViewModel(getCharactersUseCase: useCase, router: RouterMock(), debounce: .zero)
        await sut.didAppear()

        // When
        sut.searchText = "rick"
        let search = try #require(sut.searchTask)
        await search.value

        // Then
        #expect(sut.state == .loaded([.rick, .adjudicatorRick]))
        #expect(useCase.queries == [CharacterQuery(), CharacterQuery(text: "rick")])
    }

    @Test
    func typingAgainCancelsTheSearchStillWaiting() async throws {
        // Given
        let useCase = GetCharactersUseCaseMock()
        let sut = CharacterListViewModel(getCharactersUseCase: useCase, router: RouterMock(), debounce: .seconds(60))

        // When: the second search is cancelled before anything awaits, so no clock, real or a
        // session's virtual one in this process, ever decides whether its wait ended.
        sut.searchText = "ri"
        let first = try #require(sut.searchTask)
        sut.searchText = "rick"
        let second = try #require(sut.searchTask)
        second.cancel()
        await first.value
        await second.value

        // Then
        #expect(first.isCancelled)
        #expect(useCase.queries.isEmpty)
        #expect(sut.state == .idle)
    }

    @Test
    func didTapOnFilterButtonPresentsTheFilterAsAFullScreenCover() throws {
        // Given
        let router = RouterMock()
        let sut = CharacterListViewModel(getCharactersUseCase: GetCharactersUseCaseMock(), router: router)

        // When
        sut.didTapOnFilterButton()

        // Then
        #expect(router.events == [.presentLive("character-filter", .fullScreenCover)])
        guard case .filter(let selected, let delegate)? = router.liveDestinations.first as? CharacterLiveNavigation else {
            Issue.record("the filter was not presented: \(router.liveDestinations)")
            return
        }
        #expect(selected == .all)
        #expect(delegate === sut, "the list is the filter's delegate")
    }

    @Test
    func anAppliedFilterReloadsTheListInATask() async throws {
        // Given
        let useCase = GetCharactersUseCaseMock()
        let sut = CharacterListViewModel(getCharactersUseCase: useCase, router: RouterMock())
        await sut.didAppear()

        // When
        sut.didApply(.dead)
        let reload = try #require(sut.filterTask)
        await reload.value

        // Then
        #expect(sut.filter == .dead)
        #expect(sut.state == .loaded([.adjudicatorRick]))
        #expect(useCase.queries.last == CharacterQuery(status: .dead))
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
