import AppHostKit

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
