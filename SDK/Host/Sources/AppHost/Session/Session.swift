@_spi(Host) @_spi(Runtime) import AppHostKit
@_spi(Host) import AppHostNavigation
import AppHostRuntime
import AppHostSupport
import CHostGuard
import CHostTasks
import FoundationEssentials
import Glibc

/// A running app: it reads commands and sends each one way through the parts of the engine.
///
/// ```text
/// line ─▶ SessionCommand.parse ─▶ Session (interpret) ─▶ Navigator (routers, shell, selection)
///      ─▶ ScreenStore (view models per route, loads, results) ─▶ ScreenLayout (numbering)
///      ─▶ TextRenderer or JSONRenderer ─▶ output
/// ```
///
/// A session is a single stack, or a shell (tabs or a split layout) with one
/// ``Router`` per item. It draws what is on top at the start and after every
/// command that can change it. Bad input never ends a session unless it is
/// strict: an unknown command, a missing element or a route nobody provides is
/// reported as one line on the error output and the session goes on.
@MainActor
public final class Session {

    /// What a command did to the session.
    public enum Outcome: Equatable, Sendable {
        /// Go on reading commands.
        case proceed
        /// The user asked to quit.
        case quit
        /// A strict session hit an error.
        case failed
    }

    /// The screen on top, as last written, with its layout.
    public private(set) var current: RenderedScreen?
    /// The most recent errors reported, at most ``keptErrors`` of them (a long session keeps no more).
    public var errors: [String] { reported.kept }
    /// How many errors were reported in all.
    public var errorCount: Int { reported.count }

    /// How many recent errors ``errors`` keeps.
    public static let keptErrors = 100
    /// The longest error line written: longer ones keep their start and their end, with `…` between.
    public static let maximumErrorLength = 600
    /// How many times in a row the screens may change the navigation while they load before the session stops following them.
    public static var maximumLoadRounds: Int { ScreenStore.maximumLoadRounds }
    /// The recording in progress (`record FILE`), if any.
    package var recorder: FlowRecorder?
    /// Saves the state to a file as it changes, if the session has one (see ``Launch``).
    package var saver: StateSaver?

    /// The last outgoing route the app redirected, and where it landed; with the number redirected so far.
    public var lastRedirect: (from: Route, to: Route, count: Int)? {
        navigator.lastRedirect.map { ($0.from, $0.to, navigator.redirectCount) }
    }

    package let options: Options
    private(set) var renderer: TextRenderer
    /// Where screens, answers and error lines go, and who hears of changes.
    public let output: any SessionOutput
    package let reported: SessionErrors
    package let navigator: Navigator
    package let screens: ScreenStore
    /// Screens drawn lately, drawn again only when what they show changed.
    private var drawn = DrawnScreens()
    private var lastNotified: Navigator.Stamp?

    /// Creates a session in `state`, writing screens, answers and errors to `output`.
    public init(registry: DestinationRegistry, state: AppState, options: Options = Options(), output: any SessionOutput) {
        self.options = options
        self.renderer = TextRenderer(width: options.width, color: options.color)
        self.output = output
        let reported = SessionErrors(output: output)
        self.reported = reported
        navigator = Navigator(registry: registry, state: state, report: reported.report, warn: reported.warn)
        screens = ScreenStore(registry: registry, work: work, defaults: defaults, report: reported.report)
        defaults.isRegularWidth = options.sizeClass == .regular
        // A value the app stored is saved as a navigation change is (the state file holds both).
        defaults.changed = { [weak self] in
            Task { @MainActor in self?.changed() }
        }
        defaults.refused = { message in
            Task { @MainActor in reported.warn(message) }
        }
        screens.live = navigator.live
        lastNotified = navigator.stamp
        jobs.isVirtual = options.virtualTime && VirtualTime.isAvailable
        jobs.oneThread = options.oneThread
    }

    /// Hears changes made by work that runs beside the session (a view model's own task changing
    /// a property an observable body read). Set its `onChange` to be woken while waiting for
    /// input, then call ``catchUp()``.
    public let work = BackgroundWork()
    /// The values of the app's `@AppStorage`: this session's alone, kept in its state file.
    @_spi(Runtime) public let defaults = SessionDefaults()
    /// The changes already drawn.
    package var drawnChanges = 0

