import AppHostKit
import CharacterInterface

/// What the character list shows.
enum CharacterListViewState: Equatable {
    case idle
    case loading
    case loaded([Character])
    case error(String)
}

/// What choosing a character in the list does.
enum CharacterSelection {
    /// Shows the character's detail (the list).
    case showDetail
    /// Hands the character back to the screen that opened the list (the picker).
    case returnResult
}

@MainActor
final class CharacterListViewModel: ViewModel {
    private(set) var state: CharacterListViewState = .idle

    private let getCharactersUseCase: any GetCharactersUseCaseContract
    private let router: any RouterContract
    private let selection: CharacterSelection

    init(
        getCharactersUseCase: any GetCharactersUseCaseContract,
        router: any RouterContract,
        selection: CharacterSelection = .showDetail
    ) {
        self.getCharactersUseCase = getCharactersUseCase
        self.router = router
        self.selection = selection
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
        switch selection {
        case .showDetail:
            router.navigate(to: CharacterNavigation.detail(identifier: character.id))
        case .returnResult:
            router.finish(with: CharacterPickerResult.picked(identifier: character.id, name: character.name))
        }
    }

    func didTapOnCancelButton() {
        router.goBack()
    }

    func didTapOnRetryButton() async {
        await load()
    }
}
