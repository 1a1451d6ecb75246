// The system calls the host retries after a signal (EINTR), written once: reads, whole and partial
// writes, waiting for a child, and taking a file lock. The host's other loops that see EINTR are
// poll(2) loops with a deadline, which work out their wait again on each pass; the kit and the
// preview macro plugin sit below this module and keep their own two read and write loops.
//
// A descriptor someone else made non-blocking (a shell, a parent process sharing standard input or
// output) answers EAGAIN instead of waiting. Reads and whole writes then wait with poll(2) for it to
// be ready, as a blocking descriptor would have.

import Glibc

/// A file descriptor's reads and writes, a child's end, and a file lock, again after EINTR.
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
            if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                waitUntilReady(descriptor, for: POLLOUT)
                continue
            }
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

    /// One write(2) of as much of `bytes` as the descriptor takes now, again after EINTR: the
    /// count written, -1 with `errno` set (EAGAIN when a non-blocking descriptor is full). For a
    /// caller that waits with poll(2) itself and must not block.
    public static func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        while true {
            let written = write(descriptor, base, bytes.count)
            if written < 0, errno == EINTR { continue }
            return written
        }
    }

    /// read(2) into `buffer`, again after EINTR, waiting when a non-blocking descriptor has nothing
    /// yet: the count read, 0 at the end, -1 with `errno` set.
    public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                waitUntilReady(descriptor, for: POLLIN)
                continue
            }
            return count
        }
    }

    /// Reads into `buffer` until it is full or the descriptor ends: the count read, or -1 with
    /// `errno` set.
    public static func readFull(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var count = 0
        while count < buffer.count {
            let read = read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
            if read < 0 { return -1 }
            if read == 0 { break }
            count += read
        }
        return count
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

    /// Waits for the child `pid` to end and gives what it used (`wait4`'s), again after EINTR; its
    /// status, or nil if it cannot be waited for.
    public static func waitForChild(_ pid: pid_t, usage: inout rusage) -> Int32? {
        var status: Int32 = 0
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { return nil }
        }
        return status
    }

    /// Takes an exclusive `flock` on `descriptor`, waiting for another process to let it go; false,
    /// with `errno` set, if it cannot be taken.
    public static func lockExclusive(_ descriptor: Int32) -> Bool {
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { return false }
        }
        return true
    }

    /// Waits with no time limit until `descriptor` is ready for `event` (or has failed, or ended).
    private static func waitUntilReady(_ descriptor: Int32, for event: Int32) {
        var ready = pollfd(fd: descriptor, events: Int16(event), revents: 0)
        while poll(&ready, 1, -1) < 0, errno == EINTR {}
    }
}
