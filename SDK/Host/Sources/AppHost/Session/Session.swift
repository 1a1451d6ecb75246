@_spi(Host) import AppHostKit
import CHostSupport
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
        /// Emphasise text screens with terminal escape sequences (see ``TextRenderer/color``).
        public var color: Bool
        /// How long a command may spend settling: waiting for the work it started to finish
        /// (see ``Session/settle()``), at most ``Session/maximumSettleTimeout``.
        public var settleTimeout: Duration

        /// Creates options.
        public init(
            width: Int = TextRenderer.defaultWidth, strict: Bool = false, format: Format = .text, color: Bool = false,
            settleTimeout: Duration = Session.defaultSettleTimeout
        ) {
            self.width = width
            self.strict = strict
            self.format = format
            self.color = color
            self.settleTimeout = min(max(settleTimeout, .zero), Session.maximumSettleTimeout)
        }
    }

    /// How long a command settles at most unless told otherwise (`--settle-timeout`).
    public nonisolated static let defaultSettleTimeout = Duration.seconds(2)
    /// The longest settle a session allows.
    public nonisolated static let maximumSettleTimeout = Duration.seconds(60)
    /// How long `wait until TEXT` waits for TEXT before it reports that it never came.
    public static let waitUntilLimit = Duration.seconds(10)
    /// Main-actor rounds in a row with nothing new that make a command settled.
    static let quietRounds = 16
    /// How long after the last job sent to the global pool a command is still taken as busy: work
    /// off the main actor comes back to it when done, and the runtime does not say when that is.
    static let globalQuiet = Duration.milliseconds(20)
    /// The longest a settle waits for the global pool once the main actor is quiet. The count of
    /// global jobs is the whole process's: where other work runs beside the session (tests in
    /// parallel, several sessions), it may never fall silent, and a settle must not last until a
    /// view model's sleeping work (a 300 ms debounce) wakes.
    static let globalWaitLimit = Duration.milliseconds(100)

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
    public private(set) var errors: [String] = []
    /// How many errors were reported in all.
    public private(set) var errorCount = 0

    /// How many recent errors ``errors`` keeps.
    public static let keptErrors = 100
    /// The longest error line written: longer ones keep their start and their end, with `…` between.
    public static let maximumErrorLength = 600
    /// How many times in a row the screens may change the navigation while they load before the session stops following them.
    public static var maximumLoadRounds: Int { ScreenStore.maximumLoadRounds }
    /// Called with the new state after every command that changed it.
    public var onStateChange: (@MainActor (AppState) -> Void)?
    /// Called after every command that changed the state, without building it (a deep stack's state is large).
    public var onChange: (@MainActor () -> Void)?
    /// Called by ``flush()``: work that may wait until the session waits for input (a state save).
    public var onFlush: (@MainActor () -> Void)?
    /// The recording in progress (`record FILE`), if any.
    private var recorder: FlowRecorder?

    /// Where screens are written as UTF-8 bytes, if set; else they go to `output` as strings.
    /// A terminal or a pipe takes bytes, and a screen then never becomes a `String`.
    public var screenOutput: ((borrowing [UInt8]) -> Void)?

    /// The last outgoing route the app redirected, and where it landed; with the number redirected so far.
    public var lastRedirect: (from: Route, to: Route, count: Int)? {
        navigator.lastRedirect.map { ($0.from, $0.to, navigator.redirectCount) }
    }

    /// Makes what `routes` prints, every destination the loaded features provide (asked only when it is used).
    public var routeMap: (@MainActor () -> RouteMap)?

    private let options: Options
    private var renderer: TextRenderer
    private let write: (String) -> Void
    private let writeError: (String) -> Void
    private var navigator: Navigator!
    private var screens: ScreenStore!
    /// Screens drawn lately, drawn again only when what they show changed.
    private var drawn = DrawnScreens()
    private var lastNotified: Navigator.Stamp?

    /// Creates a session in `state`, writing screens to `output` and error lines to `errorOutput`.
    public init(
        registry: DestinationRegistry,
        state: AppState,
        options: Options = Options(),
        output: @escaping (String) -> Void,
        errorOutput: @escaping (String) -> Void
    ) {
        self.options = options
        self.renderer = TextRenderer(width: options.width, color: options.color)
        self.write = output
        self.writeError = errorOutput
        let report: @MainActor (String) -> Void = { [weak self] in self?.report($0) }
        let warn: @MainActor (String) -> Void = { [weak self] in self?.writeError("warning: \($0.visible)\n") }
        navigator = Navigator(registry: registry, state: state, report: report, warn: warn)
        screens = ScreenStore(registry: registry, work: work, report: report)
        screens.live = navigator.live
        lastNotified = navigator.stamp
        apphost_tasks_count_global_jobs()
    }

    /// Hears changes made by work that runs beside the session (a view model's own task changing
    /// a property an observable body read). Set its `onChange` to be woken while waiting for
    /// input, then call ``catchUp()``.
    public let work = BackgroundWork()
    /// The changes already drawn.
    private var drawnChanges = 0

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

    private var warnedOfLiveValues = false

    /// Whether a destination of the state holds live values, which its deep link leaves out.
    public var holdsLiveValues: Bool { navigator.restorable.omitted != nil }

    private func noteLiveValuesLeftOut(_ route: Route?) {
        guard let route, !warnedOfLiveValues else { return }
        warnedOfLiveValues = true
        writeError("warning: \(route.description.visible) holds live values, which no link or state file carries; the state is kept up to it\n")
    }

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
        await refresh()
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

    /// Draws the screen on top again, at the current width.
    public func redraw() async {
        await refresh()
    }

    /// Does the work that waited (a pending state save). Call it before waiting for input and at the end.
    public func flush() {
        onFlush?()
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
        switch command {
        case .state:
            if navigator.live.count > 0 { noteLiveValuesLeftOut(navigator.restorable.omitted) }
            let link = navigator.deepLink.description
            write(options.format == .json ? JSONRenderer.Value.object(["state": .string(link)]).text + "\n" : link.visible + "\n")
            return .proceed
        case .stateURL:
            let top = topRoute
            guard let url = navigator.registry.url(for: top) else {
                report("state --url: \(top.description.visible): its feature makes no URL for it (a NavigationFeature's url(for:))")
                return outcome(since: before)
            }
            write(options.format == .json ? JSONRenderer.Value.object(["url": .string(url)]).text + "\n" : url.visible + "\n")
            return .proceed
        case .help:
            if options.format == .json {
                let commands = SessionCommand.commands.map { JSONRenderer.Value.object(["usage": .string($0.usage), "summary": .string($0.summary)]) }
                write(JSONRenderer.Value.object(["help": .array(commands)]).text + "\n")
            } else {
                write(SessionCommand.help(width: renderer.width) + "\n")
            }
            return .proceed
        case .routes:
            guard let routeMap = routeMap?() else {
                report("routes: this session was started without a map of the features' routes")
                return outcome(since: before)
            }
            write(options.format == .json ? routeMap.json : routeMap.text(width: renderer.width))
            return .proceed
        case .show:
            if let current { writeScreen(current.bytes) }
            return .proceed
        case .record(let file):
            if let file {
                do {
                    recorder = try FlowRecorder(path: file, session: self)
                    writeError("recording to \(file) (record stop ends it)\n")
                } catch {
                    report("record \(file): \(describe(error))")
                }
            } else if let recorder {
                writeError("recorded \(recorder.steps) steps to \(recorder.path); replay with apphost test \(recorder.path)\n")
                self.recorder = nil
            } else {
                report("record stop: nothing is being recorded")
            }
            return outcome(since: before)
        case .quit:
            return .quit
        case .wait(let duration):
            if VirtualTime.isActive {
                await passVirtualTime(duration)
            } else {
                await SessionGuard.extending(by: duration) {
                    try? await Task.sleep(for: duration)
                }
            }
            await refresh(writingUnchanged: false)
        case .waitUntil(let text):
            await waitUntil(text)
        default:
            // Navigation alone runs without waiting; a view model's action and a new screen's load are awaited.
            switch step(for: command, text: text) {
            case .failed:
                break
            case .navigated:
                await refresh()
            case .model(let action):
                await runningViewModelCode {
                    switch action {
                    case .button(let button): await button.perform()
                    case .toggle(let toggle, let isOn): await toggle.perform(isOn)
                    case .textField(let field, let value): await field.perform(value)
                    }
                }
                await refresh()
            }
        }
        recorder?.record(text, session: self, errors: errorCount > before ? Array(errors.suffix(errorCount - before)) : [])
        return outcome(since: before)
    }

    // MARK: Commands

    /// What a command that may change the screen comes to.
    private enum Step {
        /// It failed, was reported, and changed nothing.
        case failed
        /// It changed the navigation state.
        case navigated
        /// A view model's action is to run.
        case model(ModelAction)
    }

    /// Carries out a command as far as it goes without waiting: navigation is done here; a view
    /// model's action is returned to be awaited.
    private func step(for command: SessionCommand, text: String) -> Step {
        switch command {
        case .tap(let target):
            guard let action = action(for: target, command: text) else { return .failed }
            switch action {
            case .button(_, let button):
                return .model(.button(button))
            case .toggle(_, let isOn, let toggle):
                return .model(.toggle(toggle, !isOn))
            default:
                return follow(action, command: text) ? .navigated : .failed
            }
        case .type(let target, let value):
            guard let action = action(for: target, command: text) else { return .failed }
            guard case .textField(_, _, let field) = action else {
                _ = fail("\(text): '\(action.label)' is not a text field; use tap")
                return .failed
            }
            return .model(.textField(field, value))
        default:
            return navigate(command, text: text) ? .navigated : .failed
        }
    }

    /// A view model's action that a command runs.
    private enum ModelAction {
        case button(ButtonAction)
        case toggle(ToggleAction, Bool)
        case textField(TextFieldAction, String)
    }

    /// Carries out a command that only navigates; false if it failed and nothing changed.
    /// Taps and typing are ``step(for:text:)``'s.
    private func navigate(_ command: SessionCommand, text: String) -> Bool {
        do throws(NavigationCommandError) {
            switch command {
            case .back:
                try navigator.back()
            case .root:
                navigator.backToRoot()
            case .dismiss:
                try navigator.dismiss()
            case .pop(let target):
                guard let route = resolveReporting(target, command: text) else { return false }
                try navigator.pop(to: route)
            case .replace(let targets):
                var routes: [Route] = []
                for target in targets {
                    guard let route = resolveReporting(target, command: text) else { return false }
                    routes.append(route)
                }
                navigator.replaceStack(routes)
            default:
                return navigateFurther(command, text: text)
            }
        } catch {
            return fail(Self.message(for: error, command: text))
        }
        return true
    }

    /// What a navigation command that did nothing says, after the command.
    private static func message(for error: NavigationCommandError, command: String) -> String {
        switch error {
        case .atFirstScreen(let root):
            return "back: already at the first screen (\(root))"
        case .nothingPresented:
            return "dismiss: nothing is presented"
        case .notInStack(let route, let stack):
            let shown = stack.suffix(8).map(\.description).joined(separator: " › ")
            return "\(command): \(route) is not in the stack (\(stack.count > 8 ? "… › " : "")\(shown))"
        }
    }

    /// Tabs and links: the navigation commands that are not the navigator's alone.
    private func navigateFurther(_ command: SessionCommand, text: String) -> Bool {
        switch command {
        case .tab(let target):
            return selectTab(target, command: text)
        case .open(let link):
            do {
                try navigator.open(link)
            } catch {
                let failed = fail("open \(link): \(error.described(within: link))")
                // A URL no handler resolves has opened the not-found destination: that is a change.
                return DeepLinkURL(parsing: link) != nil ? true : failed
            }
        default:
            return false
        }
        return true
    }

    /// Follows a link or a dialog's button; a text field is not tapped but typed into.
    private func follow(_ action: ScreenAction, command: String) -> Bool {
        switch action {
        case .link(_, let destination?, _):
            navigator.follow(destination)
        case .link(let label, nil, let failure):
            return fail("\(command): link '\(label)' has no valid destination: \(failure ?? "unknown")")
        case .dialogButton(let button, let depth):
            navigator.press(button, depth: depth)
        case .textField(let label, _, _):
            return fail("\(command): '\(label)' is a text field; use type \(label) TEXT")
        case .button, .toggle:
            return false  // a view model's action: step(for:text:) returns it to be awaited
        }
        return true
    }

    private func action(for target: SessionCommand.Target, command: String) -> ScreenAction? {
        switch target {
        case .number(let number):
            guard let action = current?.layout.action(number: number) else {
                let count = current?.layout.actionCount ?? 0
                let range = count == 0 ? "it has none" : "it has 1–\(count)"
                _ = fail("\(command): no element \(number) on this screen (\(range))")
                return nil
            }
            return action
        case .label(let label):
            let actions = current?.actions ?? []
            switch Self.match(label, in: actions.map(\.label)) {
            case .one(let index):
                return actions[index]
            case .several(let indices):
                let candidates = indices.prefix(8).map { "\($0 + 1) '\(actions[$0].label)'" }.joined(separator: ", ")
                _ = fail("\(command): '\(label)' matches \(indices.count) elements (\(candidates)\(indices.count > 8 ? ", …" : "")); tap one by its number")
                return nil
            case .none:
                var labels = actions.prefix(8).map { "'\($0.label)'" }.joined(separator: ", ")
                if actions.count > 8 { labels += " and \(actions.count - 8) more" }
                _ = fail("\(command): no element labelled '\(label)' on this screen (\(labels.isEmpty ? "none" : labels))")
                return nil
            }
        }
    }

    /// Which of some labels a typed label names.
    public enum LabelMatch: Equatable, Sendable {
        case one(Int)
        case several([Int])
        case none
    }

    /// The label `text` names, case-insensitively: the one equal to it; else the only one that starts
    /// with it; else the only one that contains it. Several at the first level that has any are
    /// ambiguous, and listed.
    public static func match(_ text: String, in labels: [String]) -> LabelMatch {
        let typed = text.lowercased()
        let lowered = labels.map { $0.lowercased() }
        for rule in [{ (label: String) in label == typed }, { $0.hasPrefix(typed) }, { $0.contains(typed) }] {
            let indices = lowered.indices.filter { rule(lowered[$0]) }
            if indices.count == 1 { return .one(indices[0]) }
            if indices.count > 1 {
                // The same label twice (an element repeated) is still ambiguous; the first equal one wins only if exact.
                return .several(indices)
            }
        }
        return .none
    }

    private func selectTab(_ target: SessionCommand.Target, command: String) -> Bool {
        guard let shell = navigator.shell else {
            return fail("\(command): this session has no tabs; start it with a shell's name")
        }
        let index: Int?
        switch target {
        case .number(let number):
            index = shell.items.indices.contains(number - 1) ? number - 1 : nil
        case .label(let label):
            index = shell.items.firstIndex { $0.name.equalsIgnoringCase(label) }
                ?? { if case .one(let index) = Self.match(label, in: shell.items.map(\.title)) { index } else { nil } }()
        }
        guard let index else {
            let names = shell.items.enumerated().map { "\($0.offset + 1) \($0.element.title)" }.joined(separator: ", ")
            var hint = ""
            if case .label(let label) = target {
                hint = Suggestion.phrase(for: label, in: shell.items.map(\.title) + shell.items.map(\.name))
            }
            return fail("\(command): no such tab (\(names))\(hint)")
        }
        navigator.select(index)
        return true
    }

    private func resolveReporting(_ text: String, command: String) -> Route? {
        do {
            return try navigator.resolve(text)
        } catch {
            _ = fail("\(command): \(error)")
            return nil
        }
    }

    // MARK: Screens

    /// Brings the screens in line with the state, lets the work that started settle, lays out what
    /// is on top, draws it, and says if the state changed.
    private func refresh(writingUnchanged: Bool = true) async {
        if !screens.updateWithoutWaiting(navigator) {
            await runningViewModelCode { await screens.update(navigator) }
        }
        await settle()
        draw(writingUnchanged: writingUnchanged)
    }

    /// Lets the work that view-model code started run until it has settled: finished, or only
    /// sleeping. The main actor is yielded until ``quietRounds`` rounds in a row bring no change
    /// an observable body read and no job for the global pool, and none has gone there for
    /// ``globalQuiet`` (work off the main actor is given that long to come back, but no more than
    /// ``globalWaitLimit`` once the main actor is quiet), for at most the settle timeout. It
    /// yields rather than sleeps: a sleep would itself send a job to the global pool.
    /// A command whose view-model code started no task that is still alive settles at once: every
    /// task started while that code ran carries the command's ``CommandWork`` (a task-local value,
    /// which unstructured tasks copy), so the marker is held exactly as long as one lives.
    public func settle() async {
        settleRounds = 0
        // Moved out, not copied: the marker must be referenced from here alone for the work to be finished.
        var marker = startedWork.take()
        guard marker != nil else { return }
        await settle(watching: &marker)
    }

    /// Settles as ``settle()`` does; with no marker, it ends only when the work goes quiet.
    private func settle(watching marker: inout CommandWork?) async {
        func isFinished() -> Bool { marker != nil && isKnownUniquelyReferenced(&marker) }
        var finished: Bool { isFinished() }
        guard !finished else { return }
        let ownJobs = await Self.jobsPerYield()
        let clock = ContinuousClock()
        let deadline = clock.now + options.settleTimeout
        var quiet = 0
        // When a job of the view models' was last seen going to the global pool, if ever.
        var lastGlobal: ContinuousClock.Instant?
        // When the main actor first went quiet, while the global pool had not.
        var quietSince: ContinuousClock.Instant?
        func globalBusy() -> Bool { lastGlobal.map { clock.now - $0 < Self.globalQuiet } ?? false }
        while quiet < Self.quietRounds || globalBusy() {
            guard clock.now < deadline, !finished else { return }
            if quiet >= Self.quietRounds {
                let since = quietSince ?? clock.now
                quietSince = since
                if clock.now - since >= Self.globalWaitLimit { return }
            }
            let changes = work.changeCount
            let before = apphost_tasks_global_jobs()
            settleRounds += 1
            await Self.yieldMainActor()
            if apphost_tasks_global_jobs() &- before > ownJobs {
                lastGlobal = clock.now
                quiet = 0
            } else if work.changeCount != changes {
                quiet = 0
                quietSince = nil
            } else {
                quiet += 1
            }
        }
    }

    /// Lets every job already waiting for the main actor run, then resumes: a task made now is
    /// queued behind them, and it resumes this one. (`Task.yield()` would hop through the global
    /// pool first, a varying number of times, which the count of global jobs could not tell apart
    /// from a view model's work.)
    private static func yieldMainActor() async {
        await withUnsafeContinuation { (resume: UnsafeContinuation<Void, Never>) in
            Task { @MainActor in resume.resume() }
        }
    }

    /// The jobs ``yieldMainActor()`` sends to the global pool itself, measured once: the fewest
    /// seen over a few yields.
    private static var measuredJobsPerYield: UInt?

    private static func jobsPerYield() async -> UInt {
        if let measuredJobsPerYield { return measuredJobsPerYield }
        var fewest = UInt.max
        for _ in 0..<5 {
            let before = apphost_tasks_global_jobs()
            await yieldMainActor()
            fewest = min(fewest, apphost_tasks_global_jobs() &- before)
        }
        measuredJobsPerYield = fewest
        return fewest
    }

    /// Draws the screen again if work beside the session changed what an observable body read
    /// since the screen was last drawn; the screen is written only if it looks different.
    public func catchUp() async {
        guard hasUndrawnChange else { return }
        await refresh(writingUnchanged: false)
    }

    /// Whether work beside the session changed what an observable body read since the screen was drawn.
    public var hasUndrawnChange: Bool { work.changeCount != drawnChanges }

    /// How many times the last settle yielded the main actor: none for a command whose work had
    /// all ended (as one that starts no task), which then costs no more than a check.
    public private(set) var settleRounds = 0

    /// The marker of the view-model code the current command ran, until it settles.
    private var startedWork: CommandWork?

    /// Runs view-model code (an action, loads, results) so that the tasks it starts carry the
    /// command's marker.
    private func runningViewModelCode(_ body: () async -> Void) async {
        let marker = startedWork ?? CommandWork()
        startedWork = marker
        await CommandWork.$current.withValue(marker) { await body() }
    }

    /// Moves virtual time on by `duration`: each held sleep due by then wakes, in deadline order,
    /// and what it started settles before the next wakes.
    private func passVirtualTime(_ duration: Duration) async {
        let target = VirtualTime.elapsed + duration
        while VirtualTime.release(upTo: target) {
            var none: CommandWork?
            await settle(watching: &none)
        }
        VirtualTime.advance(to: target)
    }

    /// Waits, drawing each change, until the screen shows `text` (or ``waitUntilLimit`` passes).
    /// On virtual time, held sleeps due within the limit wake one deadline at a time until it does.
    private func waitUntil(_ text: String) async {
        let clock = ContinuousClock()
        let deadline = clock.now + Self.waitUntilLimit
        let virtualDeadline = VirtualTime.elapsed + Self.waitUntilLimit
        await SessionGuard.extending(by: Self.waitUntilLimit) {
            while !(current?.text.contains(text) ?? false) {
                if VirtualTime.isActive, VirtualTime.release(upTo: virtualDeadline) {
                    var none: CommandWork?
            await settle(watching: &none)
                    await catchUp()
                    continue
                }
                guard clock.now < deadline else {
                    report("wait until \(text): the screen did not show it within \(Self.waitUntilLimit) (Session.waitUntilLimit)")
                    return
                }
                try? await Task.sleep(for: .milliseconds(1))
                await catchUp()
            }
        }
    }

    /// Lays out what is on top, draws it, writes it (unless it is what was written last and
    /// `writingUnchanged` is false), and says if the state changed.
    private func draw(writingUnchanged: Bool = true) {
        drawnChanges = work.changeCount
        let chrome = navigator.shell.map { shell in
            ShellChrome(style: shell.style, titles: shell.items.map(\.title), selected: navigator.selected)
        }
        let format = options.format
        let renderer = renderer
        let screen = drawn.screen(screens.layers(navigator), chrome: chrome) { layout in
            switch format {
            case .text: renderer.drawBytes(layout)
            case .json: JSONRenderer().drawBytes(layout)
            }
        }
        let write = writingUnchanged || current.map { $0.bytes != screen.bytes } ?? true
        current = screen
        if write { writeScreen(screen.bytes) }
        let stamp = navigator.stamp
        if stamp != lastNotified {
            lastNotified = stamp
            onChange?()
            onStateChange?(navigator.state)
        }
    }

    private func writeScreen(_ bytes: [UInt8]) {
        if let screenOutput {
            screenOutput(bytes)
        } else {
            write(String(decoding: bytes, as: UTF8.self))
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
