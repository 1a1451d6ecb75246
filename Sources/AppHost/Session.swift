@_spi(Host) import AppHostKit
import Foundation

/// A running app: the navigation state, the screens it reaches, and the commands that move it.
///
/// A session is a single stack, or a shell (tabs or a split layout) with one
/// ``Router`` per item. It renders what is on top at the start and after every
/// command that can change it. Bad input never ends a session unless it is
/// strict: an unknown command, a missing element or a route nobody provides is
/// reported as one line on the error output and the session goes on.
@MainActor
public final class Session {
    /// How screens are written.
    public enum Format: String, Sendable, CaseIterable {
        /// Text for people, drawn by ``TextRenderer``.
        case text
        /// One JSON line a screen, for scripts, drawn by ``JSONRenderer``.
        case json
    }

    /// How a session behaves.
    public struct Options: Sendable {
        /// Columns of rendered text.
        public var width: Int
        /// End the session at the first error, with exit code 1.
        public var strict: Bool
        /// How screens are written.
        public var format: Format

        /// Creates options.
        public init(width: Int = TextRenderer.defaultWidth, strict: Bool = false, format: Format = .text) {
            self.width = width
            self.strict = strict
            self.format = format
        }
    }

    /// What a command did to the session.
    public enum Outcome: Equatable, Sendable {
        /// Go on reading commands.
        case proceed
        /// The user asked to quit.
        case quit
        /// A strict session hit an error.
        case failed
    }

    /// The screen on top, as last rendered.
    public private(set) var current: RenderedScreen?
    /// The most recent errors reported, at most ``keptErrors`` of them (a long session keeps no more).
    public private(set) var errors: [String] = []
    /// How many errors were reported in all.
    public private(set) var errorCount = 0

    /// How many recent errors ``errors`` keeps.
    public static let keptErrors = 100
    /// The longest error line written: longer ones keep their start and their end, with `…` between.
    public static let maximumErrorLength = 600
    /// Called with the new state after every command that changed it.
    public var onStateChange: (@MainActor (AppState) -> Void)?

    private let registry: DestinationRegistry
    private let options: Options
    private let renderer: TextRenderer
    private let write: (String) -> Void
    private let writeError: (String) -> Void
    private var shell: ShellDefinition?
    private var routers: [Router] = []
    private var selected = 0
    /// The screens of each item: one list per scope (base stack, then each presented stack), bottom first.
    private var screens: [[[(route: Route, screen: Screen)]]] = []
    private var pendingResults: [(item: Int, depth: Int, result: Route)] = []
    private var lastNotified: AppState?

    /// Creates a session in `state`, writing screens to `output` and error lines to `errorOutput`.
    public init(
        registry: DestinationRegistry,
        state: AppState,
        options: Options = Options(),
        output: @escaping (String) -> Void,
        errorOutput: @escaping (String) -> Void
    ) {
        self.registry = registry
        self.options = options
        self.renderer = TextRenderer(width: options.width)
        self.write = output
        self.writeError = errorOutput
        install(state)
        lastNotified = self.state
    }

