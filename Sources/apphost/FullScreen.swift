// `apphost --start NAME --tui`: the screen in the terminal's alternate screen, drawn
// again in place after every key. A highlight moves over the numbered elements;
// Enter activates it, Esc or Backspace goes back, digits switch tabs, `/` finds an
// element, `:` opens the command line (the session's own commands, with completion and
// history), `?` shows the keys, q quits; what a command writes is shown in an overlay.
// The terminal is given back on
// every way out: q, Ctrl-C, Ctrl-D, the end of input, SIGTERM, and a crash or hang
// (CHostTerminal's host_terminal.c and CHostGuard's host_guard.c).

import AppHost
import AppHostOptions
import AppHostSupport
import CHostTerminal
import FoundationEssentials
import Glibc

/// What the full-screen mode shows under the screen (the last error, else the keys), and what a
/// command wrote (`:state`, `:help`, `:routes`), shown in an overlay once the command ends.
@MainActor
final class FullScreenStatus {
    var message = ""
    var output = ""
}

@MainActor
struct FullScreen {
    static let keys = "↑↓ move · Enter open · Esc back · : cmd · ? keys · q quit"

    /// The help page `?` shows: every key, then the session's commands.
    static let keyHelp = [
        "Keys",
        "",
        "  ↑ ↓, k j          move the highlight over the numbered elements",
        "  g G, Home End     the first, the last element",
        "  PgUp PgDn         a page up, down",
        "  Enter             open the highlighted element (a text field: edit it on the : line)",
        "  Esc, Backspace    go back (close a dialog, a sheet)",
        "  1 … 9             switch to that tab",
        "  /TEXT Enter, n    highlight the next element whose label holds TEXT",
        "  :COMMAND Enter    run a session command; Tab completes, ↑ ↓ recall, Esc cancels",
        "  Ctrl-L            draw again",
        "  ?                 this page (Esc or q closes it; ↑ ↓ PgUp PgDn g G scroll)",
        "  q, Ctrl-C         quit",
        "",
        "Commands (after :)",
        "",
    ]

    /// Text shown over the screen until Esc, q or Enter: a command's output or the help page.
    struct Overlay {
        var title: String
        var lines: [String]
        var top = 0
    }

    let session: Session
    let status: FullScreenStatus
    let limit: Int
    let followsTerminal: Bool
    private var highlight = 1
    private var command: String?
    private var search: String?
    private var lastSearch: String?
    private var overlay: Overlay?
    /// The `:` lines run, oldest first (at most 100), and where ↑ ↓ are in them.
    private var history: [String] = []
    private var recalled: Int?
    private var routes: RouteMap?
    private var rows = 24

    init(session: Session, status: FullScreenStatus, limit: Int, followsTerminal: Bool) {
        self.session = session
        self.status = status
        self.limit = limit
        self.followsTerminal = followsTerminal
    }

    /// How often keys are looked for while none comes; the main actor is free in between.
    static let keyPollInterval = Duration.milliseconds(15)
    /// Runs until the person quits; the exit status.
    mutating func run() async -> Int32 {
        guard apphost_terminal_enter() == 0 else {
            standardError("error: --tui: cannot take the terminal: \(String(cString: strerror(errno)))\n")
            return 1
        }
        defer { apphost_terminal_restore() }
        rows = terminalRows()
        draw()
        var pending: [UInt8] = []
        while true {
            session.flush()
            if followsTerminal, let columns = TerminalSize.terminalColumns(of: STDOUT_FILENO) {
                let newRows = terminalRows()
                if session.resize(width: min(max(columns, TextRenderer.minimumWidth), TextRenderer.maximumWidth)) || newRows != rows {
                    rows = newRows
                    await session.redraw()
                    draw()
                }
            }
            guard let bytes = readKeys(timeout: 0) else { return 0 }
            if bytes.isEmpty {
                // No key: what view models do in the meantime runs on the main actor, and a change
                // it makes to what the screen read is drawn at once.
                if session.hasUndrawnChange {
                    await session.catchUp(watchedWithin: limit)
                    draw()
                }
                try? await Task.sleep(for: Self.keyPollInterval)
                continue
            }
            pending += bytes
            while let key = Key.next(from: &pending) {
                switch await handle(key) {
                case .continue: break
                case .quit: return 0
                case .failed: return 1
                }
                draw()
            }
        }
    }

    enum Step { case `continue`, quit, failed }

    /// Rows a page key moves by.
    private var page: Int { max(rows - 4, 1) }

