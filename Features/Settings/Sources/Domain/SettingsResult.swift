import AppHostKit

/// What the Reset confirmation hands back to the settings screen.
enum SettingsResult: NavigationResult {
    case reset

    static let routeName = "settings-result"
}
