import AppHostKit
import CharacterInterface

/// The Character feature: a list of characters and each one's detail.
public enum CharacterFeature: FeatureModule {
    public static let name = "character"

    public static func register(in context: FeatureContext) throws {
        let container = CharacterContainer()
        try context.register(CharacterNavigation.self, root: .list) { navigation, router in
            container.makeScreen(for: navigation, router: router)
        }
    }
}