    // Long: one switch over the full-screen mode's keys, each case a few lines.
    private mutating func handle(_ key: Key) async -> Step {
        if overlay != nil {
            scrollOverlay(key)
            return .continue
        }
        if let line = command {
            return await editCommand(line, key)
        }
        if let text = search {
            switch key {
            case .enter:
                search = nil
                lastSearch = text
                find(text)
            case .escape, .interrupt, .endOfInput:
                search = nil
            case .backspace:
                search = String(text.dropLast())
            case .character(let character):
                search = text + String(character)
            default:
                break
            }
            return .continue
        }
        let count = session.current?.actions.count ?? 0
        switch key {
        case .up, .character("k"):
            highlight = max(1, highlight - 1)
        case .down, .character("j"):
            highlight = min(max(count, 1), highlight + 1)
        case .home, .character("g"):
            highlight = 1
        case .end, .character("G"):
            highlight = max(count, 1)
        case .pageUp:
            highlight = max(1, highlight - page)
        case .pageDown:
            highlight = min(max(count, 1), highlight + page)
        case .enter:
            guard count > 0 else { return .continue }
            // A text field is edited on the command line, its text there to change; Enter sets it.
            if let actions = session.current?.actions, highlight <= actions.count, case .textField(_, let text, _) = actions[highlight - 1] {
                command = "type \(highlight) \(text)"
                recalled = nil
                status.message = "edit the field's text; Enter sets it (nothing empties it), Esc cancels"
                return .continue
            }
            return await execute("tap \(highlight)")
        case .escape, .backspace:
            return await execute("back")
        case .character(let digit) where digit.isASCII && digit.isNumber && digit != "0":
            return await execute("tab \(digit)")
        case .character(":"):
            command = ""
            recalled = nil
        case .character("/"):
            search = ""
        case .character("n"):
            if let lastSearch { find(lastSearch) }
        case .character("?"):
            let commands = SessionCommand.help(width: session.width).split(separator: "\n").map(String.init)
            overlay = Overlay(title: "keys", lines: Self.keyHelp + commands)
        case .character("q"), .interrupt, .endOfInput:
            return .quit
        case .redraw:
            break
        default:
            break
        }
        return .continue
    }

    private mutating func scrollOverlay(_ key: Key) {
        guard var shown = overlay else { return }
        let last = max(shown.lines.count - page, 0)
        switch key {
        case .escape, .enter, .character("q"), .interrupt, .endOfInput, .backspace:
            overlay = nil
            return
        case .up, .character("k"): shown.top -= 1
        case .down, .character("j"): shown.top += 1
        case .pageUp: shown.top -= page
        case .pageDown, .character(" "): shown.top += page
        case .home, .character("g"): shown.top = 0
        case .end, .character("G"): shown.top = last
        default: break
        }
        shown.top = min(max(shown.top, 0), last)
        overlay = shown
    }

    /// A key on the `:` line: typing, Tab completion, ↑ ↓ through the lines run before.
    private mutating func editCommand(_ line: String, _ key: Key) async -> Step {
        switch key {
        case .enter:
            command = nil
            recalled = nil
            guard line.contains(where: { $0 != " " }) else { return .continue }
            if let field = Self.editedField(line) {
                // The field's text exactly as edited, quoted: an empty one empties the field.
                return await execute("type \(field.number) \"\(field.text)\"")
            }
            if history.last != line { history.append(line) }
            if history.count > 100 { history.removeFirst() }
            return await execute(line)
        case .escape, .interrupt, .endOfInput:
            command = nil
        case .backspace:
            command = String(line.dropLast())
        case .tab:
            if routes == nil { routes = session.output.routeMap() }
            let candidates = Completion.candidates(for: line, session: session, routes: routes)
            if candidates.count == 1 {
                command = candidates[0]
            } else if !candidates.isEmpty {
                let common = Self.commonPrefix(candidates)
                command = common.count > line.count ? common : line
                status.message = candidates.prefix(8).joined(separator: " · ") + (candidates.count > 8 ? " · …" : "")
            }
        case .up:
            guard !history.isEmpty else { break }
            let index = max((recalled ?? history.count) - 1, 0)
            recalled = index
            command = history[index]
        case .down:
            guard let index = recalled else { break }
            if index + 1 < history.count {
                recalled = index + 1
                command = history[index + 1]
            } else {
                recalled = nil
                command = ""
            }
        case .character(let character):
            command = line + String(character)
        default:
            break
        }
        return .continue
    }

    /// Highlights the next element after the highlighted one whose label holds `text`, wrapping round.
    private mutating func find(_ text: String) {
        let labels = session.current?.actions.map(\.label) ?? []
        guard !labels.isEmpty else { return }
        let after = min(highlight, labels.count)
        let order = Array(labels.indices[after...]) + Array(labels.indices[..<after])
        if let index = order.first(where: { labels[$0].lowercased().contains(text.lowercased()) }) {
            highlight = index + 1
            status.message = ""
        } else {
            status.message = "/\(text): no element's label holds it"
        }
    }

