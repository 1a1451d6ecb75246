@_spi(Host) import AppHostKit

/// The navigation state of one stack and everything presented over it: the
/// concrete ``RouterContract`` the host owns.
///
/// The router itself is the scope of the base stack; ``scope(_:)`` gives the
/// router of the stack presented `depth` sheets up. The session reads ``state``
/// after each command; requests that cannot be carried out are reported through
/// ``onError`` and leave the state as it was.
@MainActor
public final class Router: RouterContract {
    /// The whole state: the base stack and the presentations over it.
    public private(set) var state: NavigationState

    /// Called with the reason when a navigation request cannot be carried out.
    public var onError: (@MainActor (RouteError) -> Void)?
    /// Called with a result and the scope whose top screen should receive it.
    public var onResult: (@MainActor (_ result: Route, _ depth: Int) -> Void)?
    /// Turns a route asked for into the one to show: an outgoing value into its redirect, or the
    /// not-found destination. Set by the navigator; without it, routes are shown as asked.
    public var redirect: (@MainActor (Route) -> Route)?
    /// Where destinations that hold live values keep them; set by the navigator. Without it, they are refused.
    public var live: LiveValues?

    /// The most presentations one stack may have over it, nested (sheets, covers, then an alert or a
    /// dialog on top). Deeper would be a state whose deep link no host reads back
    /// (``DeepLink/maximumNesting``), so a request beyond it is refused and reported.
    public static let maximumPresentationDepth = 24

    /// Counts the changes of ``state``.
    public private(set) var revision = 0
    /// The lowest place where the stacks may differ from what they were at the last
    /// ``acknowledgeChanges()``: scope `depth` from stack index `index` up, and every scope above it.
    /// Truncating a stack leaves its remaining routes as they were, so a reader that also trims to
    /// the stack's length needs to look at nothing below this mark.
    public private(set) var changes: ChangeMark?

    /// Where a change starts: a scope and an index in its stack.
    public struct ChangeMark: Equatable, Sendable, Comparable {
        public var depth: Int
        public var index: Int

