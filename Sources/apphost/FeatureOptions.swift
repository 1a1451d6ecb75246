import AppHost
import AppHostKit
import ArgumentParser

/// Options every subcommand shares: where features are and how much to log.
struct FeatureOptions: ParsableArguments {
    @Option(name: .customLong("features"), help: "A directory of feature libraries (repeatable).")
    var directories: [String] = []

    @Option(help: "Log level on stderr: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .warning

    var discovery: FeatureDiscovery { FeatureDiscovery(options: directories) }

    func bootstrapLogging() {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
