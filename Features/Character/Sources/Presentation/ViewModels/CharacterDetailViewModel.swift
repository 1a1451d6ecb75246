import AppHostKit
import Observation

/// What a character's detail shows.
enum CharacterDetailViewState: Equatable {
    case idle
    case loading
    case loaded(Character)
    case error(String)
}

@MainActor
@Observable
final class CharacterDetailViewModel: ViewModel {
    private(set) var state: CharacterDetailViewState = .idle
    let identifier: Int

    private let getCharacterUseCase: any GetCharacterUseCaseContract
    private let router: any RouterContract

    init(identifier: Int, getCharacterUseCase: any GetCharacterUseCaseContract, router: any RouterContract) {
        self.identifier = identifier
        self.getCharacterUseCase = getCharacterUseCase
        self.router = router
    }

    func load() async {
        state = .loading
        do {
            state = .loaded(try await getCharacterUseCase.execute(identifier: identifier))
        } catch {
            state = .error(error.description)
        }
    }

    func didTapOnBackButton() {
        router.goBack()
    }

    func didTapOnHomeButton() {
        router.popToRoot()
    }

    func didTapOnEpisodesButton() {
        router.navigate(to: CharacterOutgoingNavigation.episodes(characterIdentifier: identifier))
    }

    func didTapOnRetryButton() async {
        await load()
    }
}
