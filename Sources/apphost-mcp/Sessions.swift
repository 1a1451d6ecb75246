// The sessions an MCP client started: each one an `apphost serve` child process, so a feature that
// crashes or hangs ends its own session and never the server.

import AppHost
import AppHostSupport
import Dispatch
import Foundation
import Synchronization

/// What became of a command sent to a session.
enum Reply: Sendable {
    /// It ran: the session's answer.
    case answer(SessionAnswer)
    /// The session ended while it ran (a feature crashed or hung, or the child could not go on): the
    /// line that says why.
    case ended(String)
}

/// One session: its child, spoken to a line at a time.
///
/// `@unchecked Sendable`: the child (a `LineChild`, which one owner must use at a time) is touched
/// only on `queue`, a serial queue, so one command at a time reaches the child. What other tools
/// read of it (its route, when it was last used) is behind a lock instead, so that they never wait
/// for a long command (a `wait 60s`) to end.
final class SessionChild: @unchecked Sendable {
    let id: String
    /// Where its recording (a flow of every command since its start) is written.
    let recording: String
    private let queue: DispatchQueue
    private var child: LineChild?

    private struct Status {
        /// The route on top after the last command.
        var route: String
        var used = Date()
        /// How many commands are running or waiting to (a session with one is never idle).
        var running = 0
        /// The command sent to the child and not answered yet.
        var command: String?
    }

    private let status: Mutex<Status>

    /// The longest a command may take before the session is ended: the child's own guard ends a
    /// feature that hangs well before (`--feature-timeout`), so this is for a child stuck elsewhere;
    /// a `wait` may take up to a minute.
    static let patience: Double = 180

    private init(id: String, recording: String, child: LineChild, route: String) {
        self.id = id
        self.recording = recording
        self.child = child
        self.status = Mutex(Status(route: route))
        queue = DispatchQueue(label: "apphost.mcp.session.\(id)")
    }

    /// Starts a session as `apphost serve ARGUMENTS`, recording to `recording`: the session and its
    /// first screen, or why it could not start.
    /// A call cancelled while the session starts ends its child at once (SIGKILL, through its pidfd),
    /// and one cancelled as it answers ends the session it made: a cancelled start opens nothing and
    /// holds no place under `--max-sessions`.
    static func start(id: String, apphost: String, arguments: [String], recording: String) async -> Result<(SessionChild, SessionAnswer), StartFailure> {
        let call = CallState()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                HostWork.blocking("session-start") {
                    continuation.resume(returning: startChild(apphost: apphost, arguments: arguments, recording: recording, id: id, call: call))
                }
            }
        } onCancel: {
            call.cancel()
        }
        guard case .success(let (session, _)) = result else { return result }
        let cancelled = call.finishStarting() || Task.isCancelled
        guard cancelled else { return result }
        await session.close()
        return .failure(StartFailure(message: "the call was cancelled"))
    }

    private static func startChild(apphost: String, arguments: [String], recording: String, id: String, call: CallState) -> Result<(SessionChild, SessionAnswer), StartFailure> {
        do {
            let child = try LineChild(apphost, ["serve", "--parent", String(getpid()), "--record", recording] + arguments, environment: ["SWIFT_BACKTRACE": "enable=no"])
            guard call.begin(process: child.process) else {
                child.stop()
                return .failure(StartFailure(message: "the call was cancelled"))
            }
            return answer(of: child, id: id, recording: recording)
        } catch {
            return .failure(StartFailure(message: "\(error)"))
        }
    }

    private static func answer(of child: LineChild, id: String, recording: String) -> Result<(SessionChild, SessionAnswer), StartFailure> {
        guard let line = child.readLine(timeout: patience), let answer = try? JSONDecoder().decode(SessionAnswer.self, from: Data(line)) else {
            let ended = child.end()
            let said = child.errorText.split(separator: "\n").map(String.init)
            // Every error it gave: a refused folder or file first, then why nothing could start.
            let errors = said.filter { $0.hasPrefix("error: ") }.map { String($0.dropFirst("error: ".count)) }
            let reason = errors.isEmpty
                ? (ended.said.isEmpty ? "the session ended (status \(ended.status))" : ended.said)
                : errors.joined(separator: "\n")
            return .failure(StartFailure(message: reason))
        }
        return .success((SessionChild(id: id, recording: recording, child: child, route: answer.route), answer))
    }

    struct StartFailure: Error {
        var message: String
    }

    /// Runs `command` in the session. A call cancelled before its command starts never sends it; one
    /// cancelled while its command runs ends the session, since what the command did to the app is
    /// then unknown (docs/mcp.md).
    func ask(_ command: String) async -> Reply {
        let call = CallState()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                status.withLock { $0.running += 1 }
                queue.async { [self] in
                    defer {
                        status.withLock {
                            $0.running -= 1
                            $0.used = Date()
                        }
                    }
                    guard call.begin(process: child?.process) else {
                        continuation.resume(returning: .ended("the call was cancelled before its command was sent"))
                        return
                    }
                    let reply = run(command)
                    call.finish()
                    continuation.resume(returning: reply)
                }
            }
        } onCancel: {
            call.cancel()
        }
    }

    /// Runs `command` in the child, on `queue`.
    private func run(_ command: String) -> Reply {
        guard let child else { return .ended("the session has ended") }
        status.withLock { $0.command = command }
        defer { status.withLock { $0.command = nil } }
        guard child.send(command), let line = child.readLine(timeout: Self.patience),
            let answer = try? JSONDecoder().decode(SessionAnswer.self, from: Data(line))
        else {
            let ended = child.stop()
            self.child = nil
            return .ended(ended.said.isEmpty ? "the session ended (status \(ended.status))" : ended.said)
        }
        status.withLock { $0.route = answer.route }
        if answer.ended { _ = child.end(); self.child = nil }
        return .answer(answer)
    }

    /// The route on top after the last command (without waiting for one that runs).
    func currentRoute() -> String {
        status.withLock { $0.route }
    }

    /// The command the session runs now, sent and not yet answered (one a call still waits to
    /// send is not running).
    func runningCommand() -> String? {
        status.withLock { $0.command }
    }

    /// Seconds since the session was last used; 0 while a command runs.
    func idleSeconds() -> Double {
        status.withLock { $0.running > 0 ? 0 : Date().timeIntervalSince($0.used) }
    }

    /// Ends the session: its input is closed, and it is killed if it does not end at once.
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { [self] in
                if let child {
                    // A session that answers its quit ends by itself; one that does not is killed.
                    if child.send("quit"), child.readLine(timeout: 2) != nil { _ = child.end() } else { child.stop() }
                }
                child = nil
                continuation.resume()
            }
        }
    }
}

