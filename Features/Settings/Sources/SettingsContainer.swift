import AppHostKit
import SwiftUI

/// Builds the Settings feature's view models and screens around one store.
@MainActor
struct SettingsContainer {
    let store = SettingsStore()

    func makeScreen(for navigation: SettingsNavigation, router: any RouterContract) -> Screen {
        switch navigation {
        case .main:
            Screen(SettingsViewModel(store: store, router: router)) { SettingsView(viewModel: $0) }
        case .profile:
            Screen(ProfileViewModel(store: store, router: router)) { ProfileView(viewModel: $0) }
        case .whatsNew:
            Screen(WhatsNewViewModel(router: router)) { WhatsNewView(viewModel: $0) }
        case .syncStatus:
            Screen(SyncStatusViewModel()) { SyncStatusView(viewModel: $0) }
        }
    }
}
