@_spi(Host) import AppHostKit
@_spi(Host) import AppHostNavigation
import FoundationEssentials
import Glibc

/// Why one feature library could not be loaded. Every case names the file.
public enum FeatureLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Whether probing the same file again would find the same: a crash, an exit or a refusal
    /// would; a probe that missed its limit (on a loaded machine) or never started might not.
    public var isRepeatable: Bool {
        switch self {
        case .hungWhileLoading, .probeFailed: false
        default: true
        }
    }

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
    /// The library was built against another major version of the SDK's SwiftUI module than the
    /// host's `libSwiftUI.so` (the dynamic linker found no symbol of the version it requires).
    case otherSwiftUI(path: String, feature: Int, host: Int?)
    /// `dlopen` refused the library because a symbol of the SDK's SwiftUI module is missing.
    case needsNewerSwiftUI(path: String, symbol: String)
    /// The library resolved AppHostKit to another copy than the host's.
    case foreignKit(path: String, found: String, host: String)
    /// The path is a directory, a FIFO, a device or a socket: never opened.
    case notARegularFile(path: String, kind: String)
    /// The probe process died by a signal while it loaded the file.
    case crashedWhileLoading(path: String, signal: String, output: String?)
    /// The probe process exited while it loaded the file.
    case exitedWhileLoading(path: String, status: Int32, output: String?)
    /// The probe process did not finish loading the file within the limit.
    case hungWhileLoading(path: String, seconds: Double)
    /// The probe process refused the file; `message` is its reason, naming the file.
    case refusedByProbe(path: String, message: String)
    /// The file could not be probed at all (the probe could not start).
    case probeFailed(path: String, reason: String)
    /// The file claims a name another feature file claims too (see the clash rule).
    case nameClash(path: String, name: String, others: [String], earlierFolder: Bool)
    /// The file, or its folder, can be changed by someone other than the user or root.
    case untrusted(path: String, reason: String)
    /// A lock file is present, and the file is not in it or its contents changed.
    case notLocked(path: String, lockFile: String, reason: String)
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
            .needsNewerKit(let path, _, _), .foreignKit(let path, _, _), .otherSwiftUI(let path, _, _),
            .needsNewerSwiftUI(let path, _),
            .notARegularFile(let path, _), .crashedWhileLoading(let path, _, _), .exitedWhileLoading(let path, _, _),
            .hungWhileLoading(let path, _), .refusedByProbe(let path, _), .probeFailed(let path, _),
            .nameClash(let path, _, _, _), .untrusted(let path, _), .notLocked(let path, _, _),
            .invalidDescriptor(let path, _, _),
            .registrationFailed(let path, _), .duplicate(let path, _):
            return path
        }
    }

    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): \(Self.missing(path))"
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
        case .otherSwiftUI(let path, let feature, let host):
            let hosts = host.map { "this host's \(HostSwiftUI.fileName) is version \($0)" } ?? "this host has another"
            return "\(path): built against version \(feature) of the SDK's SwiftUI module, \(hosts); "
                + "rebuild the feature against this host's SDK (SDK/SwiftUI)"
        case .needsNewerSwiftUI(let path, let symbol):
            return "\(path): needs a newer SDK SwiftUI module than this host's \(HostSwiftUI.fileName): it uses \(symbol), which it lacks; "
                + "update the host or rebuild the feature against this host's SDK (SDK/SwiftUI)"
        case .foreignKit(let path, let found, let host):
            return "\(path): uses its own copy of AppHostKit (\(found)) instead of the host's (\(host)); "
                + "link libAppHostKit.so dynamically from the SDK package and ship no copy of it"
        case .notARegularFile(let path, let kind):
            return "\(path): is \(kind), not a regular file; it is never opened"
        case .crashedWhileLoading(let path, let signal, let output):
            return "\(path): crashed while loading (\(signal))" + (output.map { "; it wrote: \($0)" } ?? "")
        case .exitedWhileLoading(let path, let status, let output):
            return "\(path): exited while loading (status \(status))" + (output.map { "; it wrote: \($0)" } ?? "")
        case .hungWhileLoading(let path, let seconds):
            return "\(path): did not finish loading within \(FeatureLoadError.format(seconds)) s"
        case .refusedByProbe(_, let message):
            return message
        case .probeFailed(let path, let reason):
            return "\(path): cannot be probed: \(reason)"
        case .nameClash(let path, let name, let others, true):
            return "\(path): '\(name)' is already provided by \(others.joined(separator: ", ")) in an earlier folder, whose claim stands; "
                + "rename it or remove one of them"
        case .nameClash(let path, let name, let others, false):
            return "\(path): '\(name)' is also provided by \(others.joined(separator: ", ")) in the same folder, so neither is loaded; "
                + "rename it or remove one of them"
        case .untrusted(let path, let reason):
            return "\(path): \(reason)"
        case .notLocked(let path, let lockFile, let reason):
            return "\(path): \(reason) (lock file \(lockFile)); run apphost lock again if the change is yours"
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

extension FeatureLoadError {
    /// Seconds as people write them: `5`, `0.5`.
    package static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

/// What kind of file a mode describes, for messages.
package struct FileKind: CustomStringConvertible {
    package var mode: mode_t

    package init(mode: mode_t) {
        self.mode = mode
    }

    package var description: String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a regular file"
        }
    }
}

extension FeatureLoadError {
    /// What is at a path a feature file was expected at and cannot be opened: nothing, a link to
    /// nothing (naming its target), or a loop of links.
    package static func missing(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return "no such file" }
        if stat(path, &status) != 0, errno == ELOOP {
            return "is a loop of symbolic links; it is never opened"
        }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &target, target.count - 1)
        let named = count > 0 ? target.withUnsafeBufferPointer { String(decoding: $0.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) } : "?"
        return "is a symbolic link to nothing (\(named)); it is never opened"
    }
}
