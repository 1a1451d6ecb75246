import AppHostKit

/// The destinations of the Settings feature.
public enum SettingsNavigation: Navigation, CaseIterable {
    /// The settings.
    case main
    /// The profile editor, presented as a sheet.
    case profile
    /// What's new, presented as a full-screen cover.
    case whatsNew
    /// The sync status: a live screen that checks every millisecond while it is shown.
    case syncStatus

    public static let routeName = "settings"
}
