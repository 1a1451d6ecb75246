@_spi(Host) import AppHostKit

/// Why one feature library could not be loaded. Every case names the file.
public enum FeatureLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case notFound(path: String)
    /// `dlopen` refused the file; `reason` is its `dlerror` text.
    case notASharedObject(path: String, reason: String)
    /// The library does not export `apphost_feature_entry`.
    case missingEntrySymbol(path: String)
    /// The entry returned no descriptor.
    case noDescriptor(path: String)
    /// The library was built for another ABI version than the host speaks.
    case abiMismatch(path: String, found: UInt32, expected: UInt32)
    /// The library was built against an SDK version this host's kit cannot run.
    case sdkMismatch(path: String, feature: FeatureBuild, kit: FeatureBuild)
    /// A Swift feature built by another Swift compiler than the host's kit.
    case toolchainMismatch(path: String, feature: String, kit: String)
    /// A Swift feature built against a kit without library evolution.
    case notResilient(path: String)
    /// `dlopen` refused the library because a symbol of AppHostKit is missing: it needs a newer kit.
    case needsNewerKit(path: String, symbol: String, kit: FeatureBuild)
    /// The library resolved AppHostKit to another copy than the host's.
    case foreignKit(path: String, found: String, host: String)
    /// The descriptor is of a kind this host does not know.
    case unknownKind(path: String, kind: UInt32)
    /// A C feature's descriptor is malformed; `destination` names the destination at fault, if one is.
    case invalidDescriptor(path: String, destination: String?, reason: String)
    /// The feature's registration failed.
    case registrationFailed(path: String, reason: String)
    /// The feature registered a name or a type that another feature already has.
    case duplicate(path: String, RegistryError)

    /// The file at fault.
    public var path: String {
        switch self {
        case .notFound(let path), .notASharedObject(let path, _), .missingEntrySymbol(let path),
            .noDescriptor(let path), .abiMismatch(let path, _, _), .unknownKind(let path, _),
            .sdkMismatch(let path, _, _), .toolchainMismatch(let path, _, _), .notResilient(let path),
            .needsNewerKit(let path, _, _), .foreignKit(let path, _, _),
            .invalidDescriptor(let path, _, _),
            .registrationFailed(let path, _), .duplicate(let path, _):
            return path
        }
    }

    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such file"
        case .notASharedObject(let path, let reason):
            return "\(path): not a loadable shared object: \(reason)"
        case .missingEntrySymbol(let path):
            return "\(path): does not export apphost_feature_entry; is it a feature library built against AppHostKit?"
        case .noDescriptor(let path):
            return "\(path): apphost_feature_entry returned no descriptor"
        case .abiMismatch(let path, let found, let expected):
            return "\(path): built for AppHostKit ABI \(found), this host speaks ABI \(expected); rebuild it against this SDK"
        case .sdkMismatch(let path, let feature, let kit) where feature.major != kit.major:
            return "\(path): built against AppHostKit \(feature.major).\(feature.minor), this host has \(kit.major).\(kit.minor); "
                + "rebuild the feature against AppHostKit \(kit.major).\(kit.minor)"
        case .sdkMismatch(let path, let feature, let kit):
            return "\(path): built against AppHostKit \(feature.major).\(feature.minor), this host has \(kit.major).\(kit.minor); "
                + "update the host or rebuild the feature against \(kit.major).\(kit.minor)"
        case .toolchainMismatch(let path, let feature, let kit):
            return "\(path): built with \(feature), this host's AppHostKit with \(kit); "
                + "Swift features must be built by the host's compiler: rebuild it with \(kit)"
        case .notResilient(let path):
            return "\(path): built against an AppHostKit without library evolution; "
                + "rebuild it against the SDK package (SDK/), which builds the kit resiliently"
        case .needsNewerKit(let path, let symbol, let kit):
            return "\(path): needs a newer AppHostKit than this host has (\(kit.version)): it uses \(symbol), which this kit lacks; "
                + "update the host or rebuild the feature against AppHostKit \(kit.major).\(kit.minor)"
        case .foreignKit(let path, let found, let host):
            return "\(path): uses its own copy of AppHostKit (\(found)) instead of the host's (\(host)); "
                + "link libAppHostKit.so dynamically from the SDK package and ship no copy of it"
        case .unknownKind(let path, let kind):
            return "\(path): descriptor kind \(kind) is unknown to this host"
        case .invalidDescriptor(let path, let destination?, let reason):
            return "\(path): destination '\(destination)': \(reason)"
        case .invalidDescriptor(let path, nil, let reason):
            return "\(path): descriptor: \(reason)"
        case .registrationFailed(let path, let reason):
            return "\(path): registration failed: \(reason)"
        case .duplicate(let path, let error):
            return "\(path): \(error)"
        }
    }
}
