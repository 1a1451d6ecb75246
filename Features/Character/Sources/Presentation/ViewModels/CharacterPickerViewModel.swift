import AppHostKit
import CharacterInterface

@MainActor
final class CharacterPickerViewModel: ViewModel {
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
        router.finish(with: CharacterPickerResult.picked(identifier: character.id, name: character.name))
    }

    func didTapOnCancelButton() {
        router.goBack()
    }
}