    /// The screen on top, as the session made, loaded and settled it (for the stage benchmark,
    /// which times its drawing alone).
    @_spi(Host) public var topScreen: Screen? { screens.topScreen(navigator) }

    /// The whole navigation state.
    public var state: AppState { navigator.state }

    /// The navigation state of the selected item (the only one without a shell), to read: the
    /// session changes it only through its ``Navigator``.
    public var navigationState: NavigationState { navigator.selectedState }

    /// The deep link of the whole state, as `state` prints it: up to the first destination that holds
    /// live values, which no link carries.
    public var deepLink: DeepLink { navigator.deepLink }

    /// The state a state file keeps: up to the first destination that holds live values. The first
    /// time one is left out, a warning names it.
    public var restorableState: AppState {
        let restorable = navigator.restorable
        noteLiveValuesLeftOut(restorable.omitted)
        return restorable.state
    }

    package var warnedOfLiveValues = false

    /// Whether a destination of the state holds live values, which its deep link leaves out.
    public var holdsLiveValues: Bool { navigator.restorable.omitted != nil }

    /// A route typed by a person, checked: `NAME` alone stands for that name's root destination.
    public func resolve(_ text: String) throws(RouteError) -> Route {
        try navigator.resolve(text)
    }

    /// Opens a deep link: checks every route first, then applies it; on error nothing changes.
    public func open(_ text: String) throws(RouteError) {
        try navigator.open(text)
    }

    /// Renders the start screen.
    @discardableResult
    public func start() async -> Outcome {
        let before = errorCount
        // A journey brought back is replayed without drawing each step: the screen it ends on is drawn once.
        let replay = pendingReplay
        pendingReplay = nil
        replaying = replay != nil
        await refresh()
        journeyAnchor = nil
        noteJourney(nil, text: "", on: nil)
        if let replay {
            await replayJourney(replay)
            replaying = false
            if let current, output.takesScreens { writeScreen(current.bytes) }
        }
        return outcome(since: before)
    }

