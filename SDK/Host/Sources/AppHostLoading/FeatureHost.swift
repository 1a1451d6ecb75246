// The features of one host process. Four parts stay apart:
// - discovery: which files;
// - probing and loading: one file in, a description or a typed error out
//   (FeatureProber and FeatureLoader);
// - the registry cache: what probes learned (RegistryCache);
// - the registry: names to factories (DestinationRegistry).
//
// With a prober, a cold start (startCold) goes in four phases:
// 1. Each folder and file is checked for trust, and against the folder's lock file.
// 2. Files the cache does not know in their current version are probed in child
//    processes.
// 3. The clash rule decides which file owns each name.
// 4. Every accepted file is registered as deferred. It is loaded in this process
//    only when one of its names is first used.
// Every refusal is reported as it is found.
//
// When every folder is one the cache listed and none changed, a warm start takes a
// shortcut (startWarm, WarmIndex): no file is looked at until its feature is used.

@_spi(Host) import AppHostKit
@_spi(Host) import AppHostNavigation
import FoundationEssentials
import Glibc
import AppHostSupport
import Logging

/// How a host finds, checks and loads its features.
public struct LoadOptions: Sendable {
    /// Runs probes in child processes; nil loads every file in this process, in order, at once.
    public var prober: FeatureProber?
    /// Keeps what probes learned between runs; nil probes every file every time.
    public var cache: RegistryCache?
    /// Forget the cache and probe every file again.
    public var rescan = false
    /// Load files and folders that others can write (the trust check is skipped).
    public var allowUntrusted = false
    /// Called with each refusal (`error: …`) or warning (`warning: …`), one line, as soon as it is found (from any thread).
    public var report: (@Sendable (_ line: String) -> Void)?

    /// Options for a host that probes with `prober` and caches in `cache`.
    public init(prober: FeatureProber?, cache: RegistryCache?, rescan: Bool = false, allowUntrusted: Bool = false, report: (@Sendable (String) -> Void)? = nil) {
        self.prober = prober
        self.cache = cache
        self.rescan = rescan
        self.allowUntrusted = allowUntrusted
        self.report = report
    }
}

/// One feature file as the host saw it.
public struct FeatureFile: Sendable {
    /// Where what is known about the file comes from, and what became of it.
    public enum Status: String, Sendable {
        /// Loaded into this process.
        case loaded
        /// Probed in this run, not loaded (yet).
        case probed
        /// Known from the registry cache, not loaded (yet).
        case cached
        /// Refused in this run.
        case refused
        /// Refused by an earlier probe; stays so until the file changes.
        case quarantined
    }

    /// The file.
    public var path: String
    /// What became of it.
    public var status: Status
    /// What it registers, when known.
    public var description: FeatureDescription?
    /// Why it was refused.
    public var error: FeatureLoadError?
}

/// The features of one host process: what loaded, what failed, and the registry they fill.
@MainActor
public final class FeatureHost {
    /// The registry every loaded feature registered into.
    public let registry: DestinationRegistry
    /// The features that loaded, in load order.
    public private(set) var features: [LoadedFeature] = []
    /// The files that failed, each with its cause.
    public private(set) var failures: [FeatureLoadError] = []
    /// Feature directories that could not be read.
    public private(set) var unreadableDirectories: [String] = []
    /// Every directory searched for features.
    public private(set) var searchedDirectories: [String] = []
    /// Things that need a person's attention, one line each, said on standard error as they happen.
    public private(set) var warnings: [String] = []
    /// Things found and left alone on purpose, one line each, shown by `apphost list` only: a copy
    /// of AppHostKit that a feature package's build leaves beside its libraries.
    public private(set) var notes: [String] = []
    /// Every feature file refused or loaded, in the order that happened.
    public private(set) var files: [FeatureFile] = []
    /// The features deferred by the last probing load, in discovery order.
    package var deferredInOrder: [DeferredFeature] = []
    /// The registry cache's index, on a warm start: the names known without loading anything.
    package var warmIndex: WarmIndex?

    package let logger: Logger
    private var report: (@Sendable (String) -> Void)?

    /// Creates a host with an empty registry.
    public init(registry: DestinationRegistry = DestinationRegistry(), logger: Logger = Logger(label: "apphost")) {
        self.registry = registry
        self.logger = logger
    }

    /// The registry cache this host's features were found through, if any.
    package var usedCache: RegistryCache?

    /// What went wrong while loading, one line each, for a person to read: each failed file, each unreadable directory.
    public var problems: [String] {
        failures.map(\.description) + unreadableDirectories.map { "feature directory \($0) cannot be read" }
    }

    /// Loads every feature `discovery` finds, in this process, in order; a file that fails is kept in
    /// ``failures`` and the rest go on. For tests and harnesses that load files known to be good.
    public func loadFeatures(from discovery: FeatureDiscovery) {
        searchedDirectories += discovery.directories
        noteKitCopies(in: discovery.directories)
        let found = discovery.discover()
        for directory in found.unreadable {
            logger.debug("feature directory \(directory) cannot be read", source: HostLogging.source)
            unreadableDirectories.append(directory)
        }
        for path in found.files {
            loadFeature(at: path)
        }
    }

