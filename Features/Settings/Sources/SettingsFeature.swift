import AppHostKit

/// The Settings feature: toggles, a profile sheet, a cover, and a confirmed reset.
public struct SettingsFeature: NavigationFeature {
    public static let root = SettingsNavigation.main
    public static let outgoing: [any OutgoingNavigation.Type] = [SettingsOutgoingNavigation.self]
    /// "Choose favourite" opens the app's redirect of its outgoing value: without one, the host says
    /// so before a session runs.
    public static let needs = ["settings-outgoing/chooseCharacter"]

    private let container = SettingsContainer()

    public init() {}

    public func makeScreen(for destination: SettingsNavigation, router: any RouterContract) -> Screen {
        container.makeScreen(for: destination, router: router)
    }
}
