// What apphost and apphost-mcp write to their standard output and error: with write(2), whole,
// unbuffered, so that lines from the host and its features never interleave mid-line.

import AppHost
import AppHostSupport
import Glibc

/// Writes `text` to standard output.
public func standardOutput(_ text: String) {
    writeAll(STDOUT_FILENO, text)
}

/// Where a served program's answers go: a descriptor of their own. ``take()`` copies standard
/// output to a new descriptor for the answers and points descriptor 1 at standard error, so what
/// feature code prints (`printf`, `print`), or a feature closing descriptor 1, never reaches or
/// ends the protocol (GStreamer's plugin scanner moves stdout aside for the same reason).
public enum AnswerChannel {
    /// Written once by `take()`, at start, before any feature loads; only read afterwards.
    nonisolated(unsafe) private static var descriptor = STDOUT_FILENO

    /// Moves the answers off descriptor 1; call before loading features.
    public static func take() {
        let answers = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        guard answers >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else { return }
        descriptor = answers
    }

    /// Writes `text` to the answers.
    public static func write(_ text: String) {
        writeAll(descriptor, text)
    }
}

/// Writes `text` to standard error.
public func standardError(_ text: String) {
    writeAll(STDERR_FILENO, text)
}

/// Writes all of `text` to `descriptor` with write(2), straight from the string's bytes.
private func writeAll(_ descriptor: Int32, _ text: String) {
    var text = text
    text.withUTF8 { writeAll(descriptor, $0) }
}

/// Writes all of `bytes` to `descriptor` with write(2).
public func writeAll(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
    Descriptor.writeAll(descriptor, UnsafeRawBufferPointer(bytes))
}
