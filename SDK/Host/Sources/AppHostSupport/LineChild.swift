// A program kept running and spoken to a line at a time: lines go to its standard input, and its
// standard output is read a line at a time. Standard error is read alongside (poll), so a child that
// writes much there never blocks; its last 64 KiB are kept, for the line that says why it ended.

@_spi(Host) import AppHostKit
import CHostProcess
import FoundationEssentials
import Glibc
import Synchronization

/// A child process, to signal from any thread: through a pidfd (Linux 5.3 and later), so that a
/// signal sent after the child was reaped reaches no other process that took its pid. Where the
/// kernel has none, a signal is sent by pid until the child is known to be reaped.
public final class ProcessHandle: Sendable {
    /// The process id.
    public let pid: pid_t
    private let descriptor: Int32
    private let reaped = Atomic<Bool>(false)

    package init(pid: pid_t) {
        self.pid = pid
        descriptor = apphost_pidfd_open(pid)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether signals go through a pidfd (the kernel has them: Linux 5.3 and later).
    public var signalsThroughDescriptor: Bool { descriptor >= 0 }

    /// Sends `signal` to the process (0 only asks whether it could be): true if it was sent, false
    /// once the process has ended and been reaped.
    @discardableResult
    public func signal(_ signal: Int32) -> Bool {
        if descriptor >= 0 { return apphost_pidfd_signal(descriptor, signal) == 0 }
        return !reaped.load(ordering: .acquiring) && kill(pid, signal) == 0
    }

    /// Waits for the process to end and reaps it: its raw wait status. It is marked reaped first,
    /// so that no signal by pid (where there is no pidfd) can follow the reap: the owner reaps a
    /// child it has told to end, so a signal it would miss has nothing left to do.
    package func reap() -> Int32 {
        reaped.store(true, ordering: .releasing)
        return Descriptor.waitForChild(pid) ?? 0
    }

    /// Reaps the process if it has ended: its raw wait status, or nil while it runs.
    package func reapIfEnded() -> Int32? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        reaped.store(true, ordering: .releasing)
        return status
    }
}

/// A running program, spoken to a line at a time. Not shared between threads: one owner sends,
/// reads and ends it; ``process`` may be signalled from any.
public final class LineChild {
    /// The program's process id.
    public var pid: pid_t { process.pid }
    /// The process, to signal from any thread.
    public let process: ProcessHandle
    private var input: Int32
    private var output: Int32
    private var errors: Int32
    private var buffered: [UInt8] = []
    /// Where the next line starts in `buffered` (what is before it has been returned).
    private var start = 0
    /// How many bytes from `start` have been searched for a line break already: each byte is
    /// searched once, however the line arrives, so a long line costs linear time.
    private var scanned = 0
    /// The longest line read from a child; a longer one ends the child, with its reason kept as
    /// the last line of its standard error.
    public static let maximumLine = 16 * 1_048_576
    /// Why the host ended it, if it did (``end()`` gives it as its last words).
    private var refusal: String?
    private var said: [UInt8] = []
    private var ended: (status: Int32, said: String)?

    /// The most of standard error kept.
    package static let errorsKept = 65_536

    /// Starts `executable` with `arguments`; `environment` is added to this process's.
    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws(ChildProcessError) {
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard apphost_pipe_cloexec(&inputPipe) == 0, apphost_pipe_cloexec(&outputPipe) == 0, apphost_pipe_cloexec(&errorPipe) == 0 else {
            let reason = String(cString: strerror(errno))
            for descriptor in inputPipe + outputPipe + errorPipe where descriptor >= 0 { close(descriptor) }
            throw ChildProcessError(executable: executable, reason: reason)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        // A child that ends while it is written to must not end this process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = merged.map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let started = (argv + [nil]).withUnsafeBufferPointer { arguments in
            (envp + [nil]).withUnsafeBufferPointer { environment in
                posix_spawn(&pid, executable, &actions, nil, arguments.baseAddress!, environment.baseAddress!)
            }
        }
        close(inputPipe[0])
        close(outputPipe[1])
        close(errorPipe[1])
        guard started == 0 else {
            close(inputPipe[1])
            close(outputPipe[0])
            close(errorPipe[0])
            throw ChildProcessError(executable: executable, reason: String(cString: strerror(started)))
        }
        process = ProcessHandle(pid: pid)
        input = inputPipe[1]
        output = outputPipe[0]
        errors = errorPipe[0]
    }

    deinit {
        stop()
    }

