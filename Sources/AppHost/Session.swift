import AppHostKit
import Foundation

/// A running app: a router, the screens on its stack, and the commands that move it.
///
/// The session renders the top screen at the start and after every command
/// that can change it. Bad input never ends a session unless it is strict: an
/// unknown command, a missing element or a route nobody provides is reported as
/// one line on the error output and the session goes on.
@MainActor
public final class Session {
    /// How a session behaves.
    public struct Options: Sendable {
        /// Columns of rendered text.
        public var width: Int
        /// End the session at the first error, with exit code 1.
        public var strict: Bool

        /// Creates options.
        public init(width: Int = TextRenderer.defaultWidth, strict: Bool = false) {
            self.width = width
            self.strict = strict
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

    /// The session's router; view models get it as their `RouterContract`.
    public let router: Router
    /// The errors reported so far.
    public private(set) var errors: [String] = []
    /// The screen on top, as last rendered.
    public private(set) var current: RenderedScreen?

    private let registry: DestinationRegistry
    private let options: Options
    private let renderer: TextRenderer
    private let write: (String) -> Void
    private let writeError: (String) -> Void
    private var entries: [(route: Route, screen: Screen)] = []

    /// Creates a session at `start`, writing screens to `output` and error lines to `errorOutput`.
    public init(
        registry: DestinationRegistry,
        start: Route,
        options: Options = Options(),
        output: @escaping (String) -> Void,
        errorOutput: @escaping (String) -> Void
    ) {
        self.registry = registry
        self.options = options
        self.router = Router(root: start)
        self.renderer = TextRenderer(width: options.width)
        self.write = output
        self.writeError = errorOutput
        router.onError = { [weak self] error in self?.report(error.description) }
    }

    /// Renders the start screen.
    @discardableResult
    public func start() async -> Outcome {
        await refresh()
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
    public func execute(_ line: String) async -> Outcome {
        let command: SessionCommand
        do {
            guard let parsed = try SessionCommand.parse(line) else { return .proceed }
            command = parsed
        } catch {
            return fail(error.description)
        }
        switch command {
        case .tap(let target):
            return await tap(target, line: line)
        case .back:
            guard !router.state.path.isEmpty else {
                return fail("back: already at the first screen (\(router.state.root))")
            }
            router.goBack()
        case .root:
            router.popToRoot()
        case .open(let text):
            do {
                let route = try resolve(text)
                router.navigate(to: route)
            } catch {
                return fail("open \(text): \(error.message)")
            }
        case .state:
            write(router.state.stack.map(\.description).joined(separator: "\n") + "\n")
            return .proceed
        case .help:
            write(SessionCommand.summary + "\n")
            return .proceed
        case .quit:
            return .quit
        }
        return await refresh()
    }

    /// A route typed by a person: `NAME` alone stands for that name's root destination.
    public func resolve(_ text: String) throws(RouteError) -> Route {
        var route = try Route(parsing: text)
        if route.destination == nil, route.parameters.isEmpty, let root = registry.root(named: route.name) {
            route = root
        }
        try registry.validate(route)
        return route
    }

    private func tap(_ target: SessionCommand.Target, line: String) async -> Outcome {
        let actions = current?.actions ?? []
        let command = line.trimmingCharacters(in: .whitespaces)
        let action: ScreenAction
        switch target {
        case .number(let number):
            guard actions.indices.contains(number - 1) else {
                let range = actions.isEmpty ? "it has none" : "it has 1–\(actions.count)"
                return fail("\(command): no element \(number) on this screen (\(range))")
            }
            action = actions[number - 1]
        case .label(let label):
            guard let match = actions.first(where: { $0.label.caseInsensitiveCompare(label) == .orderedSame }) else {
                let labels = actions.map { "'\($0.label)'" }.joined(separator: ", ")
                return fail("\(command): no element labelled '\(label)' on this screen (\(labels.isEmpty ? "none" : labels))")
            }
            action = match
        }
        switch action {
        case .button(_, let button):
            await button.perform()
        case .link(_, let destination?, _):
            router.navigate(to: destination)
        case .link(let label, nil, let failure):
            return fail("\(command): link '\(label)' has no valid destination: \(failure ?? "unknown")")
        }
        return await refresh()
    }

    /// Brings the screens in line with the router's stack, loads new ones, and renders the top.
    private func refresh() async -> Outcome {
        var outcome = Outcome.proceed
        let stack = router.state.stack
        var kept = 0
        while kept < entries.count, kept < stack.count, entries[kept].route == stack[kept] {
            kept += 1
        }
        entries.removeLast(entries.count - kept)
        for route in stack[kept...] {
            let screen: Screen
            do {
                screen = try registry.makeScreen(for: route, router: router)
            } catch {
                screen = unavailableScreen(route, error)
                if fail(error.description) == .failed { outcome = .failed }
            }
            entries.append((route, screen))
            await screen.load()
        }
        render()
        return outcome
    }

    private func render() {
        guard let top = entries.last else { return }
        let breadcrumbs = entries.map { $0.screen.title ?? $0.route.path }
        let rendered = renderer.render(body: top.screen.body, breadcrumbs: breadcrumbs)
        current = rendered
        write(rendered.text)
    }

    private func unavailableScreen(_ route: Route, _ error: RouteError) -> Screen {
        Screen { [router] in
            Title("Unavailable: \(route.path)")
            ErrorMessage(error.description)
            Button("Back") { router.goBack() }
        }
    }

    private func report(_ message: String) {
        errors.append(message)
        writeError("error: \(message)\n")
    }

    private func fail(_ message: String) -> Outcome {
        report(message)
        return options.strict ? .failed : .proceed
    }
}
