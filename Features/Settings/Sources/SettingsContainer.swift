import AppHostKit

/// Builds the Settings feature's view models and screens around one store.
@MainActor
struct SettingsContainer {
    let store = SettingsStore()

    func makeScreen(for navigation: SettingsNavigation, router: any RouterContract) -> Screen {
        switch navigation {
        case .main:
            Screen(SettingsViewModel(store: store, router: router)) { SettingsView(viewModel: $0).body }
        case .profile:
            Screen(ProfileViewModel(store: store, router: router)) { ProfileView(viewModel: $0).body }
        case .whatsNew:
            Screen(WhatsNewViewModel(router: router)) { WhatsNewView(viewModel: $0).body }
        case .syncStatus:
            Screen(SyncStatusViewModel(), task: { await $0.didAppear() }) { SyncStatusView(viewModel: $0).body }
        }
    }
}