/// One call's command: whether it was cancelled, and the child it runs in once it has begun, so
/// that a cancellation from any thread stops that child (SIGKILL) exactly while the command runs.
private final class CallState: Sendable {
    private struct State {
        var cancelled = false
        var running: ProcessHandle?
    }

    private let state = Mutex(State())

    /// Marks the command begun in the child `process`: false if the call was cancelled first.
    func begin(process: ProcessHandle?) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.running = process
            return true
        }
    }

    /// Marks the command done: a cancellation from now on stops nothing.
    func finish() {
        state.withLock { $0.running = nil }
    }

    /// Marks a start done: true if the call was cancelled meanwhile (its session is to be ended).
    func finishStarting() -> Bool {
        state.withLock { state in
            state.running = nil
            return state.cancelled
        }
    }

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            // Through the child's pidfd: never a process that took its pid after it was reaped.
            state.running?.signal(SIGKILL)
        }
    }
}

/// Every open session, by id.
actor Sessions {
    private var open: [String: SessionChild] = [:]
    /// Ids handed out for sessions still starting: they count against the limit until added or released.
    private var starting: Set<String> = []
    private var started = 0

    /// A new session id (`s1`, `s2`, …) with its place reserved, if fewer than `limit` sessions are
    /// open or starting; else nil. Checked and reserved in one step, so that calls at once never
    /// start more than the limit.
    func reserve(limit: Int) -> String? {
        guard open.count + starting.count < limit else { return nil }
        started += 1
        let id = "s\(started)"
        starting.insert(id)
        return id
    }

    /// Gives back a reserved place whose session did not start.
    func release(_ id: String) {
        starting.remove(id)
    }

    func add(_ session: SessionChild) {
        starting.remove(session.id)
        open[session.id] = session
    }

    func session(_ id: String) -> SessionChild? {
        open[id]
    }

    @discardableResult
    func remove(_ id: String) -> SessionChild? {
        open.removeValue(forKey: id)
    }

    var ids: [String] { open.keys.sorted { $0.count == $1.count ? $0 < $1 : $0.count < $1.count } }

    var all: [SessionChild] { Array(open.values) }
}
