import AppHost
@_spi(Host) import AppHostKit
import Logging
import ArgumentParser

/// Options every subcommand shares: where features are and how much to log.
struct FeatureOptions: ParsableArguments {
    @Option(name: .customLong("features"), help: "A directory of feature libraries (repeatable).")
    var directories: [String] = []

    @Option(help: "Log level on stderr: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .warning

    var discovery: FeatureDiscovery { FeatureDiscovery(options: directories) }

    /// Checks the kit, loads every feature, and reports warnings (and, if asked, failures) on standard error;
    /// nil when the kit in this process is not the one the host was built against.
    @MainActor
    func loadHost(reportingProblems: Bool = true) -> FeatureHost? {
        if let mismatch = KitIdentity.mismatch() {
            standardError("error: \(mismatch)\n")
            return nil
        }
        let host = FeatureHost()
        host.loadFeatures(from: discovery)
        for warning in host.warnings {
            standardError("warning: \(warning)\n")
        }
        if reportingProblems {
            for problem in host.problems {
                standardError("error: \(problem)\n")
            }
        }
        return host
    }

    func bootstrapLogging() {
        HostLogging.bootstrap(level: logLevel)
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

extension ExitCode {
    /// The exit status when the kit loaded is not the one the host was built against.
    static let kitMismatch: Int32 = 3
}
