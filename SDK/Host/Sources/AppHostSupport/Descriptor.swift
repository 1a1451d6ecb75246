// The system calls the host retries after a signal (EINTR), written once: whole writes, reads,
// and waiting for a child.

import Glibc

/// A file descriptor's whole writes and its reads, again after EINTR.
public enum Descriptor {
    /// Writes all of `bytes` to `descriptor`; false, with `errno` set, if it cannot (a closed
    /// pipe, a full disk).
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Writes all of `bytes`; false, with `errno` set, if it cannot.
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// Writes all of `text` as UTF-8; false, with `errno` set, if it cannot.
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }

    /// read(2) into `buffer`, again after EINTR: the count read, 0 at the end, -1 with `errno` set.
    public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            return count
        }
    }

    /// Waits for the child `pid` to end, again after EINTR; its status (`waitpid`'s), or nil if
    /// it cannot be waited for (not a child, already reaped).
    public static func waitForChild(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        return status
    }
}
