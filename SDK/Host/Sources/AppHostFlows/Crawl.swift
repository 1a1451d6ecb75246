@_spi(Host) @_spi(Runtime) import AppHost
@_spi(Host) import AppHostKit
import AppHostLoading
@_spi(Host) import AppHostNavigation
import AppHostRuntime
import AppHostSupport
import FoundationEssentials
import Glibc

/// One state the crawler reached, with what each of its elements did.
public struct CrawlNode: Codable, Sendable, Equatable {
    /// The state, as `state` prints it.
    public var link: String
    /// What makes it one screen for the crawl: the route on top, its presentation depth and the
    /// selected shell item. States that differ only in the screens under the top are one.
    public var key: String
    /// The title of the screen on top.
    public var title: String
    /// The route on top (`name/destination`, without parameters).
    public var route: String
    /// How many presentations are over the selected stack.
    public var presented: Int
    /// How many screens the stack on top has.
    public var stack: Int
    /// How many elements can be activated, then the shell's items (`tab N`), numbered after them.
    public var count: Int
    /// Their labels, in that order.
    public var labels: [String] = []
    /// The state after `back`, or nil if `back` fails there.
    public var back: String?
}

/// What activating one element did.
public struct CrawlEdge: Codable, Sendable, Equatable {
    /// The element's number on the screen, from 1.
    public var number: Int
    public var label: String
    /// The command the crawler ran (`tap N`, or `type N Sample` for a text field).
    public var command: String
    /// The state it led to.
    public var to: String?
    /// The key of that state (see ``CrawlNode/key``).
    public var toKey: String?
    /// What went wrong, if anything: an error it reported, or the error screen it led to.
    public var problem: String?
    /// Whether activating it ended the host (a crash or a hang in a feature).
    public var crashed: Bool = false
    /// The outgoing route the element navigated to, which the app redirected to ``to``.
    public var via: String? = nil

    public init(number: Int, label: String, command: String, to: String?, toKey: String?, problem: String?, crashed: Bool = false) {
        self.number = number
        self.label = label
        self.command = command
        self.to = to
        self.toKey = toKey
        self.problem = problem
        self.crashed = crashed
    }
}

/// Explores the elements of one state, each from a fresh session restored to it.
@MainActor
public enum CrawlExplorer {
    /// What the crawler types into text fields.
    public static let sampleText = "Sample"

    /// A fresh session at `link` (nil: the start state of `start`), and the errors it reports.
    /// How a state that holds live values is reached again: no link carries it, so the crawler restores
    /// the link before it and replays the commands that led there, one a line: `replay:LINK\nCMD\nCMD…`.
    public static let replayPrefix = "replay:"

    /// The way back to the state `session` is in after `command`, from `link`: its deep link, or a replay
    /// when the state holds live values.
    private static func reach(_ session: Session, from link: String?, by command: String) -> String {
        guard needsReplay(session) else { return session.deepLink.description }
        let base = link ?? ""
        return base.hasPrefix(replayPrefix) ? base + "\n" + command : replayPrefix + base + "\n" + command
    }

    /// Whether no link reaches the state `session` is in: it holds live values, or navigation its
    /// views own (a pushed view, a sheet, an alert, a tab), which only doing what opened it reaches.
    private static func needsReplay(_ session: Session) -> Bool {
        session.holdsLiveValues || !session.viewLayers.isEmpty
    }

    /// How long the crawl waits for what a command awaits that the host cannot see (a callback a
    /// vendor's thread makes): longer than a session's default, for a crawl runs thousands of
    /// commands, often beside other work, and a late callback must not read as a dead link.
    public static let settleTimeout = Duration.seconds(8)

    /// How much virtual time the crawl lets pass on each state, for what its screen awaits (a
    /// `.task` that sleeps, a debounce) to land before its elements are read.
    public static let timeLimit = Session.waitUntilLimit
    /// How many deadlines the crawl wakes on each state at most: content behind a sleep needs a
    /// few; a screen that polls every millisecond would otherwise run 10,000 times a state.
    public static let wakeUpLimit = 64

    /// Whether the sessions the crawl makes run on one thread (``Session/Options/oneThread``).
    public static var oneThread = false

    private static func session(start: String, link: String?, registry: DestinationRegistry, errors: ErrorLog) async throws -> Session {
        if let link, link.hasPrefix(replayPrefix) {
            let lines = link.dropFirst(replayPrefix.count).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let session = try await self.session(start: start, link: lines[0].isEmpty ? nil : lines[0], registry: registry, errors: errors)
            for command in lines.dropFirst() {
                await session.execute(command)
                await session.passTimeUntilIdle(limit: timeLimit, wakeUps: wakeUpLimit)
            }
            return session
        }
        let state = try restoredState(start: start, link: link, registry: registry)
        var options = Session.Options(width: FlowRunner.width, settleTimeout: settleTimeout, virtualTime: true)
        options.oneThread = oneThread
        let session = Session(
            registry: registry, state: state,
            options: options,
            // The crawl reads each screen's layout, never its text: screens are drawn only if read.
            output: ErrorOutput { errors.lines.append($0.trimmingNewlines) }
        )
        await session.start()
        await session.passTimeUntilIdle(limit: timeLimit, wakeUps: wakeUpLimit)
        return session
    }

