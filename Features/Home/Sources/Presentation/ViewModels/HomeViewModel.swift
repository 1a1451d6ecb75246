import AppHostKit

@MainActor
final class HomeViewModel: ViewModel {
    private let router: any RouterContract

    init(router: any RouterContract) {
        self.router = router
    }

    /// The About screen's route: About is a C feature, with no Swift type to name.
    let aboutRoute = Route(name: "about", destination: "main")

    func didTapOnCharactersButton() {
        router.navigate(to: HomeOutgoingNavigation.characters)
    }

    func didTapOnCharacterButton() {
        router.navigate(to: HomeOutgoingNavigation.character(identifier: 1))
    }
}
