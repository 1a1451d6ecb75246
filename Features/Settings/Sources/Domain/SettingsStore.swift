/// The settings, shared by the feature's screens for the life of the process.
@MainActor
final class SettingsStore {
    var isDarkModeOn = false
    var areNotificationsOn = true
    var name = "Rick"
    var favouriteCharacter: String?

    func reset() {
        isDarkModeOn = false
        areNotificationsOn = true
        name = "Rick"
        favouriteCharacter = nil
    }
}
