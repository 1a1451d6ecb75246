@_spi(Host) import AppHostKit
@_spi(Host) import AppHostNavigation

/// The navigation state of a session and nothing else: the shell (if any), one
/// ``Router`` per shell item, the selected item, deep links, and the results
/// routers hand back. It is synchronous and knows no screens, so it can be
/// tested on its own; ``Session`` asks it what to show.
@MainActor
public final class Navigator {
    /// A result on its way to the top screen of scope `depth` of shell item `item`.
    public struct PendingResult {
        public var item: Int
        public var depth: Int
        public var result: Route
    }

    /// The shell, or nil for a single stack.
    public private(set) var shell: ShellDefinition?
    /// One router per shell item; exactly one without a shell.
    public private(set) var routers: [Router] = []
    /// The index of the selected item.
    public private(set) var selected = 0
    /// Counts every change of the state (a router's, the selection, a new state), to notice changes cheaply.
    public private(set) var revision = 0
    /// Results not yet delivered, oldest first: the one channel results travel through.
    public private(set) var results: [PendingResult] = []

    /// Counts the states installed whole (a start, a shell's deep link): each gets new routers.
    public private(set) var installation = 0

    package let registry: DestinationRegistry
    private let report: @MainActor (String) -> Void
    private let warn: @MainActor (String) -> Void

    /// A navigator in `state`; problems (a shell nobody provides, a router's failed request) go to
    /// `report`, and an outgoing value nothing serves to `warn`.
    public init(
        registry: DestinationRegistry, state: AppState, report: @escaping @MainActor (String) -> Void,
        warn: @escaping @MainActor (String) -> Void = { _ in }
    ) {
        self.registry = registry
        self.report = report
        self.warn = warn
        install(state)
        live.referenced = { [weak self] in
            self?.routers.reduce(into: Set<Int>()) { $0.formUnion($1.state.liveNumbers()) } ?? []
        }
    }

    /// The live values of this session's destinations (see `LiveNavigation`).
    public let live = LiveValues()

    /// The last outgoing route redirected, and where it landed.
    public private(set) var lastRedirect: (from: Route, to: Route)?
    /// Counts the outgoing routes redirected (to a destination or to not-found).
    public private(set) var redirectCount = 0

    /// Where a route asked for lands (see ``DestinationRegistry/redirect(_:)``); a warning is passed on.
    private func redirected(_ route: Route) -> Route {
        // Most routes are destinations: they land where they were sent, with nothing to compare.
        guard registry.isOutgoing(route.name) else { return route }
        let (target, warning) = registry.redirect(route)
        if let warning { warn(warning) }
        if target != route {
            lastRedirect = (route, target)
            redirectCount += 1
        }
        return target
    }

    /// The state a `--start NAME` opens: a shell with each item at its root, or a name's root destination.
    public static func startState(named name: String, in registry: DestinationRegistry) -> AppState? {
        if let shell = registry.shell(named: name) {
            let stacks = shell.items.map { item in
                NavigationState(root: registry.root(named: item.destination) ?? Route(name: item.destination))
            }
            return AppState(shell: shell.name, selected: 0, stacks: stacks)
        }
        return registry.root(named: name).map { AppState(NavigationState(root: $0)) }
    }

    /// The whole navigation state.
    public var state: AppState {
        let stacks = routers.map(\.state)
        guard let shell else { return AppState(stacks[0]) }
        return AppState(shell: shell.name, selected: selected, stacks: stacks)
    }

    /// The router of the selected item.
    public var router: Router { routers[selected] }

    /// What changes whenever the state may have: compared instead of the state, whose size grows with the stacks.
    public struct Stamp: Equatable, Sendable {
        var installation: Int
        var selection: Int
        var routers: Int
    }

    /// The current ``Stamp``. Within one installation, router revisions only grow, so their sum changes with any change.
    public var stamp: Stamp {
        Stamp(installation: installation, selection: revision, routers: routers.reduce(0) { $0 &+ $1.revision })
    }

