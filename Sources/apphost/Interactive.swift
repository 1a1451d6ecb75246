// The prompt a person gets when standard input and output are a terminal: line
// editing, a history kept between sessions, and Tab completion, from the system's
// libedit (its readline interface), opened only then (CHostLineEditing's host_edit.c).
// Nothing of this when input is piped or a script; without libedit, plain lines.

import AppHost
import AppHostOptions
@_spi(Host) import AppHostKit
import CHostLineEditing
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Reads command lines at a prompt with libedit.
///
/// Made on the main actor, then used by the input thread alone (`SessionEvents.read(at:taking:)`),
/// one line at a time: only that thread calls into libedit. The main actor draws above the prompt
/// by asking it to wait between two keys (``drawAbove(prompt:_:)``), then to draw the prompt again.
final class LineEditor: @unchecked Sendable {
    /// The most lines the history keeps.
    static let historyLimit: Int32 = 1000

    /// Where the history is kept: `APPHOST_HISTORY`, else `$XDG_STATE_HOME/apphost/history`,
    /// else `~/.local/state/apphost/history`.
    static var historyPath: String {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["APPHOST_HISTORY"], !path.isEmpty { return path }
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (FileManager.default.homeDirectoryForCurrentUser.path + "/.local/state")
        return state + "/apphost/history"
    }

    /// Whether a session should read at a prompt: standard input and output are both terminals.
    static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// What Tab completes, given the whole line typed so far; set by the session loop.
    /// Invariant for `nonisolated(unsafe)`: set once on the main actor before the input thread
    /// starts reading, then only read, by the input thread (libedit's completion callback).
    nonisolated(unsafe) static var complete: (String) -> [String] = { _ in [] }
    /// The candidates of the completion in progress. Invariant: read and written only by the input
    /// thread, inside libedit's callbacks, one at a time.
    nonisolated(unsafe) private static var matches: [String] = []

    private let history: String
    /// Whether libedit is in use; without it the prompt reads plain lines.
    private let editing: Bool

    init() {
        editing = apphost_edit_load() == 1
        if !editing {
            standardError("warning: no line editing, history or completion: \(apphost_edit_error().map { String(cString: $0) } ?? "libedit cannot be used")\n")
        }
        // libedit reads multibyte input only in a multibyte locale (and drops it otherwise).
        setlocale(LC_CTYPE, "")
        history = Self.historyPath
        try? FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: history).deletingLastPathComponent().path, withIntermediateDirectories: true
        )
        // Complete whole lines (word breaks only at newlines): labels and tab titles have spaces in them.
        apphost_edit_setup(strdup("apphost"), strdup("\n")) { text, _, _ in
            apphost_edit_completion_over()
            LineEditor.matches = LineEditor.complete(text.map { String(cString: $0) } ?? "")
            guard !LineEditor.matches.isEmpty else { return nil }
            // A completion that asks for more (`detail?identifier=`, `@main:`) is not followed by a space.
            let open = LineEditor.matches.count == 1 && LineEditor.matches[0].last.map { "=/:?".contains($0) } == true
            apphost_edit_completion_append(open ? 0 : 32)
            return apphost_edit_completion_matches(text) { _, state in
                let index = Int(state)
                guard index < LineEditor.matches.count else { return nil }
                return strdup(LineEditor.matches[index])
            }
        }
        apphost_edit_set_waker { PromptPause.shared.paused() }
        apphost_edit_history_start(Self.historyLimit, history)
    }

    /// The input thread is about to be given a turn at the prompt: from now until its line is read,
    /// a drawing above the prompt waits for it to stop between two keys.
    func beginTurn() {
        if editing { PromptPause.shared.beginTurn() }
    }

    /// Writes what `draw` writes above the prompt being read, then the prompt again with what was
    /// typed so far. With libedit, the thread that reads waits between two keys meanwhile and draws
    /// the prompt itself, so libedit is never called from two threads; if the line was ended first,
    /// what `draw` writes simply follows it. Without libedit the plain prompt is written again.
    @MainActor
    func drawAbove(prompt: String, _ draw: @MainActor () async -> Void) async {
        guard editing else {
            standardOutput("\r\u{1B}[K")
            await draw()
            standardOutput(prompt)
            return
        }
        guard await PromptPause.shared.pause() else {
            await draw()
            return
        }
        standardOutput("\r\u{1B}[K")
        await draw()
        PromptPause.shared.resume()
    }

    /// What the person did at the prompt.
    enum Input: Equatable {
        case line(String)
        /// Ctrl-C: the line was abandoned.
        case interrupted
        /// Ctrl-D on an empty line, or the terminal closed.
        case end
    }

    /// The prompt for a session whose top route is `route`: ASCII only, which libedit draws in any locale.
    static func prompt(for route: Route) -> String {
        String(route.description.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F ? Character($0) : "?" }) + "> "
    }

    /// Reads one line at `prompt`; a non-empty line that differs from the last is added to the history.
    func read(prompt: String) -> Input {
        // Ctrl-C abandons the line being typed: it interrupts the read (CHostLineEditing's host_interrupt.c).
        apphost_interrupt_prepare()
        guard editing else { return readPlain(prompt: prompt) }
        let raw = apphost_edit_readline(prompt)
        PromptPause.shared.endTurn()
        if apphost_interrupt_taken() != 0 {
            free(raw)
            standardOutput("^C\n")
            return .interrupted
        }
        guard let raw else { return .end }
        defer { free(raw) }
        let line = String(cString: raw)
        let entry = line.trimmingSpacesAndTabs
        if !entry.isEmpty, entry != lastHistoryLine {
            apphost_edit_history_add(entry, history)
        }
        return .line(line)
    }

    /// A line read without libedit: the prompt, then what is typed up to Enter.
    private func readPlain(prompt: String) -> Input {
        standardOutput(prompt)
        let line = readLine(strippingNewline: true)
        if apphost_interrupt_taken() != 0 {
            standardOutput("^C\n")
            apphost_edit_clear_input_error()
            return .interrupted
        }
        return line.map(Input.line) ?? .end
    }

    private var lastHistoryLine: String? {
        apphost_edit_last_history_line().map { String(cString: $0) }
    }
}

