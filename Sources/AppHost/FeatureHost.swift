@_spi(Host) import AppHostKit
import Logging
import Foundation

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
    /// Things found that were not loaded on purpose, one line each: copies of AppHostKit in feature directories.
    public private(set) var warnings: [String] = []

    private let logger: Logger

    /// Creates a host with an empty registry.
    public init(registry: DestinationRegistry = DestinationRegistry(), logger: Logger = Logger(label: "apphost")) {
        self.registry = registry
        self.logger = logger
    }

    /// What went wrong while loading, one line each, for a person to read: each failed file, each unreadable directory.
    public var problems: [String] {
        failures.map(\.description) + unreadableDirectories.map { "feature directory \($0) cannot be read" }
    }

    /// Loads every feature `discovery` finds; a file that fails is kept in ``failures`` and the rest go on.
    public func loadFeatures(from discovery: FeatureDiscovery) {
        searchedDirectories += discovery.directories
        for directory in discovery.directories {
            let copy = URL(fileURLWithPath: directory).appendingPathComponent("libAppHostKit.so").path
            if FileManager.default.fileExists(atPath: copy), !KitIdentity.isLoadedKit(copy) {
                warnings.append(
                    "\(copy) is not loaded: every feature uses this host's own kit, \(KitIdentity.path) "
                        + "(\(KitIdentity.description)); remove the copy"
                )
            }
        }
        let found = discovery.discover()
        for directory in found.unreadable {
            logger.debug("feature directory \(directory) cannot be read")
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
            logger.debug("loaded \(feature.name) from \(path): \(feature.entries.map(\.name).joined(separator: ", "))")
            return feature
        } catch {
            failures.append(error)
            logger.debug("\(error.description)")
            return nil
        }
    }
}
