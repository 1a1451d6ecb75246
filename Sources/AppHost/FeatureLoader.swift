// Loading turns one file into registrations, or into a typed error; it knows
// nothing about directories (FeatureDiscovery) and stores nothing (the
// registry does). Each step is checked before the next runs: the file exists,
// dlopen accepts it, it exports the entry symbol, and the descriptor's ABI
// version matches before any of the feature's own code is called beyond the
// entry itself. Libraries stay loaded for the life of the process, because a
// Swift image cannot be unloaded safely while its types may be in use.

import AppHostKit
import CAppHost
import Foundation

/// A feature library that passed its checks and is ready to register.
@MainActor
public struct FeatureLibrary {
    /// The file it was loaded from.
    public let path: String
    /// The feature's name from its descriptor.
    public let name: String
    let descriptor: UnsafePointer<apphost_feature_descriptor>
    /// A C feature's validated descriptor; nil for a Swift feature.
    let cFeature: CFeatureDefinition?
}

/// What a feature added to the registry.
public struct LoadedFeature: Hashable, Sendable {
    /// The feature's name.
    public var name: String
    /// The file it was loaded from.
    public var path: String
    /// The navigation types it registered.
    public var entries: [RegistryEntry]
    /// The shells it registered.
    public var shells: [ShellDefinition] = []
}

/// Loads feature libraries with `dlopen` and registers them.
@MainActor
public enum FeatureLoader {
    /// Opens one file and checks its descriptor; calls nothing of the feature but its entry.
    public static func open(_ path: String) throws(FeatureLoadError) -> FeatureLibrary {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .notFound(path: path)
        }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw .notASharedObject(path: path, reason: lastLoaderError() ?? "unknown reason")
        }
        guard let symbol = dlsym(handle, APPHOST_FEATURE_ENTRY_SYMBOL) else {
            throw .missingEntrySymbol(path: path)
        }
        let entry = unsafeBitCast(symbol, to: apphost_feature_entry_fn.self)
        guard let descriptor = entry() else {
            throw .noDescriptor(path: path)
        }
        let version = descriptor.pointee.abi_version
        guard version == UInt32(APPHOST_ABI_VERSION) else {
            throw .abiMismatch(path: path, found: version, expected: UInt32(APPHOST_ABI_VERSION))
        }
        let name = descriptor.pointee.name.map { String(cString: $0) } ?? fileName(of: path)
        switch descriptor.pointee.kind {
        case UInt32(APPHOST_FEATURE_KIND_SWIFT.rawValue):
            return FeatureLibrary(path: path, name: name, descriptor: descriptor, cFeature: nil)
        case UInt32(APPHOST_FEATURE_KIND_C.rawValue):
            let definition = try CFeatureDefinition(descriptor.pointee, path: path)
            return FeatureLibrary(path: path, name: definition.name, descriptor: descriptor, cFeature: definition)
        default:
            throw .unknownKind(path: path, kind: descriptor.pointee.kind)
        }
    }

    /// Runs a library's registration into `registry`: all of it is added, or none.
    public static func register(
        _ library: FeatureLibrary,
        into registry: DestinationRegistry
    ) throws(FeatureLoadError) -> LoadedFeature {
        let before = Set(registry.names)
        let shellsBefore = Set(registry.shells.map(\.name))
        do {
            if let definition = library.cFeature {
                try registry.register([definition.registration(origin: library.path, logger: Logger(label: "apphost.\(library.name)"))])
            } else {
                try FeatureRegistrar(registry: registry, origin: library.path).register(library.descriptor)
            }
        } catch {
            switch error {
            case .duplicateName, .duplicateType, .duplicateShell:
                throw .duplicate(path: library.path, error)
            case .invalidRoot, .featureFailed:
                throw .registrationFailed(path: library.path, reason: error.description)
            }
        }
        let added = registry.entries.filter { !before.contains($0.name) }
        let shells = registry.shells.filter { !shellsBefore.contains($0.name) }
        return LoadedFeature(name: library.name, path: library.path, entries: added, shells: shells)
    }

    /// Opens and registers one file.
    @discardableResult
    public static func load(
        _ path: String,
        into registry: DestinationRegistry
    ) throws(FeatureLoadError) -> LoadedFeature {
        try register(try open(path), into: registry)
    }

    private static func lastLoaderError() -> String? {
        dlerror().map { String(cString: $0) }
    }

    private static func fileName(of path: String) -> String {
        URL(fileURLWithPath: path).lastPathComponent
    }
}