    /// Runs commands from `nextLine` until it returns `nil`, `quit`, or a strict error; returns the exit code.
    public func run(readingLinesWith nextLine: () async -> String?) async -> Int32 {
        defer { flush() }
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

    /// The titles of the shell's items, in order (none without a shell).
    public var shellItems: [String] { navigator.shell?.items.map(\.title) ?? [] }

    /// The columns screens are drawn in.
    public var width: Int { renderer.width }

    /// Draws later screens in `width` columns (a terminal that was resized); true if that changed anything.
    @discardableResult
    public func resize(width: Int) -> Bool {
        let resized = TextRenderer(width: width, color: renderer.color)
        guard resized.width != renderer.width else { return false }
        renderer = resized
        drawn.removeAll()
        return true
    }

    /// The route on top of what is shown, for a prompt: the top of the innermost presented stack.
    public var topRoute: Route {
        var state = navigator.selectedState
        while let presented = state.presentation?.presentedState { state = presented }
        return state.top
    }

    /// The navigation the views of the screen on top own, bottom first, as last drawn: pushed
    /// views, sheets, alerts and the selected tab of a `TabView` (see ``ViewLayer``).
    @_spi(Host) public var viewLayers: [ViewLayer] {
        screens.topScreen(navigator)?.viewLayers ?? []
    }

    /// Where the session is, as the route line says it: the route on top, then each layer the
    /// views own, `recipes/list › push "Carbonara" › sheet "New recipe"`.
    public var location: String {
        let layers = viewLayers
        let top = topRoute.description
        return layers.isEmpty ? top : ([top] + layers.map(\.description)).joined(separator: " › ")
    }

    /// Where the session is, for coverage: the route on top without its parameters, then the
    /// layers its views own (`recipes/list › push "Carbonara"`).
    public var visitedPlace: String {
        ([topRoute.path] + viewLayers.map(\.description)).joined(separator: " › ")
    }

    /// Draws the screen on top again, at the current width.
    public func redraw() async {
        await refresh()
    }

    /// Does the work that waited (a pending state save). Call it before waiting for input and at the end.
    public func flush() {
        saver?.flush()
        output.flush()
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
        let text = line.trimmingSpaces
        runningCommand = text
        if command == .quit { return .quit }
        // A question about the session (state, help, routes, show) is answered and changes nothing.
        if let answered = answer(command, before: before) { return answered }
        if case .record(let file) = command {
            record(to: file)
            return outcome(since: before)
        }
        let runLoopTimers = apphost_tasks_run_loop_timers()
        // The screen the command acts on: what a journey names its element by, if one is kept.
        let acted = command.isReplayable ? current : nil
        switch command {
        case .wait(let duration):
            await wait(duration, text: text)
        case .waitUntil(let text):
            await waitUntil(text)
        default:
            await act(command, text: text)
        }
        // What the command's code did that the host does for it, or refuses, after its work settled.
        reportRunLoopTimers(since: runLoopTimers)
        await openURLsTheAppOpened()
        if command.isReplayable { noteJourney(command, text: text, on: acted) }
        recorder?.record(text, session: self, errors: errorCount > before ? Array(errors.suffix(errorCount - before)) : [])
        return outcome(since: before)
    }

    // MARK: Screens

    /// Brings the screens in line with the state, lets the work that started settle (the views'
    /// own work too, see ``ScreenStore/bringInLine(_:running:)``), lays out what is on top, draws
    /// it, and says if the state changed.
    package func refresh(writingUnchanged: Bool = true) async {
        await screens.bringInLine(navigator, running: self)
        draw(writingUnchanged: writingUnchanged)
    }

    /// How many times the last settle yielded the main actor: none for a command whose work had
    /// all ended (as one that starts no task), which then costs no more than a check.
    public package(set) var settleRounds = 0

    /// How the layers the views own now were reached; nil while they own none (see ``ViewJourney``).
    public package(set) var viewJourney: ViewJourney?
    /// The state when the views last owned no layer: where a journey starts. Kept as the
    /// navigation state (cheap to copy) and spelled as a link only when a journey begins.
    package var journeyAnchor: AppState?
    /// The app's `@AppStorage` values at ``journeyAnchor``.
    package var journeyAnchorDefaults: [String: DefaultsValue] = [:]
    package var warnedOfLongJourney = false
    /// True while a journey brought back is replayed: its steps are not drawn.
    package var replaying = false
    /// Commands to replay once the first screen is drawn: a journey a state file or a reload brought back.
    public var pendingReplay: [String]?

    /// The marker of the view-model code the current command ran, until it settles.
    package var startedWork: CommandWork?
    /// The count of this session's jobs, which the host's executors keep (see ``settle()``).
    package let jobs: SessionJobs = {
        let jobs = SessionJobs()
        RecordedNetwork.sessionStarted(jobs)
        return jobs
    }()
    /// Whether this session's view-model sleeps wait for `wait` (see ``Options/virtualTime``).
    public var usesVirtualTime: Bool { jobs.isVirtual }
    /// How far `wait` has moved the session's virtual clock.
    public var virtualElapsed: Duration { jobs.elapsed }
    /// How many of the session's sleeps are held on its virtual clock, its code's libdispatch
    /// timers (`asyncAfter`) included.
    public var heldSleeps: Int { jobs.counts.held }
    /// The command whose work is settling, as its line was given, for a message about it.
    package var runningCommand = "start"

    /// Lays out what is on top, draws it, writes it (unless it is what was written last and
    /// `writingUnchanged` is false), and says if the state changed.
    private func draw(writingUnchanged: Bool = true) {
        drawnChanges = work.changeCount
        let chrome = navigator.shell.map { shell in
            ShellChrome(style: shell.style, titles: shell.items.map(\.title), selected: navigator.selected)
        }
        let format = options.format
        let renderer = renderer
        let takesScreens = output.takesScreens
        let screen = drawn.screen(screens.layers(navigator), chrome: chrome, lazily: !takesScreens) { layout in
            switch format {
            case .text: renderer.drawBytes(layout)
            case .json: JSONRenderer().drawBytes(layout)
            }
        }
        let write = takesScreens && (writingUnchanged || current.map { $0.bytes != screen.bytes } ?? true)
        current = screen
        if write, !replaying { writeScreen(screen.bytes) }
        let stamp = navigator.stamp
        if stamp != lastNotified {
            lastNotified = stamp
            changed()
        }
    }


}
