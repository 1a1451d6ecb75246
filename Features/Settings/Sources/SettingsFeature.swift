import AppHostKit
import SettingsInterface

/// The Settings feature: toggles, a profile sheet, a cover, and a confirmed reset.
public struct SettingsFeature: NavigationFeature {
    public static let root = SettingsNavigation.main
    /// "Choose favourite" presents Character's picker: without it, the host says so before a session runs.
    public static let needs = ["character/picker"]

    private let container = SettingsContainer()

    public init() {}

    public func makeScreen(for destination: SettingsNavigation, router: any RouterContract) -> Screen {
        container.makeScreen(for: destination, router: router)
    }
}
