import AppHostKit

@MainActor
final class SettingsViewModel: ViewModel, ResultReceiver {
    let store: SettingsStore
    private let router: any RouterContract

    init(store: SettingsStore, router: any RouterContract) {
        self.store = store
        self.router = router
    }

    func didToggleDarkMode(_ isOn: Bool) {
        store.isDarkModeOn = isOn
    }

    func didToggleNotifications(_ isOn: Bool) {
        store.areNotificationsOn = isOn
    }

    func didTapOnEditProfileButton() {
        router.present(SettingsNavigation.profile, style: .sheet)
    }

    func didTapOnWhatsNewButton() {
        router.present(SettingsNavigation.whatsNew, style: .fullScreenCover)
    }

    func didTapOnSyncStatusButton() {
        router.navigate(to: SettingsNavigation.syncStatus)
    }

    func didTapOnResetButton() {
        do {
            router.showConfirmationDialog(
                ConfirmationDialog(
                    title: "Reset settings?",
                    message: "Every setting goes back to its default.",
                    buttons: [
                        try AlertButton("Reset", role: .destructive, result: SettingsResult.reset),
                        AlertButton("Cancel", role: .cancel),
                    ]
                )
            )
        } catch {
            router.showAlert(Alert(title: "Cannot reset settings", message: error.description))
        }
    }

    func didReceive(_ result: Route) async {
        guard (try? result.decode(as: SettingsResult.self)) == .reset else { return }
        store.reset()
        router.showAlert(Alert(title: "Settings reset", message: "Every setting is back to its default."))
    }
}
