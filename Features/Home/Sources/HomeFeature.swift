import AppHostKit
import HomeInterface

/// The Home feature: the start screen.
public enum HomeFeature: FeatureModule {
    public static let name = "home"

    public static func register(in context: FeatureContext) throws {
        let container = HomeContainer()
        try context.register(HomeNavigation.self, root: .main) { navigation, router in
            container.makeScreen(for: navigation, router: router)
        }
    }
}
