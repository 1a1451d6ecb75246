import SwiftUI

struct SettingsView: View {
    let viewModel: SettingsViewModel

    var body: some View {
        Form {
            Section("Appearance") {
                Toggle("Dark mode", isOn: Binding(get: { viewModel.store.isDarkModeOn }, set: { viewModel.didToggleDarkMode($0) }))
                Toggle("Notifications", isOn: Binding(get: { viewModel.store.areNotificationsOn }, set: { viewModel.didToggleNotifications($0) }))
            }
            Section("Profile") {
                Text("Name: \(viewModel.store.name)")
                Text("Favourite character: \(viewModel.store.favouriteCharacter ?? "none")")
                Button("Edit profile") { viewModel.didTapOnEditProfileButton() }
            }
            Divider()
            Button("What's new") { viewModel.didTapOnWhatsNewButton() }
            Button("Sync status") { viewModel.didTapOnSyncStatusButton() }
            Button("Reset settings", role: .destructive) { viewModel.didTapOnResetButton() }
        }
        .navigationTitle("Settings")
    }
}
