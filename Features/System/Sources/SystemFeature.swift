import AppHostKit

/// The destinations of the System feature: what the app shows when nothing else answers.
public enum SystemNavigation: Navigation {
    /// Nothing serves `route` (an outgoing value without a redirect, a URL no feature resolves).
    case notFound(route: String)

    public static let routeName = "system"
    public static let allDestinations: [SystemNavigation] = [.notFound(route: "")]
}

/// The System feature: the app's not-found screen (declared by the app, `Features/Shell`).
public struct SystemFeature: NavigationFeature {
    public static let root = SystemNavigation.notFound(route: "")

    public init() {}

    public func makeScreen(for destination: SystemNavigation, router: any RouterContract) -> Screen {
        guard case .notFound(let route) = destination else { return Screen {} }
        return Screen {
            Title("Not found")
            Text(route.isEmpty ? "Nothing is here." : "Nothing in this app answers \(route).")
            Button("Back") { router.goBack() }
        }
    }
}
