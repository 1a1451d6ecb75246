import AppHostKit
import SettingsInterface

/// The Settings feature: toggles, a profile sheet, a cover, and a confirmed reset.
public enum SettingsFeature: FeatureModule {
    public static let name = "settings"

    public static func register(in context: FeatureContext) throws {
        let container = SettingsContainer()
        try context.register(SettingsNavigation.self, root: .main) { navigation, router in
            container.makeScreen(for: navigation, router: router)
        }
    }
}
