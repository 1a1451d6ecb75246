import AppHostKit
import CharacterInterface

/// The Character feature: a list of characters and each one's detail.
public struct CharacterFeature: NavigationFeature {
    public static let root = CharacterNavigation.list

    private let container = CharacterContainer()

    public init() {}

    public func makeScreen(for destination: CharacterNavigation, router: any RouterContract) -> Screen {
        container.makeScreen(for: destination, router: router)
    }
}
