// Runs another program to its end: what it writes to standard output and standard
// error, and how it ended. Both pipes are read while it runs (poll), so a child that
// writes a lot to either never blocks; its input is /dev/null or the given bytes.

@_spi(Host) import AppHostKit
import CHostProcess
import FoundationEssentials
import Glibc

/// A program run to its end, with everything it wrote.
public struct ChildProcess: Sendable {
    /// The exit status, or 128 + the signal number if a signal ended it.
    public let status: Int32
    /// What it wrote to standard output.
    public let output: [UInt8]
    /// What it wrote to standard error.
    public let errors: [UInt8]

    /// Standard error as text, without the line breaks at either end.
    public var errorText: String { String(decoding: errors, as: UTF8.self).trimmingWhitespace() }

    // Long: one poll loop over the child's pipes and its stop signal, which share the loop's buffers.
    /// Runs `executable` (a path, or a name searched in `PATH`) with `arguments`, giving it `input`
    /// on standard input (/dev/null when nil); waits for it to end. Throws if it cannot be started.
    /// A `watch` hears each whole line it writes to standard error as it comes, and can stop it.
    public static func run(_ executable: String, _ arguments: [String], input: [UInt8]? = nil, watch: ChildWatch? = nil) throws(ChildProcessError) -> ChildProcess {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        var feed: [Int32] = [-1, -1]
        defer {
            for descriptor in output + errors + feed where descriptor >= 0 { close(descriptor) }
        }
        guard apphost_pipe_cloexec(&output) == 0, apphost_pipe_cloexec(&errors) == 0,
            input == nil || apphost_pipe_cloexec(&feed) == 0
        else {
            throw ChildProcessError(executable: executable, reason: String(cString: strerror(errno)))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input == nil {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, feed[0], 0)
        }
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)

        // A child that stops reading its input must not end this process with SIGPIPE;
        // the write fails with EPIPE instead. (Ignored from here on, for the whole process.)
        if input != nil { signal(SIGPIPE, SIG_IGN) }
        let argv = ([executable] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = (argv + [nil]).withUnsafeBufferPointer { pointers in
            executable.contains("/")
                ? posix_spawn(&pid, executable, &actions, nil, pointers.baseAddress!, environ)
                : posix_spawnp(&pid, executable, &actions, nil, pointers.baseAddress!, environ)
        }
        guard started == 0 else {
            throw ChildProcessError(executable: executable, reason: String(cString: strerror(started)))
        }
        // The child has its own copies; closing ours lets the reads see the end.
        close(output[1]); output[1] = -1
        close(errors[1]); errors[1] = -1
        if input != nil { close(feed[0]); feed[0] = -1 }

        var collected: [[UInt8]] = [[], []]
        var open = [output[0], errors[0]]
        var pending = input.map { $0[...] } ?? []
        if input != nil, pending.isEmpty { close(feed[1]); feed[1] = -1 }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        // Where the next line of the watched stream begins.
        var lineStart = 0
        var stopped = false
        while open.contains(where: { $0 >= 0 }) || feed[1] >= 0 {
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            descriptors.append(pollfd(fd: feed[1], events: Int16(POLLOUT), revents: 0))
            descriptors.append(pollfd(fd: stopped ? -1 : watch?.stopDescriptor ?? -1, events: Int16(POLLIN), revents: 0))
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if !stopped, descriptors[3].revents != 0 {
                stopped = true
                kill(pid, SIGKILL)
            }
            for index in open.indices where open[index] >= 0 && descriptors[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { Descriptor.read(open[index], into: $0) }
                if count > 0 {
                    collected[index] += chunk[0..<count]
                    if let watch, index == watch.stream.rawValue {
                        // Only what just came is searched: a long line costs its length once.
                        var from = collected[index].count - count
                        while let end = collected[index][from...].firstIndex(of: UInt8(ascii: "\n")) {
                            watch.heard(String(decoding: collected[index][lineStart..<end], as: UTF8.self))
                            lineStart = end + 1
                            from = lineStart
                        }
                    }
                } else {
                    close(open[index])
                    open[index] = -1
                    if index == 0 { output[0] = -1 } else { errors[0] = -1 }
                }
            }
            if feed[1] >= 0, descriptors[2].revents != 0 {
                let count = pending.withUnsafeBytes { Descriptor.writeSome(feed[1], $0) }
                if count > 0 { pending = pending.dropFirst(count) }
                // Everything given, or a child that stopped reading: its input ends here.
                if pending.isEmpty || (count < 0 && errno != EAGAIN) {
                    close(feed[1])
                    feed[1] = -1
                }
            }
        }
        let status = Descriptor.waitForChild(pid) ?? 0
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ChildProcess(status: code, output: collected[0], errors: collected[1])
    }
}

/// What a caller of ``ChildProcess/run(_:_:input:watch:)`` hears of the child while it runs (each
/// line of one of its streams), and how it stops it (SIGKILL) from another thread: a client that
/// cancels its request, say.
public final class ChildWatch: Sendable {
    /// The stream whose lines are heard.
    public enum Stream: Int, Sendable {
        case output = 0, errors = 1
    }

    package let stream: Stream
    private let line: @Sendable (String) -> Void
    private let stopPipe: (read: Int32, write: Int32)

    /// A watch that gives each line of `stream` to `line`, on the thread that runs the child, as it comes.
    public init(stream: Stream = .errors, line: @escaping @Sendable (String) -> Void = { _ in }) {
        self.stream = stream
        self.line = line
        var descriptors: [Int32] = [-1, -1]
        _ = apphost_pipe_cloexec(&descriptors)
        stopPipe = (descriptors[0], descriptors[1])
    }

    deinit {
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// Ends the child (SIGKILL); what it wrote until then is returned as usual. Any thread, any time.
    public func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
    }

    package var stopDescriptor: Int32 { stopPipe.read }

    package func heard(_ text: String) { line(text) }
}

/// A program that could not be started.
public struct ChildProcessError: Error, CustomStringConvertible, Sendable {
    public let executable: String
    public let reason: String

    public var description: String { "cannot start \(executable): \(reason)" }
}