    /// The states restored lately, by start and link: a state's elements are each activated from
    /// a fresh session restored to it, so one link is restored once for its description and once
    /// for each element. Restoring is a pure function of the link, the start and the loaded
    /// features. They are kept for one registry: another (a test's) starts the set again.
    private static var restored: [String: AppState] = [:]
    private static weak var restoredRegistry: DestinationRegistry?
    /// How many restored states are kept; the whole set is dropped when it is full.
    static let restoredKept = 256

    /// The state `link` restores, from the start state of `start` (that state itself for nil or "").
    private static func restoredState(start: String, link: String?, registry: DestinationRegistry) throws -> AppState {
        if restoredRegistry !== registry {
            restored.removeAll()
            restoredRegistry = registry
        }
        let key = start + "\n" + (link ?? "")
        if let state = restored[key] { return state }
        var state = try Launch.initialState(start: start, registry: registry, store: nil, report: { _ in })
        // The start state is "" when it is reached by no link (its views own a layer, a tab).
        if let link, !link.isEmpty {
            guard let restoredState = Navigator.state(of: try DeepLink(parsing: link), in: registry, start: state) else {
                throw RouteError(route: link, message: "cannot be restored")
            }
            state = restoredState
        }
        if restored.count >= restoredKept { restored.removeAll(keepingCapacity: true) }
        restored[key] = state
        return state
    }

    package final class ErrorLog {
        var lines: [String] = []
    }

    /// The crawl's key of the state a session is in: the top route, its presentation depth, the shell item.
    package static func key(of session: Session) -> String {
        var presented = 0
        var state = session.state.current
        while let inner = state.presentation?.presentedState {
            presented += 1
            state = inner
        }
        let dialog = state.presentation?.dialog.map { " !\($0.title)" } ?? ""
        let item = session.state.shell.map { "@\($0):\(session.shellItems[session.state.selected]) " } ?? ""
        // As for the Router's stacks, the views pushed under the top one do not make another state:
        // of each run of pushes only the last counts.
        let all = session.viewLayers
        let kept = all.indices.filter { all[$0].kind != .push || $0 == all.count - 1 || all[$0 + 1].kind != .push }
        let layers = kept.map { " › " + all[$0].description }.joined()
        return item + session.topRoute.description + (presented > 0 ? " (presented \(presented))" : "") + dialog + layers
    }

    /// The state `link` (nil: the start), described.
    public static func describe(start: String, link: String?, registry: DestinationRegistry) async throws -> CrawlNode {
        let errors = ErrorLog()
        let session = try await session(start: start, link: link, registry: registry, errors: errors)
        // A state that holds live values is reached again the way it was reached: by its replay.
        let here = needsReplay(session) ? (link ?? "") : session.deepLink.description
        var presented = 0
        var state = session.state.current
        while let inner = state.presentation?.presentedState {
            presented += 1
            state = inner
        }
        if state.presentation?.dialog != nil { presented += 1 }
        // The views' own layers above the route: a push deepens the stack, the others present.
        let layers = session.viewLayers.filter { $0.kind != .tab }
        let pushes = layers.filter { $0.kind == .push }.count
        presented += layers.count - pushes
        var node = CrawlNode(
            link: here,
            key: key(of: session),
            title: session.current?.layout.layers.last?.title ?? "",
            route: session.topRoute.path,
            presented: presented,
            stack: state.count + pushes,
            count: (session.current?.actions.count ?? 0) + session.shellItems.count,
            labels: (session.current?.actions.map(\.label) ?? []) + session.shellItems.map { "tab " + $0 },
            back: nil
        )
        // Where `back` leads from here: the same session, now that everything of the state is read.
        let before = session.errorCount
        await session.execute("back")
        node.back = session.errorCount > before ? nil : reach(session, from: here, by: "back")
        return node
    }

    /// What element `number` of the state `link` does, from a fresh session.
    public static func activate(_ number: Int, start: String, link: String, registry: DestinationRegistry) async throws -> CrawlEdge {
        let errors = ErrorLog()
        let session = try await session(start: start, link: link, registry: registry, errors: errors)
        let actions = session.current?.actions ?? []
        let command: String
        let label: String
        if number > actions.count {
            // After the elements, the shell's items.
            let item = number - actions.count
            guard item <= session.shellItems.count else { throw RouteError(route: link, message: "has no element \(number)") }
            command = "tab \(item)"
            label = "tab " + session.shellItems[item - 1]
        } else {
            let action = actions[number - 1]
            label = action.label
            if case .textField = action {
                command = "type \(number) \(sampleText)"
            } else {
                command = "tap \(number)"
            }
        }
        let before = errors.lines.count
        let redirectsBefore = session.lastRedirect?.count ?? 0
        await session.execute(command)
        await session.passTimeUntilIdle(limit: timeLimit, wakeUps: wakeUpLimit)
        let redirect = session.lastRedirect.flatMap { $0.count > redirectsBefore ? $0.from.path : nil }
        var problem = errors.lines.count > before ? errors.lines[before...].joined(separator: " | ") : nil
        if problem == nil, let title = session.current?.layout.layers.last?.title, title.hasPrefix("Unavailable: ") {
            problem = "leads to an error screen: \(title)"
        }
        var edge = CrawlEdge(number: number, label: label, command: command, to: reach(session, from: link, by: command), toKey: key(of: session), problem: problem)
        edge.via = redirect
        return edge
    }
}
