import AppHostKit
import CharacterInterface

/// What the character list shows.
enum CharacterListViewState: Equatable {
    case idle
    case loading
    case loaded([Character])
    case error(String)
}

@MainActor
final class CharacterListViewModel: ViewModel {
    private(set) var state: CharacterListViewState = .idle

    private let getCharactersUseCase: any GetCharactersUseCaseContract
    private let router: any RouterContract

    init(getCharactersUseCase: any GetCharactersUseCaseContract, router: any RouterContract) {
        self.getCharactersUseCase = getCharactersUseCase
        self.router = router
    }

    func load() async {
        state = .loading
        do {
            state = .loaded(try await getCharactersUseCase.execute())
        } catch {
            state = .error(error.description)
        }
    }

    func didSelect(_ character: Character) {
        router.navigate(to: CharacterNavigation.detail(identifier: character.id))
    }

    func didTapOnRetryButton() async {
        await load()
    }
}