    /// The whole state up to the first destination that holds live values, which no link or state file
    /// carries, and the first such route left out (nil if none was).
    public var restorable: (state: AppState, omitted: Route?) {
        // Most sessions hold no live value: nothing to look for.
        live.count > 0 ? restorable(state) : (state, nil)
    }

    /// `full`, a state this navigator was in, up to the first destination that holds live values,
    /// and the first such route left out (nil if none was).
    private func restorable(_ full: AppState) -> (state: AppState, omitted: Route?) {
        guard full.stacks.contains(where: { !$0.liveNumbers().isEmpty }) else { return (full, nil) }
        var omitted: Route?
        let isLive: (Route) -> Bool = { [registry] route in LiveValues.number(of: route) != nil && registry.isLive(route.name) }
        var restorable = full
        restorable.stacks = full.stacks.map { stack in
            // A live root (never made by the host) would leave nothing: the stack is kept as it is.
            stack.restorable(isLive: isLive, omitted: &omitted) ?? stack
        }
        return (restorable, omitted)
    }

    /// The deep link of the whole state, as `state` prints it: up to the first destination that holds
    /// live values (see ``restorable``).
    public var deepLink: DeepLink {
        // Most sessions hold no live value: the routers' states are the link's.
        let stacks = live.count > 0 ? restorable.state.stacks : routers.map(\.state)
        return link(stacks, selected: selected, shell: shell)
    }

    /// The deep link of `state`, a state this navigator was in, as ``deepLink`` spelled it then:
    /// a link is spelled from the state alone, so a state kept is spelled only if it is needed.
    package func deepLink(of state: AppState) -> DeepLink {
        let shell = state.shell.flatMap { $0 == self.shell?.name ? self.shell : registry.shell(named: $0) }
        return link(restorable(state).state.stacks, selected: state.selected, shell: shell)
    }

    private func link(_ stacks: [NavigationState], selected: Int, shell: ShellDefinition?) -> DeepLink {
        guard let shell, shell.items.count == stacks.count else { return .stack(stacks[0]) }
        let items = zip(shell.items, stacks).map { DeepLink.ShellStack(item: $0.name, stack: $1) }
        return .shell(name: shell.name, selected: shell.items[min(selected, shell.items.count - 1)].name, items: items)
    }

    /// Replaces the whole state: new routers, nothing pending.
    public func install(_ state: AppState) {
        shell = state.shell.flatMap { registry.shell(named: $0) }
        if let shell, state.stacks.count != shell.items.count {
            // A shell whose items changed since the state was made starts over.
            install(Self.startState(named: shell.name, in: registry) ?? AppState(state.stacks[0]))
            return
        }
        if shell == nil, state.shell != nil {
            report("shell '\(state.shell ?? "")' is not provided by any loaded feature; showing its first stack")
        }
        let stacks = shell == nil ? [state.stacks[0]] : state.stacks
        routers = stacks.enumerated().map { item, stack in
            let router = Router(state: stack)
            router.onError = { [weak self] error in self?.report(error.description) }
            router.onResult = { [weak self] result, depth in self?.deliver(result, item: item, depth: depth) }
            router.redirect = { [weak self] route in self?.redirected(route) ?? route }
            router.live = live
            return router
        }
        selected = min(max(state.selected, 0), routers.count - 1)
        results = []
        installation += 1
    }

    /// Queues a result for the top screen of scope `depth` of `item` (the selected one if nil).
    public func deliver(_ result: Route, item: Int? = nil, depth: Int) {
        results.append(PendingResult(item: item ?? selected, depth: depth, result: result))
    }

    /// Whether a result waits to be delivered.
    public var hasPendingResults: Bool { !results.isEmpty }

    /// Takes the oldest pending result.
    public func nextResult() -> PendingResult? {
        results.isEmpty ? nil : results.removeFirst()
    }

    /// Selects a shell item.
    public func select(_ index: Int) {
        guard routers.indices.contains(index), index != selected else { return }
        selected = index
        revision += 1
    }

    // MARK: Routes and deep links

    /// A route typed by a person, checked: `NAME` alone stands for that name's root destination.
    public func resolve(_ text: String) throws(RouteError) -> Route {
        let route = expand(try Route(parsing: text))
        try registry.validate(route)
        return route
    }

