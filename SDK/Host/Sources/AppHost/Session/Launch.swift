@_spi(Host) @_spi(Runtime) import AppHostKit
@_spi(Host) import AppHostNavigation
import AppHostSupport

/// Why a session could not start.
public enum LaunchError: Error, Equatable, CustomStringConvertible {
    /// `--start` names nothing a loaded feature provides.
    case unknownStart(String, known: [String])
    /// `--start` names a route that has no start destination.
    case noStartDestination(String, known: [String])
    /// `--open` could not be opened.
    case badLink(String, RouteError)

    public var description: String {
        switch self {
        case .unknownStart(let name, let known):
            let list = known.isEmpty ? "none; no feature loaded" : known.joined(separator: ", ")
            return "--start \(name): no loaded feature provides '\(name)'\(Suggestion.phrase(for: name, in: known)) (known: \(list))"
        case .noStartDestination(let name, let known):
            return "--start \(name): '\(name)' has no start destination; open one of its destinations with "
                + "--open \(name)/DESTINATION after starting elsewhere (--start takes: \(known.joined(separator: ", ")); apphost routes lists them all)"
        case .badLink(let link, let error):
            return "--open \(link): \(error.described(within: link))"
        }
    }
}

/// Decides where a session starts: the start name, a saved state, a deep link.
@MainActor
public enum Launch {
    /// Makes the session the executable and the test harness run.
    /// - It starts at `start`, restored from `store` if the store holds a state for `start`.
    /// - It opens `link`, if given.
    /// - It saves to `store` after every change, when it may: with `lock`, only if no other
    ///   session holds the file's lock. A ``StateSaver`` waits at most `saveInterval` while
    ///   commands keep coming.
    /// Warnings (restoring, saving) go to `warn`, one line each without the `warning: ` prefix.
    public static func session(
        start: String,
        registry: DestinationRegistry,
        store: StateStore?,
        lock: Bool = true,
        saveInterval: Duration = StateSaver.defaultInterval,
        open link: String?,
        options: Session.Options,
        output: any SessionOutput,
        warn: @escaping @MainActor (String) -> Void
    ) throws(LaunchError) -> Session {
        var initial = try initialState(start: start, registry: registry, store: store, report: warn)
        // Layers the views owned when the file was saved come back by replaying their journey
        // from the state it began at (a link never reaches them).
        var replay: [String]?
        // The app's `@AppStorage` values: as saved, or, when a journey is replayed, as they were
        // where it began (its taps change them again).
        var defaults = store?.loadDefaults() ?? [:]
        if link == nil, let store, let journey = store.loadJourney(), let anchor = journeyStart(journey, for: initial, registry: registry) {
            initial = anchor
            replay = journey.commands
            defaults = SessionDefaults.bounded(journey.defaults ?? [:])
        }
        let session = Session(registry: registry, state: initial, options: options, output: output)
        session.pendingReplay = replay
        session.defaults.restore(defaults)
        if let link {
            do {
                try session.open(link)
            } catch {
                // A URL no handler resolves opens the not-found destination and is named, as in a session.
                guard DeepLinkURL(parsing: link) != nil else { throw .badLink(link, error) }
                output.writeError("error: --open \(link.visible): \(error.message.visible)\n")
            }
        }
        guard let store else { return session }
        if let problem = store.saveProblem {
            warn("state \(store.path) \(problem); this session saves nothing to it")
            return session
        }
        switch lock ? store.lock() : .taken {
        case .inUse:
            warn("state \(store.path) is in use by another session; this one does not save to it")
        case .failed(let reason):
            warn("state \(store.path): cannot lock it with \(store.path).lock (\(reason)); this session saves nothing to it")
        case .taken:
            let saver = StateSaver(
                store: store, interval: saveInterval, state: { [unowned session] in session.restorableState },
                views: { [unowned session] in session.viewJourney }, defaults: { [unowned session] in session.defaults.values }, warn: warn
            )
            session.saver = saver
        }
        return session
    }

