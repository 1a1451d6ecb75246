// The header of a feature's descriptor. It is read and checked before anything of
// the feature but its entry has run. It holds, in order:
// - the ABI version (the only field every descriptor shares);
// - how much of the descriptor the feature was built with;
// - the SDK version it was built against;
// - its kind;
// - for a Swift feature, the compiler that built it and whether its kit was resilient.

@_spi(Host) import AppHostKit
@_spi(Host) import AppHostNavigation
import CAppHost
import FoundationEssentials
import Glibc

/// The layout of feature descriptors this host reads (`APPHOST_ABI_VERSION`).
public enum FeatureABI {
    /// The descriptor ABI version.
    public static let version = Int(APPHOST_ABI_VERSION)
}

/// A feature's descriptor whose header passed the host's checks.
@_spi(Fuzzing) public struct FeatureDescriptor {
    /// What the descriptor describes.
    @_spi(Fuzzing) public enum Kind {
        case swift
        case c
    }

    package let pointer: UnsafePointer<apphost_feature_descriptor>
    @_spi(Fuzzing) public let kind: Kind
    @_spi(Fuzzing) public let name: String?
    package let build: BuildStamp

    /// The smallest descriptor this host reads: every field of ABI 2.
    package static let minimumSize = MemoryLayout<apphost_feature_descriptor>.size
    /// The largest descriptor size believed: later SDKs add fields, not kilobytes.
    package static let maximumSize = 4096

    /// Checks the descriptor at `raw`, returned by the library at `path`, against the kit in this process.
    @_spi(Fuzzing) public init(_ raw: UnsafeRawPointer, path: String, kit: BuildStamp = .kit) throws(FeatureLoadError) {
        let version = raw.load(as: UInt32.self)
        guard version == UInt32(APPHOST_ABI_VERSION) else {
            throw .abiMismatch(path: path, found: version, expected: UInt32(APPHOST_ABI_VERSION))
        }
        let size = Int(raw.load(fromByteOffset: MemoryLayout<UInt32>.size, as: UInt32.self))
        guard (Self.minimumSize...Self.maximumSize).contains(size) else {
            throw .invalidDescriptor(
                path: path,
                destination: nil,
                reason: "size is \(size) bytes; ABI \(APPHOST_ABI_VERSION) descriptors have \(Self.minimumSize) to \(Self.maximumSize)"
            )
        }
        pointer = raw.assumingMemoryBound(to: apphost_feature_descriptor.self)
        let descriptor = pointer.pointee
        switch descriptor.kind {
        case UInt32(APPHOST_FEATURE_KIND_SWIFT.rawValue): kind = .swift
        case UInt32(APPHOST_FEATURE_KIND_C.rawValue): kind = .c
        default: throw .unknownKind(path: path, kind: descriptor.kind)
        }
        let compiler = try descriptor.toolchain.map { (text) throws(FeatureLoadError) in
            guard let compiler = boundedString(text) else {
                throw .invalidDescriptor(path: path, destination: nil, reason: "toolchain is longer than \(APPHOST_MAX_NAME_LENGTH) bytes")
            }
            return compiler
        }
        build = BuildStamp(
            major: descriptor.sdk_major,
            minor: descriptor.sdk_minor,
            patch: descriptor.sdk_patch,
            compiler: compiler,
            resilient: descriptor.flags & APPHOST_FLAG_RESILIENT_KIT != 0
        )
        guard build.major == kit.major, build.minor <= kit.minor else {
            throw .sdkMismatch(path: path, feature: FeatureBuild(build), kit: FeatureBuild(kit))
        }
        if kind == .swift {
            guard build.compiler == kit.compiler else {
                throw .toolchainMismatch(path: path, feature: build.compiler ?? "an unnamed compiler", kit: kit.compiler ?? "an unnamed compiler")
            }
            guard build.resilient else {
                throw .notResilient(path: path)
            }
        }
        name = try descriptor.name.map { (text) throws(FeatureLoadError) in
            guard let name = boundedString(text) else {
                throw .invalidDescriptor(path: path, destination: nil, reason: "name is longer than \(APPHOST_MAX_NAME_LENGTH) bytes")
            }
            return name
        }
    }
}

/// A C string of at most APPHOST_MAX_NAME_LENGTH bytes, or nil if it is longer (or has no NUL that soon).
package func boundedString(_ text: UnsafePointer<CChar>) -> String? {
    let limit = Int(APPHOST_MAX_NAME_LENGTH)
    let length = strnlen(text, limit + 1)
    guard length <= limit else { return nil }
    return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
}