    /// `NAME` alone stands for that name's root destination.
    private func expand(_ route: Route) -> Route {
        guard route.destination == nil, route.parameters.isEmpty, let root = registry.root(named: route.name) else {
            return route
        }
        return root
    }

    /// Opens a URL deep link (`myapp://character/detail/2`): the destination its feature's handler
    /// resolves it to is pushed onto the selected stack, as an app's onOpenURL does. A URL no handler
    /// resolves opens the not-found destination, and the error naming the URL and why is thrown after.
    public func openURL(_ text: String) throws(RouteError) {
        guard let url = DeepLinkURL(parsing: text) else {
            throw RouteError(route: text, message: "is not a URL deep link; expected scheme://host[/path][?query]")
        }
        do {
            router.navigate(to: try registry.resolve(url: url))
        } catch {
            router.navigate(to: registry.notFoundRoute(for: url.description), depth: 0)
            throw error
        }
    }

    /// Opens a deep link: checks every route first, then applies it; on error nothing changes.
    /// A URL (`scheme://…`) is opened by ``openURL(_:)``.
    public func open(_ text: String) throws(RouteError) {
        if DeepLinkURL.looksLikeURL(text) {
            try openURL(text)
            return
        }
        if let mark = text.firstRange(of: " › ") {
            throw RouteError(
                route: String(text[mark.lowerBound...].dropFirst(3)),
                message: "is navigation the views own (a pushed view, a sheet, an alert): no link reaches it; open \(text[..<mark.lowerBound]) and do what opened it, or replay the session (--state, --watch)"
            )
        }
        let link = try DeepLink(parsing: text)
        switch link {
        case .stack(let linked):
            let linked = try resolveRoots(linked)
            let item = itemIndex(for: linked.root) ?? selected
            routers[item].replace(with: merge(linked, into: routers[item].state, item: item))
            select(item)
        case .shell(let name, let selectedName, let items):
            guard let definition = registry.shell(named: name) else {
                throw RouteError(route: "@\(name)", message: "no loaded feature provides a shell '\(name)' (shells: \(registry.shellNames.joined(separator: ", ")))")
            }
            var state = shell?.name == name ? self.state : Self.startState(named: name, in: registry) ?? self.state
            for entry in items {
                guard let index = definition.items.firstIndex(where: { $0.name == entry.item }) else {
                    throw RouteError(route: "\(entry.item):", message: "shell '\(name)' has no item '\(entry.item)' (items: \(definition.items.map(\.name).joined(separator: ", ")))")
                }
                state.stacks[index] = try resolveRoots(entry.stack)
            }
            guard let index = definition.items.firstIndex(where: { $0.name == selectedName }) else {
                throw RouteError(route: "@\(name):\(selectedName)", message: "shell '\(name)' has no item '\(selectedName)'")
            }
            state.selected = index
            install(state)
        }
    }

    /// The link's stacks with bare names expanded to their root destinations, every route checked.
    private func resolveRoots(_ state: NavigationState, depth: Int = 0) throws(RouteError) -> NavigationState {
        if depth == Router.maximumPresentationDepth, state.presentation != nil {
            throw RouteError(route: state.top.description, message: "presents more than \(Router.maximumPresentationDepth) levels deep (Router.maximumPresentationDepth)")
        }
        var state = state
        state.root = redirected(expand(state.root))
        state.path = state.path.map { redirected(expand($0)) }
        try registry.validate(state.root)
        for route in state.path {
            try registry.validate(route)
        }
        if let presentation = state.presentation, let presented = presentation.presentedState {
            state.presentation = presentation.replacingState(with: try resolveRoots(presented, depth: depth + 1))
        }
        return state
    }

    /// The shell item a linked stack belongs to: the one whose root it starts at, or whose name it carries.
    private func itemIndex(for root: Route) -> Int? {
        guard let shell else { return nil }
        return routers.firstIndex { $0.state.root == root }
            ?? shell.items.firstIndex { $0.destination == root.name }
    }

