import AppHost
import AppHostOptions
import AppHostSupport
import Glibc

/// Where `apphost run` sends a session's words. In a pipe or a terminal's lines, screens go to
/// standard output as bytes and errors to standard error (red where color is on). Full screen
/// draws screens itself: answers go to its overlay and errors to its status line. With `--watch`,
/// each change tells the watcher where the session is, for a reload to come back to.
@MainActor
final class TerminalOutput: SessionOutput {
    private let host: FeatureHost
    private let status: FullScreenStatus?
    private let redErrors: Bool
    /// Where the session is, for `--watch`'s reloads; nil without `--watch`.
    var watched: WatchState?

    /// Output for a session of `host`'s features: to `status` in full screen, else to the standard streams.
    init(host: FeatureHost, fullScreen status: FullScreenStatus?, redErrors: Bool) {
        self.host = host
        self.status = status
        self.redErrors = redErrors
    }

    func write(_ text: String) {
        if let status { status.output += text } else { standardOutput(text) }
    }

    func writeError(_ line: String) {
        if let status {
            status.message = line.trimmingNewlines
        } else {
            standardError(redErrors ? Run.redErrorPrefix(line) : line)
        }
    }

    func writeScreen(_ bytes: borrowing [UInt8]) {
        guard status == nil else { return }
        bytes.withUnsafeBufferPointer { writeAll(STDOUT_FILENO, $0) }
    }

    func sessionChanged(_ session: Session) {
        watched?.update(session)
    }

    func routeMap() -> RouteMap? {
        RouteMap(host: host)
    }
}