    /// Creates a session whose single stack starts at `start`.
    public convenience init(
        registry: DestinationRegistry,
        start: Route,
        options: Options = Options(),
        output: @escaping (String) -> Void,
        errorOutput: @escaping (String) -> Void
    ) {
        self.init(
            registry: registry,
            state: AppState(NavigationState(root: start)),
            options: options,
            output: output,
            errorOutput: errorOutput
        )
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

    /// The router of the selected item (the only one without a shell).
    public var router: Router { routers[selected] }

    /// The deep link of the whole state, as `state` prints it.
    public var deepLink: DeepLink {
        guard let shell else { return .stack(routers[0].state) }
        let items = zip(shell.items, routers).map { DeepLink.ShellStack(item: $0.name, stack: $1.state) }
        return .shell(name: shell.name, selected: shell.items[selected].name, items: items)
    }

    /// Renders the start screen.
    @discardableResult
    public func start() async -> Outcome {
        let before = errorCount
        await refresh()
        return outcome(since: before)
    }

    /// Runs commands from `nextLine` until it returns `nil`, `quit`, or a strict error; returns the exit code.
    public func run(readingLinesWith nextLine: () async -> String?) async -> Int32 {
        if await start() == .failed { return 1 }
        while let line = await nextLine() {
            switch await execute(line) {
            case .proceed: continue
            case .quit: return 0
            case .failed: return 1
            }
        }
        return 0
    }

    /// Runs one command line.
    @discardableResult
    public func execute(_ line: String) async -> Outcome {
        let before = errorCount
        let command: SessionCommand
        do {
            guard let parsed = try SessionCommand.parse(line) else { return .proceed }
            command = parsed
        } catch {
            report(error.description)
            return outcome(since: before)
        }
        let text = line.trimmingCharacters(in: .whitespaces)
        switch command {
        case .state:
            write(deepLink.description + "\n")
            return .proceed
        case .help:
            write(SessionCommand.summary + "\n")
            return .proceed
        case .quit:
            return .quit
        default:
            if await perform(command, text: text) {
                await refresh()
            }
        }
        return outcome(since: before)
    }

    // MARK: Commands

    /// Carries out a command that may change what is on screen; false if it failed and nothing changed.
    private func perform(_ command: SessionCommand, text: String) async -> Bool {
        let depth = router.state.presentedDepth
        let scope = router.state.scope(depth)
        switch command {
        case .tap(let target):
            return await tap(target, command: text)
        case .type(let target, let value):
            guard let action = action(for: target, command: text) else { return false }
            guard case .textField(_, _, let field) = action else {
                return fail("\(text): '\(action.label)' is not a text field; use tap")
            }
            await field.perform(value)
        case .back:
            if scope?.presentation?.dialog != nil {
                router.dismiss(depth: depth)
            } else if depth == 0 && router.state.path.isEmpty {
                return fail("back: already at the first screen (\(router.state.root))")
            } else {
                router.goBack(depth: depth)
            }
        case .root:
            router.replace(with: NavigationState(root: router.state.root))
        case .dismiss:
            guard depth > 0 || router.state.presentation != nil else {
                return fail("dismiss: nothing is presented")
            }
            router.dismiss(depth: depth)
        case .pop(let target):
            guard let route = resolveReporting(target, command: text) else { return false }
            guard let scope, scope.stack.contains(route) else {
                return fail("\(text): \(route) is not in the stack (\(scope?.stack.map(\.description).joined(separator: " › ") ?? ""))")
            }
            router.pop(to: route, depth: depth)
        case .replace(let targets):
            var routes: [Route] = []
            for target in targets {
                guard let route = resolveReporting(target, command: text) else { return false }
                routes.append(route)
            }
            router.replaceStack(routes, depth: depth)
        case .tab(let target):
            return selectTab(target, command: text)
        case .open(let link):
            do {
                try open(link)
            } catch {
                return fail("open \(link): \(error.described(within: link))")
            }
        case .state, .help, .quit:
            return false
        }
        return true
    }

    private func tap(_ target: SessionCommand.Target, command: String) async -> Bool {
        guard let action = action(for: target, command: command) else { return false }
        switch action {
        case .button(_, let button):
            await button.perform()
        case .link(_, let destination?, _):
            router.navigate(to: destination, depth: router.state.presentedDepth)
        case .link(let label, nil, let failure):
            return fail("\(command): link '\(label)' has no valid destination: \(failure ?? "unknown")")
        case .dialogButton(let button, let depth):
            router.dismissPresentation(depth)
            if let result = button.result {
                pendingResults.append((selected, depth, result))
            }
        case .toggle(_, let isOn, let toggle):
            await toggle.perform(!isOn)
        case .textField(let label, _, _):
            return fail("\(command): '\(label)' is a text field; use type \(label) TEXT")
        }
        return true
    }

    private func action(for target: SessionCommand.Target, command: String) -> ScreenAction? {
        let actions = current?.actions ?? []
        switch target {
        case .number(let number):
            guard actions.indices.contains(number - 1) else {
                let range = actions.isEmpty ? "it has none" : "it has 1–\(actions.count)"
                _ = fail("\(command): no element \(number) on this screen (\(range))")
                return nil
            }
            return actions[number - 1]
        case .label(let label):
            guard let match = actions.first(where: { $0.label.caseInsensitiveCompare(label) == .orderedSame }) else {
                var labels = actions.prefix(8).map { "'\($0.label)'" }.joined(separator: ", ")
                if actions.count > 8 { labels += " and \(actions.count - 8) more" }
                _ = fail("\(command): no element labelled '\(label)' on this screen (\(labels.isEmpty ? "none" : labels))")
                return nil
            }
            return match
        }
    }

    private func selectTab(_ target: SessionCommand.Target, command: String) -> Bool {
        guard let shell else {
            return fail("\(command): this session has no tabs; start it with a shell's name")
        }
        let index: Int?
        switch target {
        case .number(let number):
            index = shell.items.indices.contains(number - 1) ? number - 1 : nil
        case .label(let label):
            index = shell.items.firstIndex {
                $0.name.caseInsensitiveCompare(label) == .orderedSame || $0.title.caseInsensitiveCompare(label) == .orderedSame
            }
        }
        guard let index else {
            let names = shell.items.enumerated().map { "\($0.offset + 1) \($0.element.title)" }.joined(separator: ", ")
            return fail("\(command): no such tab (\(names))")
        }
        selected = index
        return true
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

    private func resolveReporting(_ text: String, command: String) -> Route? {
        do {
            return try resolve(text)
        } catch {
            _ = fail("\(command): \(error)")
            return nil
        }
    }

    /// Opens a deep link: checks every route first, then applies it; on error nothing changes.
    public func open(_ text: String) throws(RouteError) {
        let link = try DeepLink(parsing: text)
        switch link {
        case .stack(let linked):
            let linked = try resolveRoots(linked)
            let item = itemIndex(for: linked.root) ?? selected
            routers[item].replace(with: merge(linked, into: routers[item].state, item: item))
            selected = item
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
    private func resolveRoots(_ state: NavigationState) throws(RouteError) -> NavigationState {
        var state = state
        state.root = expand(state.root)
        state.path = state.path.map(expand)
        for route in state.stack {
            try registry.validate(route)
        }
        if let presentation = state.presentation, let presented = presentation.presentedState {
            state.presentation = presentation.replacingState(with: try resolveRoots(presented))
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

    // MARK: Screens

    private func install(_ state: AppState) {
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
            router.onResult = { [weak self] result, depth in self?.pendingResults.append((item, depth, result)) }
            return router
        }
        selected = min(max(state.selected, 0), routers.count - 1)
        screens = Array(repeating: [], count: routers.count)
        pendingResults = []
    }

    /// Brings the screens of the selected item in line with its state, loads new ones,
    /// delivers results, and renders.
    private func refresh() async {
        await synchronize()
        while !pendingResults.isEmpty {
            let (item, depth, result) = pendingResults.removeFirst()
            guard item == selected, let target = screens[item].indices.contains(depth) ? screens[item][depth].last : nil else {
                report("result \(result): the screen it was for is gone")
                continue
            }
            if !(await target.screen.receive(result)) {
                report("result \(result): \(target.route) takes no results")
            }
            await synchronize()
        }
        render()
        let state = self.state
        if state != lastNotified {
            lastNotified = state
            onStateChange?(state)
        }
    }

    /// How many times in a row the screens may change the navigation while they load (a load that
    /// presents a sheet, say) before the session stops following them and says so.
    public static let maximumLoadRounds = 16

    /// Makes and loads the screens the navigation state shows; a load that changes the state starts it again.
    private func synchronize() async {
        for _ in 0..<Self.maximumLoadRounds {
            if await synchronizeOnce() { return }
        }
        report("the screens kept changing the navigation while they loaded; stopped after \(Self.maximumLoadRounds) rounds")
    }

    /// One round of ``synchronize()``: false if a load changed the navigation state.
    private func synchronizeOnce() async -> Bool {
        let item = selected
        let root = routers[item]
        let before = root.state
        let depth = root.state.presentedDepth
        if screens[item].count > depth + 1 {
            screens[item].removeLast(screens[item].count - depth - 1)
        }
        for scope in 0...depth {
            guard let stack = root.state.scope(scope)?.stack else { break }
            if screens[item].count <= scope { screens[item].append([]) }
            var kept = 0
            while kept < screens[item][scope].count, kept < stack.count, screens[item][scope][kept].route == stack[kept] {
                kept += 1
            }
            screens[item][scope].removeLast(screens[item][scope].count - kept)
            for route in stack[kept...] {
                let screen: Screen
                do {
                    screen = try registry.makeScreen(for: route, router: root.scope(scope))
                } catch {
                    screen = unavailableScreen(route, error, router: root.scope(scope))
                    report(error.description)
                }
                screens[item][scope].append((route, screen))
                await screen.load()
                if root.state != before || selected != item { return false }
            }
        }
        return true
    }

    private func render() {
        let item = selected
        var layers: [RenderLayer] = []
        var state: NavigationState? = routers[item].state
        var depth = 0
        var presentedAs: Presentation?
        while let scope = state {
            let entries = screens[item][depth]
            guard let top = entries.last else { break }
            // The top screen's body is built once, for its title and its content.
            let body = top.screen.body
            let breadcrumbs = entries.dropLast().map { $0.screen.title ?? $0.route.path } + [body.firstTitle ?? top.route.path]
            switch presentedAs {
            case .sheet?:
                layers.append(.sheet(body: body, breadcrumbs: breadcrumbs))
            case .fullScreenCover?:
                layers = [.screen(body: body, breadcrumbs: breadcrumbs)]
            default:
                layers.append(.screen(body: body, breadcrumbs: breadcrumbs))
            }
            switch scope.presentation {
            case .alert(let alert)?:
                layers.append(.dialog(alert, confirmation: false, depth: depth))
            case .confirmationDialog(let dialog)?:
                layers.append(.dialog(dialog, confirmation: true, depth: depth))
            default:
                break
            }
            presentedAs = scope.presentation
            state = scope.presentation?.presentedState
            depth += 1
        }
        let chrome = shell.map { shell in
            ShellChrome(style: shell.style, titles: shell.items.map(\.title), selected: item)
        }
        let rendered = renderer.render(layers, chrome: chrome)
        current = rendered
        switch options.format {
        case .text: write(rendered.text)
        case .json: write(JSONRenderer().render(layers, chrome: chrome))
        }
    }

    private func unavailableScreen(_ route: Route, _ error: RouteError, router: any RouterContract) -> Screen {
        Screen {
            Title("Unavailable: \(route.path)")
            ErrorMessage(error.description)
            Button("Back") { router.goBack() }
        }
    }

    // MARK: Errors

    private func report(_ message: String) {
        var message = message.visible
        if message.count > Self.maximumErrorLength {
            // The command comes first and the cause last: keep both ends.
            message = String(message.prefix(Self.maximumErrorLength / 3)) + " … " + String(message.suffix(Self.maximumErrorLength / 2))
        }
        errorCount += 1
        errors.append(message)
        if errors.count > Self.keptErrors { errors.removeFirst(errors.count - Self.keptErrors) }
        writeError("error: \(message)\n")
    }

    private func fail(_ message: String) -> Bool {
        report(message)
        return false
    }

    private func outcome(since count: Int) -> Outcome {
        options.strict && errorCount > count ? .failed : .proceed
    }
}
