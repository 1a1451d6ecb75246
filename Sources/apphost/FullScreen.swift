// `apphost --start NAME --tui`: the screen in the terminal's alternate screen, drawn
// again in place after every key. A highlight moves over the numbered elements;
// Enter activates it, Esc or Backspace goes back, digits switch tabs, `:` opens the
// command line (the session's own commands), q quits. The terminal is given back on
// every way out: q, Ctrl-C, Ctrl-D, the end of input, SIGTERM, and a crash or hang
// (CHostSupport's host_terminal.c and host_guard.c).

import AppHost
import CHostSupport
import FoundationEssentials
import Glibc

/// What the full-screen mode shows under the screen: the last error, else the keys.
@MainActor
final class FullScreenStatus {
    var message = ""
}

@MainActor
struct FullScreen {
    static let keys = "↑↓/jk move · Enter open · Esc back · 1-9 tab · : command · q quit"

    let session: Session
    let status: FullScreenStatus
    let limit: Int
    let followsTerminal: Bool
    private var highlight = 1
    private var command: String?

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
        var rows = terminalRows()
        draw(rows: rows)
        var pending: [UInt8] = []
        while true {
            session.flush()
            if followsTerminal, let columns = TerminalSize.terminalColumns(of: STDOUT_FILENO) {
                let newRows = terminalRows()
                if session.resize(width: min(max(columns, TextRenderer.minimumWidth), TextRenderer.maximumWidth)) || newRows != rows {
                    rows = newRows
                    await session.redraw()
                    draw(rows: rows)
                }
            }
            guard let bytes = readKeys(timeout: 0) else { return 0 }
            if bytes.isEmpty {
                // No key: what view models do in the meantime runs on the main actor, and a change
                // it makes to what the screen read is drawn at once.
                if session.hasUndrawnChange {
                    await session.catchUp(watchedWithin: limit)
                    draw(rows: rows)
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
                draw(rows: rows)
            }
        }
    }

    enum Step { case `continue`, quit, failed }

    private mutating func handle(_ key: Key) async -> Step {
        if var line = command {
            switch key {
            case .enter:
                command = nil
                return await execute(line)
            case .escape:
                command = nil
            case .backspace:
                if !line.isEmpty { line.removeLast() }
                command = line
            case .character(let character):
                command = line + String(character)
            case .interrupt, .endOfInput:
                command = nil
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
        case .enter:
            guard count > 0 else { return .continue }
            return await execute("tap \(highlight)")
        case .escape, .backspace:
            return await execute("back")
        case .character(let digit) where digit.isASCII && digit.isNumber && digit != "0":
            return await execute("tab \(digit)")
        case .character(":"):
            command = ""
        case .character("q"), .interrupt, .endOfInput:
            return .quit
        case .redraw:
            break
        default:
            break
        }
        return .continue
    }

    private mutating func execute(_ line: String) async -> Step {
        status.message = ""
        let outcome = await SessionGuard.watch("running '\(line)'", limit: limit) { await session.execute(line) }
        highlight = min(max(highlight, 1), max(session.current?.actions.count ?? 1, 1))
        if line.hasPrefix("tap") || line == "back" || line.hasPrefix("tab") || line.hasPrefix("open") { highlight = 1 }
        switch outcome {
        case .proceed: return .continue
        case .quit: return .quit
        case .failed: return .failed
        }
    }

    /// The screen with the highlighted element in reverse video, scrolled to keep it in view,
    /// then the status line: the command being typed, the last error, or the keys.
    private func draw(rows: Int) {
        let text = session.current?.text ?? ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let marker = "[\(highlight)] "
        var highlighted = 0
        if session.current?.actions.isEmpty == false, let index = lines.firstIndex(where: { $0.contains(marker) }) {
            lines[index] = "\u{1B}[7m" + Self.plain(lines[index]) + "\u{1B}[0m"
            highlighted = index
        }
        let height = max(rows - 1, 1)
        let top = lines.count <= height ? 0 : min(max(highlighted - height / 2, 0), lines.count - height)
        let shown = lines[top..<min(lines.count, top + height)]
        let bottom: String
        if let command {
            bottom = ":" + command + "\u{1B}[?25h"
        } else if !status.message.isEmpty {
            bottom = "\u{1B}[31m" + status.message + "\u{1B}[0m\u{1B}[?25l"
        } else {
            bottom = "\u{1B}[2m" + Self.keys + "\u{1B}[0m\u{1B}[?25l"
        }
        // Home, clear, the lines, the status line on the last row.
        standardOutput("\u{1B}[H\u{1B}[2J" + shown.joined(separator: "\r\n") + "\u{1B}[\(rows);1H" + bottom)
    }

    private static func plain(_ line: String) -> String {
        // Colour escapes (ESC [ digits and semicolons m) take no columns.
        var result = ""
        var rest = line[...]
        while let escape = rest.firstIndex(of: "\u{1B}") {
            result += rest[..<escape]
            let parameters = rest[rest.index(after: escape)...].dropFirst().prefix { $0.isASCII && ($0.isNumber || $0 == ";") }
            if rest[rest.index(after: escape)...].first == "[", parameters.endIndex < rest.endIndex, rest[parameters.endIndex] == "m" {
                rest = rest[rest.index(after: parameters.endIndex)...]
            } else {
                result.append("\u{1B}")
                rest = rest[rest.index(after: escape)...]
            }
        }
        return result + rest
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

/// A key read in raw mode.
enum Key: Equatable {
    case up, down, left, right, enter, escape, backspace, interrupt, endOfInput, redraw
    case character(Character)

    /// The first key in `bytes`, removed from it; nil if none is complete.
    static func next(from bytes: inout [UInt8]) -> Key? {
        guard let first = bytes.first else { return nil }
        func take(_ count: Int, _ key: Key) -> Key {
            bytes.removeFirst(min(count, bytes.count))
            return key
        }
        switch first {
        case 0x1B:
            // An arrow is ESC [ A…D; ESC alone (nothing after it in the same read) is Esc.
            if bytes.count >= 3, bytes[1] == UInt8(ascii: "[") || bytes[1] == UInt8(ascii: "O") {
                switch bytes[2] {
                case UInt8(ascii: "A"): return take(3, .up)
                case UInt8(ascii: "B"): return take(3, .down)
                case UInt8(ascii: "C"): return take(3, .right)
                case UInt8(ascii: "D"): return take(3, .left)
                default:
                    // Another sequence: skip up to its final byte.
                    let end = bytes.dropFirst(2).firstIndex { (0x40...0x7E).contains($0) } ?? (bytes.count - 1)
                    bytes.removeFirst(end + 1)
                    return .redraw
                }
            }
            return take(1, .escape)
        case 0x0D, 0x0A: return take(1, .enter)
        case 0x7F, 0x08: return take(1, .backspace)
        case 0x03: return take(1, .interrupt)
        case 0x04: return take(1, .endOfInput)
        case 0x0C: return take(1, .redraw)
        default:
            // One UTF-8 character.
            let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
            guard bytes.count >= length else { return nil }
            let character = String(decoding: bytes[..<length], as: UTF8.self).first ?? "?"
            return take(length, character.isASCII && character.asciiValue.map { $0 < 0x20 } == true ? .redraw : .character(character))
        }
    }
}