    /// The state a journey began at, when it belongs to the session `initial` starts (the same
    /// shell, or the same root) and every route of it still resolves; else nil, and the state
    /// file's route is restored without the views' layers.
    package static func journeyStart(_ journey: ViewJourney, for initial: AppState, registry: DestinationRegistry) -> AppState? {
        guard let link = try? DeepLink(parsing: journey.link), let state = Navigator.state(of: link, in: registry, start: initial),
            state.shell == initial.shell, state.stacks.count == initial.stacks.count,
            state.shell != nil || state.stacks[0].root.name == initial.stacks[0].root.name
        else { return nil }
        var dropped = false
        for stack in state.stacks {
            _ = prune(stack, registry: registry, report: { _ in dropped = true })
        }
        return dropped ? nil : state
    }

    /// The names `--start` accepts: shells and names with a root destination.
    public static func startNames(in registry: DestinationRegistry) -> [String] {
        registry.startNames
    }

    /// The state to start in: the saved one if it belongs to `start` (with routes that no
    /// longer resolve dropped, each drop reported), else `start`'s fresh state.
    public static func initialState(
        start: String,
        registry: DestinationRegistry,
        store: StateStore?,
        report: (String) -> Void
    ) throws(LaunchError) -> AppState {
        guard let fresh = Navigator.startState(named: start, in: registry) else {
            if registry.names.contains(start) {
                throw .noStartDestination(start, known: startNames(in: registry))
            }
            throw .unknownStart(start, known: startNames(in: registry))
        }
        guard let store else { return fresh }
        switch store.load() {
        case .missing:
            return fresh
        case .corrupt(let reason, let movedTo):
            report("state \(store.path) \(reason); " + (movedTo.map { "moved it to \($0) and started fresh" } ?? "started fresh"))
            return fresh
        case .state(let saved):
            guard saved.shell == fresh.shell, saved.shell != nil || saved.stacks[0].root.name == fresh.stacks[0].root.name else {
                report("state \(store.path) holds a session of '\(saved.shell ?? saved.stacks[0].root.name)', not '\(start)'; started fresh")
                return fresh
            }
            var restored = saved
            if saved.stacks.count != fresh.stacks.count {
                // The shell gained or lost items since the file was saved: keep the stacks that still have an item.
                report("state \(store.path) holds \(saved.stacks.count) stacks, but '\(start)' has \(fresh.stacks.count) items; "
                    + "kept the first \(min(saved.stacks.count, fresh.stacks.count)), the others start fresh")
                restored.stacks = fresh.stacks.indices.map { $0 < saved.stacks.count ? saved.stacks[$0] : fresh.stacks[$0] }
                restored.selected = min(max(saved.selected, 0), fresh.stacks.count - 1)
            }
            for index in restored.stacks.indices {
                let label = saved.shell == nil ? "" : " (item \(index + 1))"
                if let kept = prune(restored.stacks[index], registry: registry, report: { report("state \(store.path)\(label): \($0)") }) {
                    restored.stacks[index] = kept
                } else {
                    restored.stacks[index] = fresh.stacks[index]
                }
            }
            return restored
        }
    }

    /// Drops a stack's routes from the first that no longer resolves; nil if even its root does not.
    @_spi(Fuzzing) public static func prune(_ state: NavigationState, registry: DestinationRegistry, report: (String) -> Void, depth: Int = 0) -> NavigationState? {
        if depth == Router.maximumPresentationDepth, state.presentation != nil {
            // Deeper presentations than a router allows: what a host writes never holds them.
            var kept = state
            kept.presentation = nil
            report("dropped the presentations nested more than \(Router.maximumPresentationDepth) deep (Router.maximumPresentationDepth)")
            return prune(kept, registry: registry, report: report, depth: depth)
        }
        let stack = state.stack
        for (index, route) in stack.enumerated() {
            do {
                try registry.validate(route)
            } catch {
                let above = stack.count - index - 1
                let also = above == 0 ? "" : " and the \(above) route\(above == 1 ? "" : "s") above it"
                let presented = state.presentation == nil ? "" : " and what was presented"
                report("dropped \(route)\(also)\(presented): \(error.message)")
                guard index > 0 else { return nil }
                return NavigationState(root: stack[0], path: Array(stack[1..<index]))
            }
        }
        var kept = state
        if let presentation = state.presentation, let presented = presentation.presentedState {
            kept.presentation = prune(presented, registry: registry, report: report, depth: depth + 1).map(presentation.replacingState)
        }
        return kept
    }
}

extension RouteError {
    /// The error as part of a message about `link`: the segment at fault is named only when it is not the whole link.
    package func described(within link: String) -> String {
        route == link ? message : "\(route): \(message)"
    }
}