        public static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.depth, lhs.index) < (rhs.depth, rhs.index)
        }
    }

    private var scopes: [RouterScope] = []

    /// Creates a router whose stack starts at `root`.
    public convenience init(root: Route) {
        self.init(state: NavigationState(root: root))
    }

    /// Creates a router with a given state.
    public init(state: NavigationState) {
        self.state = state
    }

    /// Replaces the whole state, e.g. to restore it or to open a deep link.
    public func replace(with state: NavigationState) {
        self.state = state
        mark(ChangeMark(depth: 0, index: 0))
    }

    /// Forgets the changes recorded so far (see ``changes``).
    public func acknowledgeChanges() {
        changes = nil
    }

    private func mark(_ change: ChangeMark) {
        revision &+= 1
        changes = min(changes ?? change, change)
    }

    /// The router of the stack `depth` presentations up; the router itself for 0.
    public func scope(_ depth: Int) -> any RouterContract {
        guard depth > 0 else { return self }
        while scopes.count < depth {
            scopes.append(RouterScope(owner: self, depth: scopes.count + 1))
        }
        return scopes[depth - 1]
    }

    // MARK: Operations on a scope
    // Each takes the scope: 0 for the base stack, n for the stack n presentations up.

    /// Changes scope `depth` in place; its routes from stack index `index` up may differ afterwards.
    package func update(_ depth: Int, from index: Int, _ change: (inout NavigationState) -> Void) {
        state.updateScope(depth, change)
        mark(ChangeMark(depth: depth, index: index))
    }

    /// The number of routes in scope `depth`'s stack (0 if there is no such scope).
    private func count(_ depth: Int) -> Int {
        state.scope(depth).map { $0.path.count + 1 } ?? 0
    }

    package func fail(_ route: String, _ message: String) {
        onError?(RouteError(route: route, message: message))
    }

    /// Pushes a destination onto the stack of scope `depth`.
    public func navigate(to destination: any Navigation, depth: Int) {
        do {
            navigate(to: try Route(destination), depth: depth)
        } catch {
            onError?(error)
        }
    }

    /// Pushes a route onto the stack of scope `depth`.
    public func navigate(to route: Route, depth: Int) {
        let route = redirect?(route) ?? route
        update(depth, from: count(depth)) { $0.path.append(route) }
    }

    /// Pushes a destination that holds live values onto the stack of scope `depth`.
    public func navigate(toLive destination: any LiveNavigation, depth: Int) {
        guard let live else {
            return fail(type(of: destination).routeName, "holds live values, and this router keeps none")
        }
        let route = live.add(destination)
        update(depth, from: count(depth)) { $0.path.append(route) }
    }

    /// Presents a destination that holds live values over scope `depth`.
    public func present(live destination: any LiveNavigation, style: PresentationStyle, depth: Int) {
        guard let live else {
            return fail(type(of: destination).routeName, "holds live values, and this router keeps none")
        }
        present(live.add(destination), style: style, depth: depth)
    }

    /// Pops scope `depth`'s top destination; at a presented stack's root, closes it.
    public func goBack(depth: Int) {
        // Only the count is read: a copy of the scope kept alive here would make the change copy the stack.
        guard let pushed = state.scope(depth)?.path.count else { return }
        if pushed > 0 {
            update(depth, from: pushed) { $0.path.removeLast() }
        } else if depth > 0 {
            dismissPresentation(depth - 1)
        }
    }

    /// Pops every destination above scope `depth`'s root.
    public func popToRoot(depth: Int) {
        update(depth, from: 1) { $0.path.removeAll() }
    }

    /// Pops scope `depth` down to the topmost occurrence of `route`; reports it if absent.
    public func pop(to route: Route, depth: Int) {
        guard let scope = state.scope(depth) else { return }
        guard let index = scope.stack.lastIndex(of: route) else {
            fail(route.description, "is not in the stack (\(scope.stack.map(\.description).joined(separator: " › ")))")
            return
        }
        update(depth, from: index + 1) { $0.path.removeSubrange(index...) }
    }

    /// Pops scope `depth` down to the topmost occurrence of `destination`.
    public func pop(to destination: any Navigation, depth: Int) {
        do {
            pop(to: try Route(destination), depth: depth)
        } catch {
            onError?(error)
        }
    }

    /// Presents a destination over scope `depth` with a stack of its own.
    public func present(_ destination: any Navigation, style: PresentationStyle, depth: Int) {
        do {
            present(try Route(destination), style: style, depth: depth)
        } catch {
            onError?(error)
        }
    }

    /// Presents a route over scope `depth` with a stack of its own.
    public func present(_ route: Route, style: PresentationStyle, depth: Int) {
        guard depth < Self.maximumPresentationDepth else {
            fail(route.description, "cannot be presented: at most \(Self.maximumPresentationDepth) presentations may be nested (Router.maximumPresentationDepth)")
            return
        }
        let presented = NavigationState(root: redirect?(route) ?? route)
        update(depth, from: count(depth)) { $0.presentation = style == .sheet ? .sheet(presented) : .fullScreenCover(presented) }
    }

    /// Shows a presentation over scope `depth`, replacing whatever it presented.
    public func show(_ presentation: Presentation, depth: Int) {
        guard depth < Self.maximumPresentationDepth else {
            fail(presentation.dialog?.title ?? "presentation", "cannot be presented: at most \(Self.maximumPresentationDepth) presentations may be nested (Router.maximumPresentationDepth)")
            return
        }
        update(depth, from: count(depth)) { $0.presentation = presentation }
    }

    /// Closes what scope `depth` presented or, if nothing, scope `depth` itself.
    public func dismiss(depth: Int) {
        if state.scope(depth)?.presentation != nil {
            dismissPresentation(depth)
        } else if depth > 0 {
            dismissPresentation(depth - 1)
        }
    }

    /// Replaces the stack of scope `depth` with destinations, root first; reported if one cannot be a route.
    public func replaceStack(with destinations: [any Navigation], depth: Int) {
        var routes: [Route] = []
        for destination in destinations {
            do {
                routes.append(try Route(destination))
            } catch {
                onError?(error)
                return
            }
        }
        replaceStack(routes, depth: depth)
    }

    /// Replaces the stack of a scope, keeping what it presents.
    public func replaceStack(_ routes: [Route], depth: Int) {
        let routes = redirect.map { routes.map($0) } ?? routes
        guard let root = routes.first else { return }
        update(depth, from: 0) {
            $0.root = root
            $0.path = Array(routes.dropFirst())
        }
    }

    /// Closes what scope `depth` presented.
    public func dismissPresentation(_ depth: Int) {
        update(depth, from: count(depth)) { $0.presentation = nil }
    }

    /// Leaves scope `depth`'s top destination and reports `result` for the screen then on top.
    public func finish(with result: any NavigationResult, depth: Int) {
        let route: Route
        do {
            route = try Route(result)
        } catch {
            onError?(error)
            return
        }
        guard let pushed = state.scope(depth)?.path.count else { return }
        if pushed > 0 {
            update(depth, from: pushed) { $0.path.removeLast() }
            onResult?(route, depth)
        } else if depth > 0 {
            dismissPresentation(depth - 1)
            onResult?(route, depth - 1)
        } else {
            fail(route.description, "cannot be returned: the first screen has no screen under it")
        }
    }

    // MARK: RouterContract, for the base stack

    public func navigate(to destination: any Navigation) { navigate(to: destination, depth: 0) }
    public func navigate(to route: Route) { navigate(to: route, depth: 0) }
    public func goBack() { goBack(depth: 0) }
    public func popToRoot() { popToRoot(depth: 0) }
    public func pop(to destination: any Navigation) { pop(to: destination, depth: 0) }
    public func replaceStack(with destinations: [any Navigation]) { replaceStack(with: destinations, depth: 0) }
    public func present(_ destination: any Navigation, style: PresentationStyle) { present(destination, style: style, depth: 0) }
    public func present(_ route: Route, style: PresentationStyle) { present(route, style: style, depth: 0) }
    public func navigate(toLive destination: any LiveNavigation) { navigate(toLive: destination, depth: 0) }
    public func present(live destination: any LiveNavigation, style: PresentationStyle) { present(live: destination, style: style, depth: 0) }
    public func showAlert(_ alert: Alert) { show(.alert(alert), depth: 0) }
    public func showConfirmationDialog(_ dialog: ConfirmationDialog) { show(.confirmationDialog(dialog), depth: 0) }
    public func dismiss() { dismiss(depth: 0) }
    public func finish(with result: any NavigationResult) { finish(with: result, depth: 0) }
}

