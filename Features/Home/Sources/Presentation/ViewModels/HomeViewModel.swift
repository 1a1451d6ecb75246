import AppHostKit

@MainActor
final class HomeViewModel: ViewModel {
    private let router: any RouterContract

    init(router: any RouterContract) {
        self.router = router
    }

    func didTapOnCharactersButton() {
        router.navigate(to: HomeOutgoingNavigation.characters)
    }

    func didTapOnCharacterButton() {
        router.navigate(to: HomeOutgoingNavigation.character(identifier: 1))
    }

    func didTapOnGalleryButton() {
        router.navigate(to: HomeOutgoingNavigation.gallery)
    }

    func didTapOnBackupsButton() {
        router.navigate(to: HomeOutgoingNavigation.backups)
    }

    func didTapOnRecipesButton() {
        router.navigate(to: HomeOutgoingNavigation.recipes)
    }
}
