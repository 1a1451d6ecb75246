import Observation

/// The settings, shared by the feature's screens for the life of the process; observable, so every
/// screen that shows one is drawn again when it changes.
@MainActor
@Observable
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
