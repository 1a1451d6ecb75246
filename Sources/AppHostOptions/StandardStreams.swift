// What apphost and apphost-mcp write to their standard output and error: with write(2), whole,
// unbuffered, so that lines from the host and its features never interleave mid-line.

import Glibc

/// Writes `text` to standard output.
public func standardOutput(_ text: String) {
    writeAll(STDOUT_FILENO, text)
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
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return
        }
        offset += written
    }
}
