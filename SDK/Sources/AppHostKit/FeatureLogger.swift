// Features log through this small type instead of another package's `Logger`,
// so the kit's ABI does not depend on a layout it does not own. The host
// decides where records go: it installs one handler with `FeatureLogging.bootstrap`
// (the executable forwards records to swift-log), and every feature's logger
// reaches it.

import Synchronization

/// How much a log record matters, from `trace` to `critical`.
public enum LogLevel: Int, Comparable, Sendable, CaseIterable {
    /// Step-by-step detail.
    case trace
    /// Detail for finding a problem.
    case debug
    /// Something worth knowing.
    case info
    /// Something worth noticing.
    case notice
    /// Something unexpected that did not stop the work.
    case warning
    /// Something failed.
    case error
    /// Something failed and the feature cannot go on.
    case critical

    /// Whether `lhs` matters less than `rhs`.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A feature's logger, labelled `apphost.<feature>`; records go wherever the host sends them.
///
/// A feature gets one from ``FeatureContext/logger`` while it registers and may keep it.
public struct FeatureLogger: Sendable {
    /// The label, e.g. `apphost.character`.
    public let label: String

    /// Creates a logger with a label.
    public init(label: String) {
        self.label = label
    }

    /// Logs `message` at `level`; the message is built only if the host keeps records of that level.
    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        FeatureLogging.emit(label: label, level: level, message: message)
    }

    /// Logs at ``LogLevel/trace``.
    public func trace(_ message: @autoclosure () -> String) { log(.trace, message()) }
    /// Logs at ``LogLevel/debug``.
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    /// Logs at ``LogLevel/info``.
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    /// Logs at ``LogLevel/notice``.
    public func notice(_ message: @autoclosure () -> String) { log(.notice, message()) }
    /// Logs at ``LogLevel/warning``.
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    /// Logs at ``LogLevel/error``.
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    /// Logs at ``LogLevel/critical``.
    public func critical(_ message: @autoclosure () -> String) { log(.critical, message()) }
}

/// Where every ``FeatureLogger`` sends its records: set once by the host.
@_spi(Host)
public enum FeatureLogging {
    /// Receives one record: the logger's label, the level and the message.
    public typealias Handler = @Sendable (_ label: String, _ level: LogLevel, _ message: String) -> Void

    private struct Sink {
        var minimum: LogLevel
        var handler: Handler?
    }

    private static let sink = Mutex(Sink(minimum: .warning, handler: nil))

    /// Sends records of `minimum` and above to `handler`; without a bootstrap, records are dropped.
    public static func bootstrap(minimum: LogLevel, handler: @escaping Handler) {
        sink.withLock { $0 = Sink(minimum: minimum, handler: handler) }
    }

    static func emit(label: String, level: LogLevel, message: () -> String) {
        let handler = sink.withLock { sink in level >= sink.minimum ? sink.handler : nil }
        handler?(label, level, message())
    }
}
