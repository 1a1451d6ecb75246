import FoundationEssentials
import Glibc

/// When to emphasise output with colour: `auto` on a terminal unless `NO_COLOR` is set (to anything
/// but the empty string) or `TERM` is `dumb`.
public enum ColorMode: String, Sendable, CaseIterable {
    case auto, always, never

    /// Whether output to `descriptor` gets colour.
    public func enabled(for descriptor: Int32) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
            if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
            return isatty(descriptor) == 1
        }
    }
}

/// How wide the terminal is: `COLUMNS` if set to a number, else the width of the terminal
/// on standard output, else a fixed default (so piped and scripted output stays the same).
public enum TerminalSize {
    /// The columns to draw in; `fallback` when neither `COLUMNS` nor a terminal says.
    public static func columns(default fallback: Int) -> Int {
        if let text = getenv("COLUMNS").map({ String(cString: $0) }), let columns = Int(text), columns > 0 {
            return columns
        }
        return terminalColumns(of: STDOUT_FILENO) ?? fallback
    }

    /// The width of the terminal `descriptor` refers to, or nil if it is not a terminal.
    public static func terminalColumns(of descriptor: Int32) -> Int? {
        guard isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
