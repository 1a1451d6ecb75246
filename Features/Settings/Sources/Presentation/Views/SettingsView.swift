import AppHostKit

@MainActor
struct SettingsView {
    let viewModel: SettingsViewModel

    @ViewBuilder
    var body: [Node] {
        Title("Settings")
        Section("Appearance") {
            Toggle("Dark mode", isOn: viewModel.store.isDarkModeOn) { [viewModel] in viewModel.didToggleDarkMode($0) }
            Toggle("Notifications", isOn: viewModel.store.areNotificationsOn) { [viewModel] in
                viewModel.didToggleNotifications($0)
            }
        }
        Section("Profile") {
            Text("Name: \(viewModel.store.name)")
            Text("Favourite character: \(viewModel.store.favouriteCharacter ?? "none")")
            Button("Edit profile") { [viewModel] in viewModel.didTapOnEditProfileButton() }
        }
        Divider()
        Button("What's new") { [viewModel] in viewModel.didTapOnWhatsNewButton() }
        Button("Sync status") { [viewModel] in viewModel.didTapOnSyncStatusButton() }
        Button("Reset settings") { [viewModel] in viewModel.didTapOnResetButton() }
    }
}
