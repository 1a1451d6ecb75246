/// Where a session's words go, and who hears that it changed: one object, given to the session
/// when it is made. A terminal writes screens to standard output and errors to standard error; a
/// test keeps both; a server drops screens and answers with the state.
///
/// Only ``write(_:)`` and ``writeError(_:)`` are required. By default a screen is written as
/// text, a change and a flush do nothing, and `routes` says no map was given.
@MainActor
public protocol SessionOutput: AnyObject {
    /// Text that is not a screen: an answer to `state`, `help`, `routes` or `ids`. Ends in a newline.
    func write(_ text: String)
    /// One error, warning or note line, ending in a newline.
    func writeError(_ line: String)
    /// A screen as UTF-8 bytes. A terminal or a pipe takes bytes, and a screen then never becomes a `String`.
    func writeScreen(_ bytes: borrowing [UInt8])
    /// The session's state changed: its navigation, or the values the app stored. Called after the
    /// command's screen is drawn. Reading `session.state` here builds the whole state.
    func sessionChanged(_ session: Session)
    /// Work that may wait until the session waits for input. Called before each wait and at the end.
    func flush()
    /// What `routes` prints: every destination the loaded features provide. Asked only when used.
    func routeMap() -> RouteMap?
    /// Whether it takes screens. One that does not (a crawl's) is given none, and the session lays
    /// each screen out but draws it only when something reads its bytes.
    var takesScreens: Bool { get }
}

extension SessionOutput {
    public func writeScreen(_ bytes: borrowing [UInt8]) {
        write(bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) })
    }

    public func sessionChanged(_ session: Session) {}

    public func flush() {}

    public func routeMap() -> RouteMap? { nil }

    public var takesScreens: Bool { true }
}

/// A session's output as two closures: one for screens and answers, one for error lines.
@MainActor
public final class TextOutput: SessionOutput {
    private let output: (String) -> Void
    private let errorOutput: (String) -> Void

    public init(output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void) {
        self.output = output
        self.errorOutput = errorOutput
    }

    public func write(_ text: String) { output(text) }

    public func writeError(_ line: String) { errorOutput(line) }
}

/// A session's output that takes no screen and no answer, only error lines: for a session whose
/// screens are read from it (``Session/current``), never written.
@MainActor
public final class ErrorOutput: SessionOutput {
    private let errorOutput: (String) -> Void

    public init(_ errorOutput: @escaping (String) -> Void) {
        self.errorOutput = errorOutput
    }

    public func write(_ text: String) {}

    public func writeError(_ line: String) { errorOutput(line) }

    public var takesScreens: Bool { false }
}

/// The errors a session reported: the last ``Session/keptErrors`` of them, and how many in all.
/// Made before the session's parts, so that they report into it from the start.
@MainActor
package final class SessionErrors {
    private(set) var kept: [String] = []
    private(set) var count = 0
    private let output: any SessionOutput

    init(output: any SessionOutput) {
        self.output = output
    }

    /// Keeps and counts `message` (shortened to its two ends if long), and writes it as an error line.
    func report(_ message: String) {
        var message = message.visible
        if message.count > Session.maximumErrorLength {
            // The command comes first and the cause last: keep both ends.
            message = String(message.prefix(Session.maximumErrorLength / 3)) + " … " + String(message.suffix(Session.maximumErrorLength / 2))
        }
        count += 1
        kept.append(message)
        if kept.count > Session.keptErrors { kept.removeFirst(kept.count - Session.keptErrors) }
        output.writeError("error: \(message)\n")
    }

    /// Writes `message` as a warning line; a warning is neither kept nor counted.
    func warn(_ message: String) {
        output.writeError("warning: \(message.visible)\n")
    }
}
