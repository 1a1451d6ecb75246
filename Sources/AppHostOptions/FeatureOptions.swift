import AppHost
@_spi(Host) import AppHostKit
import AppHostSupport
import ArgumentParser
import Dispatch
import Glibc
import Logging

/// Options every subcommand shares, in `apphost` and `apphost-mcp` alike: where features are and how much to log.
public struct FeatureOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("features"), help: "A directory of feature libraries (repeatable).", completion: .directory)
    public var directories: [String] = []

    @Option(help: "Log level on stderr: trace, debug, info, notice, warning, error, critical.")
    public var logLevel: Logger.Level = .warning

    @Option(help: "Seconds a feature file may take to load in its probe before it is refused.")
    public var probeTimeout: Double = FeatureProber.defaultTimeout

    @Option(help: "Where the registry cache is kept (default: $APPHOST_CACHE, else $XDG_CACHE_HOME/apphost, else ~/.cache/apphost).")
    public var cacheDir: String?

    @Flag(help: "Load feature files and folders that others can write to, or that others own.")
    public var allowUntrusted = false

    @Option(
        name: .customLong("network"),
        help: "A folder of recorded network answers that URLSession requests are served from, never a socket (repeatable).",
        completion: .directory
    )
    public var networkFolders: [String] = []

    @Option(help: "Record into this folder the answer the real network gives to each request no recording answers.", completion: .directory)
    public var networkRecord: String?

    public init() {}

    public var discovery: FeatureDiscovery { FeatureDiscovery(options: directories) }

    public func validate() throws {
        guard probeTimeout > 0, probeTimeout <= 3600 else {
            throw ValidationError("--probe-timeout must be more than 0 and at most 3600 seconds, got \(probeTimeout)")
        }
    }

    /// Checks the kit, then finds, probes and registers every feature, reporting each refusal and
    /// warning on standard error as it is found; nil when the kit in this process is not the host's.
    @MainActor
    public func loadHost(rescan: Bool = false, reportRefusals: Bool = true) -> FeatureHost? {
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
        // Recorded answers are in place before any feature's code runs: the folders named, and
        // each feature's own (a Network folder in its resources) as it loads.
        do {
            for folder in networkFolders { try RecordedNetwork.serve(folder) }
            if let networkRecord { try RecordedNetwork.record(into: networkRecord) }
        } catch {
            standardError("error: \(error)\n")
            return nil
        }
        RecordedNetwork.serveFeatureRecordings { standardError("warning: \($0)\n") }
        RecordedNetwork.keepResponsesInMemory()
        host.loadFeatures(from: discovery, options: options)
        // Nothing at all was found: a folder named by mistake (a package rather than its build
        // folder) is the likely cause, and saying so beats "no feature loaded" alone.
        if host.registry.offersNothing {
            for directory in host.searchedDirectories {
                if let hint = FeatureDiscovery.emptyFolderHint(directory) { standardError("warning: \(hint)\n") }
            }
        }
        return host
    }

    public func bootstrapLogging() {
        HostLogging.bootstrap(level: logLevel)
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

extension ExitCode {
    /// The exit status when the kit loaded is not the one the host was built against.
    public static let kitMismatch: Int32 = 3
}

/// Completion of `--start` in a shell (see `apphost --generate-completion-script`): the shells and
/// features the folders named on the line (or the default one) can start, read from the warm cache.
public enum StartCompletion {
    public static let kind = CompletionKind.custom { words, _, prefix in
        // The parser asks while it parses the command line, off the main actor, which is then free.
        DispatchQueue.main.sync { MainActor.assumeIsolated { names(words: words) } }.filter { $0.hasPrefix(prefix) }
    }

    @MainActor
    public static func names(words: [String]) -> [String] {
        var folders: [String] = []
        var index = 0
        while index < words.count {
            if words[index] == "--features", index + 1 < words.count {
                folders += ["--features", words[index + 1]]
                index += 2
            } else {
                index += 1
            }
        }
        guard let host = (try? FeatureOptions.parse(folders))?.loadHost(reportRefusals: false) else { return [] }
        return host.registry.startNames
    }
}

extension FeatureOptions {
    /// When no folder was named (no `--features`, no `APPHOST_FEATURES`) and the working folder's
    /// build holds feature libraries the host did not search: the `--features` that finds them.
    public func unsearchedBuildHint(searched: [String]) -> String? {
        guard directories.isEmpty, (getenv(FeatureDiscovery.environmentVariable).map { $0.pointee == 0 } ?? true) else { return nil }
        return FeatureDiscovery.unsearchedBuildHint(searched: searched)
    }

    /// The options of these a person chose (folders, a cache, trust), for a command the host
    /// suggests to repeat what they ran.
    public var chosenArguments: [String] {
        var arguments = directories.flatMap { ["--features", $0] }
        if let cacheDir { arguments += ["--cache-dir", cacheDir] }
        if allowUntrusted { arguments.append("--allow-untrusted") }
        arguments += networkArguments
        return arguments
    }

    /// The recorded network's options as given.
    var networkArguments: [String] {
        networkFolders.flatMap { ["--network", $0] } + (networkRecord.map { ["--network-record", $0] } ?? [])
    }

    /// These options, for a child `apphost` to find the same features the same way.
    public var childArguments: [String] {
        var arguments = directories.flatMap { ["--features", $0] }
        arguments += ["--probe-timeout", String(probeTimeout), "--log-level", logLevel.rawValue]
        if let cacheDir { arguments += ["--cache-dir", cacheDir] }
        if allowUntrusted { arguments.append("--allow-untrusted") }
        arguments += networkArguments
        return arguments
    }
}