    private mutating func execute(_ line: String) async -> Step {
        status.message = ""
        status.output = ""
        let outcome = await SessionGuard.watch("running '\(line)'", limit: limit) { await session.execute(line) }
        highlight = min(max(highlight, 1), max(session.current?.actions.count ?? 1, 1))
        if line.hasPrefix("tap") || line == "back" || line.hasPrefix("tab") || line.hasPrefix("open") { highlight = 1 }
        if !status.output.isEmpty {
            var lines = status.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            // A long line (a state link) is wrapped, not cut: the overlay is there to be read whole.
            overlay = Overlay(title: line, lines: lines.flatMap { Self.wrap(Self.plain($0), to: columns) })
            status.output = ""
        }
        switch outcome {
        case .proceed: return .continue
        case .quit: return .quit
        case .failed: return .failed
        }
    }

    private var columns: Int {
        TerminalSize.terminalColumns(of: STDOUT_FILENO) ?? session.width
    }

    /// The screen with the highlighted element in reverse video, scrolled to keep it in view under
    /// its header (the title stays on top), then the status line: the command or search being typed,
    /// the last error, or the keys. An overlay replaces the screen until it is closed. No line is
    /// longer than the terminal is wide, so none wraps and pushes the title off.
    private func draw() {
        let columns = columns
        let height = max(rows - 1, 1)
        var shown: [String]
        if let overlay {
            let header = "\u{1B}[1m" + Self.cut(overlay.title, to: columns) + "\u{1B}[0m"
            let top = min(overlay.top, max(overlay.lines.count - (height - 1), 0))
            shown = [header] + overlay.lines.dropFirst(top).prefix(height - 1).map { Self.cut(Self.plain($0), to: columns) }
        } else {
            let text = session.current?.text ?? ""
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { Self.cut(String($0), to: columns) }
            let marker = "[\(highlight)] "
            var highlighted = 0
            if session.current?.actions.isEmpty == false, let index = lines.firstIndex(where: { $0.contains(marker) }) {
                lines[index] = "\u{1B}[7m" + Self.plain(lines[index]) + "\u{1B}[0m"
                highlighted = index
            }
            // The header (the rule, the title, the breadcrumbs, down to the rule under them) stays.
            let ruleUnderTitle = lines.prefix(6).indices.dropFirst().first { Self.plain(lines[$0]).hasPrefix("─") }
            let headerCount = lines.count > height ? min((ruleUnderTitle ?? 1) + 1, height / 2) : 0
            let body = Array(lines.dropFirst(headerCount))
            let room = max(height - headerCount, 1)
            let focus = max(highlighted - headerCount, 0)
            let top = body.count <= room ? 0 : min(max(focus - room / 2, 0), body.count - room)
            var visible = Array(body.dropFirst(top).prefix(room))
            // What scrolling hides is said where it is hidden, on the line it takes (never the highlighted one).
            if room >= 3 {
                let below = body.count - top - visible.count
                if top > 0, focus != top {
                    visible[0] = "\u{1B}[2m" + Self.cut("↑ \(top + 1) more lines above", to: columns) + "\u{1B}[0m"
                }
                if below > 0, focus != top + visible.count - 1 {
                    visible[visible.count - 1] = "\u{1B}[2m" + Self.cut("↓ \(below + 1) more lines below", to: columns) + "\u{1B}[0m"
                }
            }
            shown = Array(lines.prefix(headerCount)) + visible
        }
        let bottom: String
        if let command {
            bottom = Self.cut(":" + command, to: columns) + "\u{1B}[?25h"
        } else if let search {
            bottom = Self.cut("/" + search, to: columns) + "\u{1B}[?25h"
        } else if !status.message.isEmpty {
            bottom = "\u{1B}[31m" + Self.cut(status.message, to: columns) + "\u{1B}[0m\u{1B}[?25l"
        } else if overlay != nil {
            bottom = "\u{1B}[2m" + Self.cut("Esc/q close · ↑↓/jk PgUp PgDn g G scroll", to: columns) + "\u{1B}[0m\u{1B}[?25l"
        } else {
            bottom = "\u{1B}[2m" + Self.cut(Self.statusLine(route: session.location, columns: columns), to: columns) + "\u{1B}[0m\u{1B}[?25l"
        }
        // Home, clear, the lines, the status line on the last row.
        standardOutput("\u{1B}[H\u{1B}[2J" + shown.joined(separator: "\r\n") + "\u{1B}[\(rows);1H" + bottom)
    }

    private func terminalRows() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return 24 }
        return Int(size.ws_row)
    }

    /// The bytes waiting on standard input after up to `timeout` ms; empty if none; nil at its end.
    private func readKeys(timeout: Int32) -> [UInt8]? {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, timeout) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count == 0 { return nil }
        return count > 0 ? Array(buffer[..<count]) : []
    }
}
