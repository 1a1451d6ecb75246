/// The navigation stack of a session: the concrete ``RouterContract`` the host owns.
///
/// The host observes every change through ``observe(_:)`` and renders the new top.
/// A navigation value that cannot be turned into a route is reported through
/// ``onError`` and leaves the stack as it was.
@MainActor
public final class Router: RouterContract {
    /// The current navigation state.
    public private(set) var state: NavigationState {
        didSet {
            guard state != oldValue else { return }
            for observer in observers { observer(state) }
        }
    }

    /// Called with the reason when a navigation request cannot be carried out.
    public var onError: (@MainActor (RouteError) -> Void)?

    private var observers: [@MainActor (NavigationState) -> Void] = []

    /// Creates a router whose stack starts at `root`.
    public init(root: Route) {
        state = NavigationState(root: root)
    }

    /// Creates a router with a given state.
    public init(state: NavigationState) {
        self.state = state
    }

    /// Calls `observer` after every change of ``state``.
    public func observe(_ observer: @escaping @MainActor (NavigationState) -> Void) {
        observers.append(observer)
    }

    public func navigate(to destination: any Navigation) {
        do {
            navigate(to: try Route(destination))
        } catch {
            onError?(error)
        }
    }

    /// Pushes a route onto the stack.
    public func navigate(to route: Route) {
        state.path.append(route)
    }

    public func goBack() {
        guard !state.path.isEmpty else { return }
        state.path.removeLast()
    }

    public func popToRoot() {
        state.path.removeAll()
    }

    /// Replaces the whole state, e.g. to start over at another root.
    public func replace(with state: NavigationState) {
        self.state = state
    }
}