    /// The stack a linked stack leads to: it starts over at the item's root, reuses the
    /// part of the current stack that already matches, or is pushed onto it.
    private func merge(_ linked: NavigationState, into current: NavigationState, item: Int) -> NavigationState {
        let routes = linked.stack
        let stack: [Route]
        if routes[0] == current.root {
            stack = routes
        } else if let index = current.stack.lastIndex(of: routes[0]) {
            stack = Array(current.stack[...index]) + routes.dropFirst()
        } else if shell != nil, routes[0].name == shell?.items[item].destination {
            stack = [current.root] + routes
        } else {
            stack = current.stack + routes
        }
        return NavigationState(root: stack[0], path: Array(stack.dropFirst()), presentation: linked.presentation)
    }
}

// MARK: Navigation commands

/// Why a navigation command did nothing.
public enum NavigationCommandError: Error, Equatable, Sendable {
    /// `back` on the first screen of a stack with nothing presented.
    case atFirstScreen(root: Route)
    /// `dismiss` with nothing presented.
    case nothingPresented
    /// `pop ROUTE` with ROUTE not in the stack on top (`stack` is that stack).
    case notInStack(Route, stack: [Route])
}

extension Navigator {
    /// The navigation state of the selected item, to read.
    public var selectedState: NavigationState { router.state }

    /// Goes back one screen in what is on top: closes a dialog; pops the presented stack, then
    /// closes it; else pops the stack.
    public func back() throws(NavigationCommandError) {
        let depth = router.state.presentedDepth
        if router.state.scope(depth)?.presentation?.dialog != nil {
            router.dismiss(depth: depth)
        } else if depth == 0 && router.state.path.isEmpty {
            throw .atFirstScreen(root: router.state.root)
        } else {
            router.goBack(depth: depth)
        }
    }

    /// True when an alert or dialog the Router presented is on top of everything.
    public var showsDialogOnTop: Bool {
        router.state.scope(router.state.presentedDepth)?.presentation?.dialog != nil
    }

    /// Closes everything presented and goes back to the first screen.
    public func backToRoot() {
        router.replace(with: NavigationState(root: router.state.root))
    }

    /// Closes the alert, dialog, sheet or cover on top.
    public func dismiss() throws(NavigationCommandError) {
        let depth = router.state.presentedDepth
        guard depth > 0 || router.state.presentation != nil else { throw .nothingPresented }
        router.dismiss(depth: depth)
    }

    /// Goes back to `route` in the stack on top.
    public func pop(to route: Route) throws(NavigationCommandError) {
        let depth = router.state.presentedDepth
        let stack = router.state.scope(depth)?.stack ?? []
        guard stack.contains(route) else { throw .notInStack(route, stack: stack) }
        router.pop(to: route, depth: depth)
    }

    /// Replaces the stack on top with `routes`.
    public func replaceStack(_ routes: [Route]) {
        router.replaceStack(routes, depth: router.state.presentedDepth)
    }

    /// Follows a link to `destination` from what is on top.
    public func follow(_ destination: Route) {
        router.navigate(to: destination, depth: router.state.presentedDepth)
    }

    /// Presses a dialog's button: the dialog at `depth` closes, and its result, if any, is delivered.
    public func press(_ button: AlertButton, depth: Int) {
        router.dismissPresentation(depth)
        if let result = button.result {
            deliver(result, depth: depth)
        }
    }
}

extension Navigator {
    /// The whole state a deep link describes, exactly (not merged with a current one); `start` fills the
    /// items of a shell the link does not name.
    public static func state(of link: DeepLink, in registry: DestinationRegistry, start: AppState) -> AppState? {
        switch link {
        case .stack(let stack):
            return AppState(stack)
        case .shell(let name, let selectedName, let items):
            guard let definition = registry.shell(named: name) else { return nil }
            var state = start.shell == name ? start : (startState(named: name, in: registry) ?? start)
            for entry in items {
                guard let index = definition.items.firstIndex(where: { $0.name == entry.item }) else { return nil }
                state.stacks[index] = entry.stack
            }
            guard let selected = definition.items.firstIndex(where: { $0.name == selectedName }) else { return nil }
            state.selected = selected
            return state
        }
    }
}
