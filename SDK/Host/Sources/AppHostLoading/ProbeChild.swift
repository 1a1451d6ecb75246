// One `apphost probe` child, and how the parent watches it: the protocol's lines on descriptor 3
// (the greeting first), its output, its time, and how it ended.

@_spi(Host) import AppHostKit
@_spi(Host) import AppHostNavigation
import AppHostSupport
import CHostProcess
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Why a probe child could not be started.
package struct ProbeSpawnError: Error {
    package var message: String
}

/// One `apphost probe` child process and the pipes it reports on.
package struct ProbeChild {
    package enum End: CustomStringConvertible {
        case exited(Int32)
        case signalled(String)
        case timedOut

        package var description: String {
            switch self {
            case .exited(let status): "status \(status)"
            case .signalled(let signal): signal
            case .timedOut: "no answer"
            }
        }
    }

    package struct Outcome {
        /// How many files, from the first, got a result.
        var finished: Int
        /// Whether the child began the file after those.
        var started: Bool
        var end: End
        /// The last line the child wrote to its standard output or error, if any.
        var output: String?
    }

    package let pid: pid_t
    package let report: Int32
    package let output: Int32
    package let files: [String]
    package let listPath: String
    package let executablePath: String

    package init(executable: String, files: [String]) throws(ProbeSpawnError) {
        self.files = files
        self.executablePath = executable
        // The list goes in a file of its own, read by the child at its start: a thousand paths are more
        // than a command line should carry, and a pipe could break if the child died while it was written.
        // A path with a line break cannot be listed; discovery never finds one (lib*Feature.so, no line breaks).
        var template = Array((FileManager.default.temporaryDirectory.path + "/apphost-probe-XXXXXX").utf8CString)
        let listDescriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard listDescriptor >= 0 else { throw ProbeSpawnError(message: "cannot make a file list: \(String(cString: strerror(errno)))") }
        let listPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let listWritten = Descriptor.writeAll(listDescriptor, files.joined(separator: "\n") + "\n")
        close(listDescriptor)
        self.listPath = listPath
        var reportPipe: [Int32] = [0, 0]
        var outputPipe: [Int32] = [0, 0]
        guard listWritten, apphost_pipe_cloexec(&reportPipe) == 0 else {
            unlink(listPath)
            throw ProbeSpawnError(message: "cannot make a pipe or write the file list: \(String(cString: strerror(errno)))")
        }
        guard apphost_pipe_cloexec(&outputPipe) == 0 else {
            unlink(listPath)
            close(reportPipe[0])
            close(reportPipe[1])
            throw ProbeSpawnError(message: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 2)
        posix_spawn_file_actions_adddup2(&actions, reportPipe[1], FeatureProbe.reportDescriptor)
        let arguments = [executable, "probe", "--list", listPath]
        var cArguments = arguments.map { strdup($0) }
        cArguments.append(nil)
        defer { cArguments.forEach { free($0) } }
        // The Swift runtime's backtracer would print pages (and take time) when a feature crashes the
        // child; its own fatal-error line is what names the cause.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        var cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") }
        cEnvironment.append(nil)
        defer { cEnvironment.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, cArguments, cEnvironment)
        close(reportPipe[1])
        close(outputPipe[1])
        guard status == 0 else {
            unlink(listPath)
            close(reportPipe[0])
            close(outputPipe[0])
            throw ProbeSpawnError(message: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        report = reportPipe[0]
        output = outputPipe[0]
    }

    // Long: one poll loop over the child's reports, its output and its deadline.
    /// Reads reports until the child ends or a file takes longer than `timeout`; always reaps the child.
    package func watch(timeout: Double, record: (Int, ProbeResult) -> Void) -> Outcome {
        defer {
            close(report)
            close(output)
            unlink(listPath)
        }
        var finished = 0
        var started = false
        var greeted = false
        var pending = [UInt8]()
        var tail = [UInt8]()
        var reportOpen = true
        var outputOpen = true
        var deadline = Self.now() + timeout
        while reportOpen {
            var descriptors = [pollfd(fd: report, events: Int16(POLLIN), revents: 0)]
            if outputOpen { descriptors.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
            let wait = Int32(clamping: Int(max(0, (deadline - Self.now()) * 1000)))
            let ready = poll(&descriptors, nfds_t(descriptors.count), wait)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 {
                kill(pid, SIGKILL)
                _ = reap()
                return Outcome(finished: finished, started: started, end: .timedOut, output: Self.lastLine(tail))
            }
            if outputOpen, descriptors.count > 1, descriptors[1].revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(output, &chunk, chunk.count)
                if count <= 0 {
                    outputOpen = false
                } else {
                    tail.append(contentsOf: chunk[0..<count])
                    if tail.count > 8192 { tail.removeFirst(tail.count - 8192) }
                }
            }
            guard descriptors[0].revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(report, &chunk, chunk.count)
            if count <= 0 {
                reportOpen = false
                continue
            }
            pending.append(contentsOf: chunk[0..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
                if !greeted {
                    // The first line must be the greeting, with this host's version.
                    let version = fields.count == 2 && fields[0] == FeatureProbe.greeting ? Int(fields[1]) : nil
                    guard version == FeatureProbe.protocolVersion else {
                        let spoken = version.map { "probe protocol \($0)" } ?? "no probe protocol this host knows (its first line: '\(String(line.prefix(60)).visible)')"
                        let reason = "the probe child \(executablePath) speaks \(spoken), this host speaks \(FeatureProbe.protocolVersion); run the apphost these features were installed for, or build it again"
                        kill(pid, SIGKILL)
                        _ = reap()
                        for index in finished..<files.count { record(index, .failure(.probeFailed(path: files[index], reason: reason))) }
                        return Outcome(finished: files.count, started: false, end: .exited(0), output: "")
                    }
                    greeted = true
                    continue
                }
                guard fields.count >= 2, let index = Int(fields[1]), index == finished, index < files.count else { continue }
                switch fields[0] {
                case "begin":
                    started = true
                    deadline = Self.now() + timeout
                case "ok" where fields.count == 4:
                    if let claims = FeatureClaims(field: fields[2]) {
                        record(index, .success(ProbedFeature(claims: claims, json: CacheText(fields[3]))))
                    } else {
                        record(index, .failure(.probeFailed(path: files[index], reason: "its probe report cannot be read")))
                    }
                    finished += 1
                    started = false
                case "refused" where fields.count >= 3:
                    record(index, .failure(.refusedByProbe(path: files[index], message: fields.dropFirst(2).joined(separator: "\t"))))
                    finished += 1
                    started = false
                default:
                    continue
                }
            }
        }
        // The report pipe closed: the child is ending; drain its output and reap it.
        while outputOpen {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(output, &chunk, chunk.count)
            if count <= 0 { break }
            tail.append(contentsOf: chunk[0..<count])
            if tail.count > 8192 { tail.removeFirst(tail.count - 8192) }
        }
        return Outcome(finished: finished, started: started, end: reap(), output: Self.lastLine(tail))
    }

    private func reap() -> End {
        let status = Descriptor.waitForChild(pid) ?? 0
        let signal = status & 0x7f
        if signal == 0 { return .exited((status >> 8) & 0xff) }
        return .signalled(Self.signalName(signal))
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The line that best says why the child died: a fatal-error line if there is one, else the last
    /// line that is not part of a stack trace.
    private static func lastLine(_ bytes: [UInt8]) -> String? {
        let lines = String(decoding: bytes, as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .map { String($0).trimmingWhitespace() }
            .filter { !$0.isEmpty }
        let fatal = lines.last { $0.contains("Fatal error") || $0.contains("failed:") || $0.contains("fatal error") }
        let plain = lines.last { line in !(line.first?.isNumber ?? false) && !line.hasPrefix("Current stack trace") }
        return (fatal ?? plain).map { String($0.prefix(300)) }
    }

    private static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGABRT: "SIGABRT"
        case SIGSEGV: "SIGSEGV"
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}

extension StringProtocol {
    /// The text on one line: line breaks become spaces.
    package var oneLine: String {
        contains(where: \.isNewline) ? split(whereSeparator: \.isNewline).joined(separator: " ") : String(self)
    }
}
