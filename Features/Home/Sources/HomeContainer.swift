import AppHostKit

/// Builds the Home feature's view models and screens.
@MainActor
struct HomeContainer {
    func makeHomeViewModel(router: any RouterContract) -> HomeViewModel {
        HomeViewModel(router: router)
    }

    func makeScreen(for navigation: HomeNavigation, router: any RouterContract) -> Screen {
        switch navigation {
        case .main:
            Screen(makeHomeViewModel(router: router)) { HomeView(viewModel: $0).body }
        }
    }
}