    /// Writes `line` and a line break to its standard input; false if it no longer reads.
    @discardableResult
    public func send(_ line: String) -> Bool {
        guard input >= 0 else { return false }
        return Descriptor.writeAll(input, line + "\n")
    }

    /// The next line it writes to standard output, without its line break; nil once its output ends,
    /// or when `timeout` seconds pass first (the child is then ended with SIGKILL).
    public func readLine(timeout: Double? = nil) -> [UInt8]? {
        let deadline = timeout.map { Self.now() + $0 }
        while true {
            if let newline = buffered[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffered[start..<newline])
                start = newline + 1
                scanned = 0
                // What was returned is dropped now and then, not at every line.
                if start >= 65_536, start * 2 >= buffered.count {
                    buffered.removeFirst(start)
                    start = 0
                }
                return line
            }
            scanned = buffered.count - start
            guard scanned <= Self.maximumLine else {
                endReading()
                refusal = "it wrote a line of more than \(Self.maximumLine / 1_048_576) MiB on standard output (LineChild.maximumLine), and was ended"
                return nil
            }
            guard output >= 0 else {
                if start >= buffered.count { return nil }
                defer {
                    buffered = []
                    start = 0
                    scanned = 0
                }
                return Array(buffered[start...])
            }
            var descriptors = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            let wait = deadline.map { Int32(max(0, min(($0 - Self.now()) * 1000, 3_600_000))) } ?? -1
            let ready = poll(&descriptors, nfds_t(descriptors.count), wait)
            if ready < 0 {
                if errno == EINTR { continue }
                close(output)
                output = -1
                continue
            }
            if ready == 0, deadline != nil {
                endReading()
                return nil
            }
            if errors >= 0, descriptors[1].revents != 0 { drainErrors() }
            if descriptors[0].revents != 0, !fill() {
                close(output)
                output = -1
            }
        }
    }

    /// Closes its input and waits for it to end: its exit status (128 + the signal number if a signal
    /// ended it) and the last `error:` line it wrote to standard error, else its last line.
    public func end() -> (status: Int32, said: String) {
        if let ended { return ended }
        if input >= 0 {
            close(input)
            input = -1
        }
        // Both pipes are read to their ends together, so that neither can block the child. A pipe a
        // grandchild still holds open never ends: once the child itself has ended (looked at between
        // reads, without reaping it) and nothing more is there to read, reading stops.
        var reapedStatus: Int32?
        while output >= 0 || errors >= 0 {
            var descriptors = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            // The wait between looks is no verdict: the child's end is, and what is left to read.
            let ready = poll(&descriptors, 2, reapedStatus == nil ? 100 : 0)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 {
                if reapedStatus != nil { break }
                reapedStatus = process.reapIfEnded()
                continue
            }
            if errors >= 0, descriptors[1].revents != 0 { drainErrors() }
            if output >= 0, descriptors[0].revents != 0, !fill() {
                close(output)
                output = -1
            }
        }
        if output >= 0 { close(output) }
        if errors >= 0 { close(errors) }
        output = -1
        errors = -1
        let status = reapedStatus ?? process.reap()
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let text = String(decoding: said, as: UTF8.self)
        // The host's own verdict (an `error:` line, the one naming the library that crashed) wins
        // over whatever a feature's threads wrote after it.
        let lines = text.split(separator: "\n")
        let last = refusal ?? (lines.last(where: { $0.hasPrefix("error: ") }) ?? lines.last).map(String.init) ?? ""
        ended = (code, last)
        return (code, last)
    }

    /// Ends it at once (SIGKILL), and waits for it.
    @discardableResult
    public func stop() -> (status: Int32, said: String) {
        if ended == nil { process.signal(SIGKILL) }
        return end()
    }

    /// Everything it wrote to standard error that was kept.
    public var errorText: String { String(decoding: said, as: UTF8.self) }

    /// Ends the child (SIGKILL) and stops reading its output, dropping what is unread.
    private func endReading() {
        process.signal(SIGKILL)
        close(output)
        output = -1
        buffered = []
        start = 0
        scanned = 0
    }

    /// Reads what standard output has into the buffer; false at its end.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { Descriptor.read(output, into: $0) }
        guard count > 0 else { return false }
        buffered += chunk[0..<count]
        return true
    }

    private func drainErrors() {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let count = chunk.withUnsafeMutableBytes { Descriptor.read(errors, into: $0) }
        guard count > 0 else {
            close(errors)
            errors = -1
            return
        }
        said += chunk[0..<count]
        if said.count > Self.errorsKept { said.removeFirst(said.count - Self.errorsKept) }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