/// The hand-over between the main actor, which draws a change above the prompt, and the input
/// thread in libedit. The main actor asks for a pause (``pause()``). The input thread answers it
/// between two keys (``paused()``, from libedit's getc). It waits there until the drawing is done
/// (``resume()``), then draws the prompt again. One process has one prompt, so one hand-over.
final class PromptPause: Sendable {
    static let shared = PromptPause()

    private struct State {
        /// The input thread has a turn: it is reading a line, or about to.
        var reading = false
        /// The main actor's request, waiting for the input thread to stop between two keys.
        var asked: CheckedContinuation<Bool, Never>?
    }

    private let state = Mutex(State())
    private let drawn = DispatchSemaphore(value: 0)

    func beginTurn() {
        state.withLock { $0.reading = true }
    }

    /// The line was read: a request still waiting is answered "not paused" (the line is done).
    func endTurn() {
        let asked = state.withLock { state in
            state.reading = false
            defer { state.asked = nil }
            return state.asked
        }
        asked?.resume(returning: false)
    }

    /// Waits until the input thread stops between two keys (true) or its line ends first (false).
    /// After true, ``resume()`` must follow: the input thread waits for it.
    func pause() async -> Bool {
        await withCheckedContinuation { continuation in
            let reading = state.withLock { state in
                if state.reading { state.asked = continuation }
                return state.reading
            }
            if reading {
                apphost_edit_wake()
            } else {
                continuation.resume(returning: false)
            }
        }
    }

    /// The drawing is done: the input thread draws the prompt again and reads on.
    func resume() {
        drawn.signal()
    }

    /// On the input thread, inside libedit's wait for a key, when woken.
    func paused() {
        let asked = state.withLock { state in
            defer { state.asked = nil }
            return state.asked
        }
        guard let asked else { return }
        asked.resume(returning: true)
        drawn.wait()
        apphost_edit_redisplay()
    }
}

/// Completions of a whole command line: command words, then what each command takes.
@MainActor
enum Completion {
    static func candidates(for line: String, session: Session, routes: RouteMap?) -> [String] {
        let words = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        guard words.count == 2 else {
            return SessionCommand.words.filter { $0.hasPrefix(line.lowercased()) }.map { $0 + " " }
        }
        let command = words[0].lowercased()
        let argument = String(words[1])
        let options: [String]
        switch command {
        case "tap":
            options = session.current?.actions.map(\.label) ?? []
        case "type":
            // Only text fields take text (a label of several words is typed before the text as it is).
            options = session.current?.actions.compactMap { action in
                guard case .textField(let label, _, _) = action else { return nil }
                return label
            } ?? []
        case "tab":
            options = session.shellItems
        case "open", "pop", "replace":
            options = routes.map(routeCompletions) ?? []
        default:
            options = []
        }
        let typed = argument.lowercased()
        return Array(Set(options.filter { $0.lowercased().hasPrefix(typed) })).sorted().map { "\(command) \($0)" }
    }

    /// Names, start destinations, C destinations with their parameter names, and shells.
    private static func routeCompletions(_ map: RouteMap) -> [String] {
        var options: [String] = []
        for entry in map.entries {
            options.append(entry.name)
            if let start = entry.start { options.append(start) }
            for destination in entry.destinations ?? [] {
                let parameters = destination.parameters.map { "\($0.name)=" }.joined(separator: "&")
                options.append("\(entry.name)/\(destination.name)" + (parameters.isEmpty ? "" : "?" + parameters))
            }
        }
        options += map.shells.map { "@\($0.name):" }
        return options
    }
}