    /// Loads one feature file; a failure is kept in ``failures``.
    @discardableResult
    public func loadFeature(at path: String) -> LoadedFeature? {
        do {
            let feature = try FeatureLoader.load(path, into: registry)
            features.append(feature)
            logger.debug("loaded \(feature.name) from \(path): \(feature.entries.map(\.name).joined(separator: ", "))", source: HostLogging.source)
            return feature
        } catch {
            refuse(error)
            return nil
        }
    }

    /// Finds, checks, probes and registers every feature `discovery` finds, as `options` say;
    /// with a prober, each file is loaded into this process only when first used.
    public func loadFeatures(from discovery: FeatureDiscovery, options: LoadOptions) {
        usedCache = options.rescan ? nil : options.cache
        guard let prober = options.prober else {
            report = options.report
            loadFeatures(from: discovery)
            return
        }
        report = options.report
        searchedDirectories += discovery.directories
        noteKitCopies(in: discovery.directories)
        if !options.rescan, let cache = options.cache, startWarm(discovery, cache: cache, prober: prober, allowUntrusted: options.allowUntrusted) {
            return
        }

        startCold(discovery, prober: prober, options: options)
    }

    /// What a probing load keeps for the features it loads later.
    package struct Loading {
        var prober: FeatureProber
        var cache: RegistryCache?
        var allowUntrusted: Bool
        var records: [String: CacheRecord]
        var folders: [String: FileKey]
        /// What the cache held when this host read it: a save writes only what differs.
        var original: RegistryCache.Contents
    }

    package var loading: Loading?

    /// Loads a deferred feature on first use; what it registers must agree with what was described.
    package func loadDeferred(_ feature: DeferredFeature) {
        guard let loaded = loadFeature(at: feature.path) else { return }
        let registered = FeatureClaims(loaded.description)
        if Set(registered.all) != Set(feature.claims.all) {
            warn("\(feature.path) registered \(registered.all.sorted().joined(separator: ", ")), but its probe said "
                + "\(feature.claims.all.sorted().joined(separator: ", ")); using what it registered (apphost list --rescan probes it again)")
        }
    }

    package func refuse(_ error: FeatureLoadError, quarantined: Bool = false) {
        failures.append(error)
        files.append(FeatureFile(path: error.path, status: quarantined ? .quarantined : .refused, error: error))
        logger.debug("\(error.description)", source: HostLogging.source)
        report?("error: " + error.description)
    }

    /// A file a probe of this run refused: reported already, as the probe ended.
    package func noteRefusedByProbe(_ error: FeatureLoadError) {
        failures.append(error)
        files.append(FeatureFile(path: error.path, status: .refused, error: error))
    }

    package func refuseFolder(_ directory: String) {
        unreadableDirectories.append(directory)
        report?("error: feature directory \(directory) cannot be read")
    }

    package func warn(_ line: String) {
        warnings.append(line)
        report?("warning: " + line)
    }

    /// Notes a file that loaded only in a retry with a longer limit, for `apphost list`.
    package func noteSlowProbe(_ line: String) {
        notes.append(line)
        logger.notice("\(line)", source: HostLogging.source)
    }

    /// A feature package's `swift build` puts a copy of the kit beside its libraries, and puts it
    /// back after each build. That is normal, and harmless: the copy is never loaded, since every
    /// feature links the kit by name and gets the host's. So it is a note for `apphost list`, not a
    /// warning at every start.
    private func noteKitCopies(in directories: [String]) {
        for directory in directories {
            let copy = URL(fileURLWithPath: directory).appendingPathComponent("libAppHostKit.so").path
            if FileManager.default.fileExists(atPath: copy), !KitIdentity.isLoadedKit(copy) {
                notes.append(
                    "\(copy) is not loaded: every feature uses this host's own kit, \(KitIdentity.path) "
                        + "(\(KitIdentity.description)); a copy a feature's build leaves there is harmless"
                )
            }
        }
    }
}

extension FeatureHost: FeatureSource {
    package var knownNames: [String: KnownName] { warmIndex?.claims ?? [:] }

    package func deferredFeature(claiming name: String) -> DeferredFeature? {
        guard let record = warmIndex?.record(claiming: name), case .described(let claims, let json) = record.finding else { return nil }
        return DeferredFeature(path: record.path, claims: claims, ticket: LoadingTicket(json: json, uncheckedKey: record.key), probed: false)
    }

    package func load(_ feature: DeferredFeature) {
        verifyAndLoad(feature)
    }

    package func refusal(of path: String) -> String? {
        failures.last { $0.path == path }?.description
    }

    package func refusal(claiming name: String) -> String? {
        if let record = warmIndex?.record(claiming: name) { return refusal(of: record.path) }
        // A file refused by this run's checks, which the cache had described before.
        return failures.last { failure in
            guard case .described(let claims, _)? = loading?.original.records[failure.path]?.finding else { return false }
            return claims.all.contains(name)
        }?.description
    }
}
