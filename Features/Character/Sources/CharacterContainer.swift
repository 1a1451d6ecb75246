import AppHostKit
import SwiftUI

/// Builds the Character feature's repositories, use cases, view models and screens.
@MainActor
struct CharacterContainer {
    private let repository: any CharacterRepositoryContract

    init(repository: any CharacterRepositoryContract = CharacterRepository()) {
        self.repository = repository
    }

    func makeCharacterListViewModel(router: any RouterContract) -> CharacterListViewModel {
        CharacterListViewModel(getCharactersUseCase: GetCharactersUseCase(repository: repository), router: router)
    }

    func makeCharacterDetailViewModel(identifier: Int, router: any RouterContract) -> CharacterDetailViewModel {
        CharacterDetailViewModel(
            identifier: identifier,
            getCharacterUseCase: GetCharacterUseCase(repository: repository),
            router: router
        )
    }

    func makeCharacterPickerViewModel(router: any RouterContract) -> CharacterListViewModel {
        CharacterListViewModel(
            getCharactersUseCase: GetCharactersUseCase(repository: repository),
            router: router,
            selection: .returnResult
        )
    }

    func makeScreen(for navigation: CharacterNavigation, router: any RouterContract) -> Screen {
        switch navigation {
        case .list:
            Screen(makeCharacterListViewModel(router: router)) { CharacterListView(viewModel: $0) }
        case .detail(let identifier):
            Screen(makeCharacterDetailViewModel(identifier: identifier, router: router)) { CharacterDetailView(viewModel: $0) }
        case .picker:
            Screen(makeCharacterPickerViewModel(router: router)) { CharacterPickerView(viewModel: $0) }
        }
    }

    func makeScreen(for navigation: CharacterLiveNavigation, router: any RouterContract) -> Screen {
        switch navigation {
        case .filter(let selected, let delegate):
            Screen(CharacterFilterViewModel(selected: selected, delegate: delegate, router: router)) { CharacterFilterView(viewModel: $0) }
        }
    }
}
