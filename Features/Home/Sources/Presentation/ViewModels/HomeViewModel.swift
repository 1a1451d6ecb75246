import AppHostKit
import CharacterInterface

@MainActor
final class HomeViewModel: ViewModel {
    private let router: any RouterContract

    init(router: any RouterContract) {
        self.router = router
    }

    func didTapOnCharactersButton() {
        router.navigate(to: CharacterNavigation.list)
    }

    func didTapOnCharacterButton() {
        router.navigate(to: CharacterNavigation.detail(identifier: 1))
    }
}
