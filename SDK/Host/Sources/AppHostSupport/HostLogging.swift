@_spi(Host) import AppHostKit
import Logging

/// Logging for the whole process: the host's own swift-log records and every feature's
/// ``FeatureLogger`` records go to one handler, on standard error.
public enum HostLogging {
    /// The source the host's own records name (`[AppHost]`), whichever of the host library's
    /// modules writes them: records from the targets under AppHost pass it, so a reader sees one
    /// host, as before the library was split into targets.
    package static let source = "AppHost"

    /// Sends records of `level` and above, the host's and the features', to standard error. Call it once.
    public static func bootstrap(level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        forwardFeatureRecords(minimum: level)
    }

    /// Forwards every feature's records of `minimum` and above to swift-log, under the feature logger's label.
    public static func forwardFeatureRecords(minimum: Logger.Level) {
        FeatureLogging.bootstrap(minimum: LogLevel(minimum)) { label, level, message in
            Logger(label: label).log(level: Logger.Level(level), "\(message)")
        }
    }
}

extension LogLevel {
    /// The feature-log level of a swift-log level.
    package init(_ level: Logger.Level) {
        switch level {
        case .trace: self = .trace
        case .debug: self = .debug
        case .info: self = .info
        case .notice: self = .notice
        case .warning: self = .warning
        case .error: self = .error
        case .critical: self = .critical
        }
    }
}

extension Logger.Level {
    /// The swift-log level of a feature-log level; a level added to the kit later is logged as a notice.
    package init(_ level: LogLevel) {
        switch level {
        case .trace: self = .trace
        case .debug: self = .debug
        case .info: self = .info
        case .notice: self = .notice
        case .warning: self = .warning
        case .error: self = .error
        case .critical: self = .critical
        @unknown default: self = .notice
        }
    }
}
