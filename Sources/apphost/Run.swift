import AppHost
@_spi(Host) import AppHostKit
import AppHostOptions
import AppHostSupport
import ArgumentParser
import CHostTerminal
import Dispatch
import FoundationEssentials
import Glibc

struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start the app at a destination or shell and read commands, one a line (type help)."
    )

    @OptionGroup var features: FeatureOptions

    @Option(help: "The name of the destination or shell to start at, e.g. home or main.", completion: StartCompletion.kind)
    var start: String

    @Option(help: "A deep link to open after starting, e.g. character/detail?identifier=2.")
    var open: String?

    @Option(help: "Restore the navigation state from this file, and save it there after every change.")
    var state: String?

    @Option(help: "Read commands from this file instead of standard input.")
    var script: String?

    @Option(help: "Columns of rendered text (\(TextRenderer.minimumWidth) to \(TextRenderer.maximumWidth)); by default COLUMNS, else the terminal's width, else \(TextRenderer.defaultWidth).")
    var width: Int?

    @Flag(help: "End at the first error, with exit code 1.")
    var strict = false

    @Flag(help: "Watch the features folders: when a feature file appears or changes and loads, start again at the same place.")
    var watch = false

    @Flag(help: "Full screen: move a highlight with the arrows or j/k, Enter opens, Esc goes back, 1-9 switch tabs, : types a command, q quits.")
    var tui = false

    @Option(help: "How screens are written: text, or json (one JSON line a screen).")
    var format: Session.Format = .text

    @Option(help: "Emphasis with colour: auto (on a terminal, unless NO_COLOR is set), always, never.")
    var color: ColorMode = .auto

    @Option(help: "Seconds one command may take before the session ends naming the feature at fault (0: no limit).")
    var featureTimeout: Int = SessionGuard.defaultLimit

    @Option(help: "Seconds a command may wait for the work it started to settle before its screen is drawn (0 to 60).")
    var settleTimeout: Double = Double(Session.defaultSettleTimeout.components.seconds)

    @Option(help: "The device's width as the views' horizontalSizeClass: compact (a phone, the default) or regular (an iPad).")
    var sizeClass: Session.SizeClass = .compact

    @Flag(help: "Run the session on one thread: code that hops to the global pool (a @concurrent call) runs on the session thread, in order. Faster; docs/sessions.md says what it changes.")
    var oneThread = false

    func validate() throws {
        if tui {
            guard script == nil, format == .text else {
                throw ValidationError("--tui draws text on a terminal; it takes neither --script nor --format json")
            }
            guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
                throw ValidationError("--tui needs a terminal on standard input and output")
            }
        }
        guard featureTimeout >= 0 else {
            throw ValidationError("--feature-timeout must be 0 (no limit) or more seconds, got \(featureTimeout)")
        }
        let maximumSettle = Double(Session.maximumSettleTimeout.components.seconds)
        guard settleTimeout.isFinite, (0...maximumSettle).contains(settleTimeout) else {
            throw ValidationError("--settle-timeout must be from 0 to \(Int(maximumSettle)) seconds, got \(settleTimeout)")
        }
        if let width, !(TextRenderer.minimumWidth...TextRenderer.maximumWidth).contains(width) {
            throw ValidationError("--width must be from \(TextRenderer.minimumWidth) to \(TextRenderer.maximumWidth), got \(width)")
        }
    }

    func run() async throws {
        try await runHere()
    }

    /// Runs the session from the main actor, where it runs.
    @MainActor
    func runHere() async throws {
        features.bootstrapLogging()
        let code = try await runSession()
        if code != 0 { throw ExitCode(code) }
    }

    // Long: the session's set-up in the order it must happen (guard, features, outputs, state, options, input), then the run; each step uses the ones before.
    @MainActor
    private func runSession() async throws -> Int32 {
        let lines = try script.map(ScriptLines.init(path:))
        SessionGuard.install(stateFile: state)
        guard let host = features.loadHost() else { return ExitCode.kitMismatch }
        // What the app layer lacks (a broken redirect, an unmet need) is named before the session runs.
        for problem in host.appLayerProblems() {
            standardError("warning: \(problem.visible)\n")
        }
        let status = FullScreenStatus()
        // Full screen draws the screen itself, and shows errors on its status line.
        let output = TerminalOutput(host: host, fullScreen: tui ? status : nil, redErrors: !tui && color.enabled(for: STDERR_FILENO))
        var options = Session.Options(
            width: effectiveWidth, strict: strict, format: format, color: color.enabled(for: STDOUT_FILENO),
            settleTimeout: .milliseconds(Int64((settleTimeout * 1000).rounded()))
        )
        options.sizeClass = sizeClass
        options.oneThread = oneThread
        let session: Session
        do {
            session = try Launch.session(
                start: start,
                registry: host.registry,
                store: state.map(StateStore.init(path:)),
                open: open,
                options: options,
                output: output,
                warn: { standardError("warning: \($0)\n") }
            )
        } catch {
            standardError("error: \("\(error)".visible)\n")
            if case LaunchError.unknownStart = error, let hint = features.unsearchedBuildHint(searched: host.searchedDirectories) {
                standardError("hint: \(hint)\n")
            }
            return 2
        }
        let limit = featureTimeout
        if watch {
            apphost_terminal_save_initial()
            let watched = WatchState()
            output.watched = watched
            watched.update(session)
            if let replay = FeatureWatcher.takeReplay() { session.pendingReplay = replay }
            FeatureWatcher(directories: host.searchedDirectories, state: watched, arguments: Array(CommandLine.arguments.dropFirst())).start()
        }
        if await SessionGuard.watch("drawing the first screen", limit: limit, { await session.start() }) == .failed {
            return 1
        }
        if watch { FeatureWatcher.announceReload() }
        defer { session.flush() }
        if tui {
            var screen = FullScreen(session: session, status: status, limit: limit, followsTerminal: width == nil && ProcessInfo.processInfo.environment["COLUMNS"] == nil)
            return await screen.run()
        }
        if lines == nil, LineEditor.isInteractive {
            return await interactive(session, host: host, limit: limit)
        }
        // Lines arrive from a thread of their own: while the session waits for one, the main actor
        // runs what view models started, and a change they make to what a screen read is drawn.
        let events = SessionEvents()
        session.work.onChange { events.send(.changed) }
        if let lines { events.read(lines) } else { events.readStandardInput() }
        defer { events.stop() }
        while true {
            let event = await events.next()
            switch event {
            case .line(let line):
                switch await SessionGuard.watch("running '\(line)'", limit: limit, { await session.execute(line) }) {
                case .proceed: continue
                case .quit: return 0
                case .failed: return 1
                }
            case .lines(let lines):
                for line in lines {
                    switch await SessionGuard.watch("running '\(line)'", limit: limit, { await session.execute(line) }) {
                    case .proceed: continue
                    case .quit: return 0
                    case .failed: return 1
                    }
                }
                events.tookBatch()
                // What work beside the session changed while the lines ran is drawn now.
                if session.hasUndrawnChange { await session.catchUp(watchedWithin: limit) }
            case .changed:
                await session.catchUp(watchedWithin: limit)
            case .idle:
                session.flush()
            case .end, .interrupted:
                return 0
            }
        }
    }

    // Long: the prompt's loop (read, run, draw) with the pauses a change drawn above the prompt needs; the steps share the editor's state.
    /// A session at a prompt: line editing, history, completion; Enter on an empty line draws the
    /// screen again; Ctrl-C abandons the line; Ctrl-D on an empty line ends the session.
    ///
    /// The prompt reads on the input thread, a line at a time. It reads each when the main actor
    /// hands it the prompt for the screen now shown. Meanwhile the main actor runs what view models
    /// started. A change they make is drawn above the prompt, which is then drawn again as it was.
    @MainActor
    private func interactive(_ session: Session, host: FeatureHost, limit: Int) async -> Int32 {
        let editor = LineEditor()
        var map: RouteMap?
        LineEditor.complete = { line in
            // Tab is pressed on the input thread, while the main actor waits for a line.
            DispatchQueue.main.sync {
                MainActor.assumeIsolated {
                    if map == nil { map = RouteMap(host: host) }
                    return Completion.candidates(for: line, session: session, routes: map)
                }
            }
        }
        let followsTerminal = width == nil && ProcessInfo.processInfo.environment["COLUMNS"] == nil
        // Once, before the first prompt: what a person can do here.
        standardOutput("tap N or a label, back, open ROUTE, help for the rest; Tab completes; Ctrl-D ends\n")
        let events = SessionEvents()
        let turns = PromptTurns()
        session.work.onChange { events.send(.changed) }
        events.read(at: editor, taking: turns)
        var reading = false
        var prompt = ""
        func nextLine() async {
            session.flush()
            // A resized terminal: the screen is drawn again at its new width.
            if followsTerminal, let columns = TerminalSize.terminalColumns(of: STDOUT_FILENO),
                session.resize(width: min(max(columns, TextRenderer.minimumWidth), TextRenderer.maximumWidth)) {
                await session.redraw()
            }
            reading = true
            prompt = LineEditor.prompt(for: session.topRoute)
            editor.beginTurn()
            turns.give(prompt)
        }
        await nextLine()
        while true {
            let event = await events.next()
            switch event {
            case .end:
                standardOutput("\n")
                return 0
            case .interrupted:
                await nextLine()
            case .lines:
                events.tookBatch()  // the prompt reads one line at a time
            case .line(let line) where line.trimmingSpacesAndTabs.isEmpty:
                reading = false
                await session.redraw()
                await nextLine()
            case .line(let line):
                reading = false
                switch await SessionGuard.watch("running '\(line)'", limit: limit, { await session.execute(line) }) {
                case .proceed: await nextLine()
                case .quit:
                    turns.close()
                    return 0
                case .failed:
                    turns.close()
                    return 1
                }
            case .changed:
                guard reading, session.hasUndrawnChange else {
                    await session.catchUp(watchedWithin: limit)
                    continue
                }
                // Above the prompt: the line it is on is cleared, the screen drawn if it changed, and
                // the prompt drawn again (with what was typed so far, when libedit holds it).
                await editor.drawAbove(prompt: prompt) { await session.catchUp(watchedWithin: limit) }
            case .idle:
                session.flush()
            }
        }
    }

    /// `--width`, else `COLUMNS` or the terminal's width (within the renderer's limits), else the default.
    private var effectiveWidth: Int {
        width ?? min(max(TerminalSize.columns(default: TextRenderer.defaultWidth), TextRenderer.minimumWidth), TextRenderer.maximumWidth)
    }
}

extension Session.Format: @retroactive ExpressibleByArgument {}
extension Session.SizeClass: @retroactive ExpressibleByArgument {}
extension ColorMode: @retroactive ExpressibleByArgument {}

extension Run {
    /// An error line with its `error:` in red, for a terminal.
    static func redErrorPrefix(_ line: String) -> String {
        line.hasPrefix("error:") ? "\u{1B}[1;31merror:\u{1B}[0m" + line.dropFirst(6) : line
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    var trimmingSpacesAndTabs: String {
        guard let first = firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = lastIndex(where: { $0 != " " && $0 != "\t" })!
        return String(self[first...last])
    }

    /// The line without the carriage return a CRLF file leaves at its end.
    var withoutCarriageReturn: String {
        hasSuffix("\r") ? String(dropLast()) : self
    }
}
