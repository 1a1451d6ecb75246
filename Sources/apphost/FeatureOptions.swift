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

    @Option(help: "Seconds a feature file may take to load in its probe before it is refused.")
    var probeTimeout: Double = FeatureProber.defaultTimeout

    @Option(help: "Where the registry cache is kept (default: $APPHOST_CACHE, else $XDG_CACHE_HOME/apphost, else ~/.cache/apphost).")
    var cacheDir: String?

    @Flag(help: "Load feature files and folders that others can write to, or that others own.")
    var allowUntrusted = false

    var discovery: FeatureDiscovery { FeatureDiscovery(options: directories) }

    func validate() throws {
        guard probeTimeout > 0, probeTimeout <= 3600 else {
            throw ValidationError("--probe-timeout must be more than 0 and at most 3600 seconds, got \(probeTimeout)")
        }
    }

    /// Checks the kit, then finds, probes and registers every feature, reporting each refusal and
    /// warning on standard error as it is found; nil when the kit in this process is not the host's.
    @MainActor
    func loadHost(rescan: Bool = false, reportRefusals: Bool = true) -> FeatureHost? {
        if let mismatch = KitIdentity.mismatch() {
            standardError("error: \(mismatch)\n")
            return nil
        }
        let host = FeatureHost()
        let options = LoadOptions(
            prober: FeatureProber(executable: FeatureDiscovery.executablePath, timeout: probeTimeout),
            cache: RegistryCache(directory: cacheDir ?? RegistryCache.defaultDirectory()),
            rescan: rescan,
            allowUntrusted: allowUntrusted,
            report: { line in
                // `list` gives the refusals a section of their own; warnings are written either way.
                if reportRefusals || !line.hasPrefix("error: ") { standardError(line + "\n") }
            }
        )
        host.loadFeatures(from: discovery, options: options)
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