/// The router of a presented stack: the same operations, applied `depth` presentations up.
@MainActor
package final class RouterScope: RouterContract {
    unowned let owner: Router
    package let depth: Int

    package init(owner: Router, depth: Int) {
        self.owner = owner
        self.depth = depth
    }

    package func navigate(to destination: any Navigation) { owner.navigate(to: destination, depth: depth) }
    package func navigate(to route: Route) { owner.navigate(to: route, depth: depth) }
    package func goBack() { owner.goBack(depth: depth) }
    package func popToRoot() { owner.popToRoot(depth: depth) }
    package func pop(to destination: any Navigation) { owner.pop(to: destination, depth: depth) }
    package func replaceStack(with destinations: [any Navigation]) { owner.replaceStack(with: destinations, depth: depth) }
    package func present(_ destination: any Navigation, style: PresentationStyle) { owner.present(destination, style: style, depth: depth) }
    package func present(_ route: Route, style: PresentationStyle) { owner.present(route, style: style, depth: depth) }
    package func navigate(toLive destination: any LiveNavigation) { owner.navigate(toLive: destination, depth: depth) }
    package func present(live destination: any LiveNavigation, style: PresentationStyle) { owner.present(live: destination, style: style, depth: depth) }
    package func showAlert(_ alert: Alert) { owner.show(.alert(alert), depth: depth) }
    package func showConfirmationDialog(_ dialog: ConfirmationDialog) { owner.show(.confirmationDialog(dialog), depth: depth) }
    package func dismiss() { owner.dismiss(depth: depth) }
    package func finish(with result: any NavigationResult) { owner.finish(with: result, depth: depth) }
}
