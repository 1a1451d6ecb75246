import AppHostKit

/// The Home feature: the start screen.
public struct HomeFeature: NavigationFeature {
    public static let root = HomeNavigation.main
    public static let outgoing: [any OutgoingNavigation.Type] = [HomeOutgoingNavigation.self]

    private let container = HomeContainer()

    public init() {}

    public func makeScreen(for destination: HomeNavigation, router: any RouterContract) -> Screen {
        container.makeScreen(for: destination, router: router)
    }
}
