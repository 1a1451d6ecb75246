import AppHostKit

/// The Character feature: a list of characters and each one's detail. A character's episodes are
/// another feature's: it navigates to its own outgoing value, which the app redirects.
public struct CharacterFeature: NavigationFeature {
    public static let root = CharacterNavigation.list
    public static let outgoing: [any OutgoingNavigation.Type] = [CharacterOutgoingNavigation.self]
    public static let deepLinkHosts = CharacterDeepLinks.hosts

    private let container = CharacterContainer()

    public init() {}

    public func makeScreen(for destination: CharacterNavigation, router: any RouterContract) -> Screen {
        container.makeScreen(for: destination, router: router)
    }

    public func registerLiveDestinations(in context: FeatureContext) {
        context.registerLive(CharacterLiveNavigation.self) { [container] destination, router in
            container.makeScreen(for: destination, router: router)
        }
    }

    public static func destination(for url: DeepLinkURL) -> CharacterNavigation? {
        CharacterDeepLinks.destination(for: url)
    }

    public static func url(for destination: CharacterNavigation) -> String? {
        CharacterDeepLinks.url(for: destination)
    }
}
