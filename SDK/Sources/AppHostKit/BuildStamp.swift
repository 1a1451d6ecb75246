// The facts a feature's descriptor carries about how it was built. The
// `@_alwaysEmitIntoClient` members are compiled into the feature itself, so
// their values are those of the feature's build, not of the kit it later runs
// with: the SDK version of the sources it was compiled against, the compiler
// that compiled it, and whether that kit was resilient.

internal import CAppHost

/// How a feature library, or the kit itself, was built.
@_spi(Host)
public struct BuildStamp: Hashable, Sendable, CustomStringConvertible {
    /// The SDK's major version: another one is another contract.
    public var major: UInt32
    /// The SDK's minor version: a newer one may add API.
    public var minor: UInt32
    /// The SDK's patch version.
    public var patch: UInt32
    /// The Swift compiler, e.g. `Swift 6.3.1`; nil for a C feature.
    public var compiler: String?
    /// Whether the kit was built with library evolution.
    public var resilient: Bool

    /// Describes a build.
    public init(major: UInt32, minor: UInt32, patch: UInt32, compiler: String?, resilient: Bool) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.compiler = compiler
        self.resilient = resilient
    }

    /// The SDK version as text, e.g. `1.0.0`.
    public var version: String { "\(major).\(minor).\(patch)" }

    /// The version and the compiler, e.g. `AppHostKit 1.0.0, Swift 6.3.1`.
    public var description: String {
        "AppHostKit \(version)" + (compiler.map { ", \($0)" } ?? "")
    }

    /// How the kit loaded in this process was built.
    public static let kit = BuildStamp(
        major: UInt32(APPHOST_SDK_VERSION_MAJOR),
        minor: UInt32(APPHOST_SDK_VERSION_MINOR),
        patch: UInt32(APPHOST_SDK_VERSION_PATCH),
        compiler: ClientBuild.compiler,
        resilient: ClientBuild.resilientKit
    )

    /// How the code that reads this was built: evaluated in the caller's module.
    @_alwaysEmitIntoClient
    public static var client: BuildStamp {
        BuildStamp(
            major: ClientBuild.sdkVersion.major,
            minor: ClientBuild.sdkVersion.minor,
            patch: ClientBuild.sdkVersion.patch,
            compiler: ClientBuild.compiler,
            resilient: ClientBuild.resilientKit
        )
    }
}

/// The build facts, as code that is compiled into whoever calls it.
@usableFromInline
enum ClientBuild {
    /// The SDK version of these sources; equal to APPHOST_SDK_VERSION_* in apphost.h (a test checks it).
    @_alwaysEmitIntoClient
    static var sdkVersion: (major: UInt32, minor: UInt32, patch: UInt32) { (1, 0, 0) }

    /// Whether the kit these sources belong to is built with library evolution.
    @_alwaysEmitIntoClient
    static var resilientKit: Bool {
        #if APPHOST_RESILIENT
        return true
        #else
        return false
        #endif
    }

    /// The Swift compiler compiling the caller, as precisely as `#if compiler` can tell.
    @_alwaysEmitIntoClient
    static var compiler: String {
        #if compiler(>=7.0)
        return "Swift 7.0 or later"
        #elseif compiler(>=6.9.4)
        return "Swift 6.9.4 or a later 6.9"
        #elseif compiler(>=6.9.3)
        return "Swift 6.9.3"
        #elseif compiler(>=6.9.2)
        return "Swift 6.9.2"
        #elseif compiler(>=6.9.1)
        return "Swift 6.9.1"
        #elseif compiler(>=6.9)
        return "Swift 6.9.0"
        #elseif compiler(>=6.8.4)
        return "Swift 6.8.4 or a later 6.8"
        #elseif compiler(>=6.8.3)
        return "Swift 6.8.3"
        #elseif compiler(>=6.8.2)
        return "Swift 6.8.2"
        #elseif compiler(>=6.8.1)
        return "Swift 6.8.1"
        #elseif compiler(>=6.8)
        return "Swift 6.8.0"
        #elseif compiler(>=6.7.4)
        return "Swift 6.7.4 or a later 6.7"
        #elseif compiler(>=6.7.3)
        return "Swift 6.7.3"
        #elseif compiler(>=6.7.2)
        return "Swift 6.7.2"
        #elseif compiler(>=6.7.1)
        return "Swift 6.7.1"
        #elseif compiler(>=6.7)
        return "Swift 6.7.0"
        #elseif compiler(>=6.6.4)
        return "Swift 6.6.4 or a later 6.6"
        #elseif compiler(>=6.6.3)
        return "Swift 6.6.3"
        #elseif compiler(>=6.6.2)
        return "Swift 6.6.2"
        #elseif compiler(>=6.6.1)
        return "Swift 6.6.1"
        #elseif compiler(>=6.6)
        return "Swift 6.6.0"
        #elseif compiler(>=6.5.4)
        return "Swift 6.5.4 or a later 6.5"
        #elseif compiler(>=6.5.3)
        return "Swift 6.5.3"
        #elseif compiler(>=6.5.2)
        return "Swift 6.5.2"
        #elseif compiler(>=6.5.1)
        return "Swift 6.5.1"
        #elseif compiler(>=6.5)
        return "Swift 6.5.0"
        #elseif compiler(>=6.4.4)
        return "Swift 6.4.4 or a later 6.4"
        #elseif compiler(>=6.4.3)
        return "Swift 6.4.3"
        #elseif compiler(>=6.4.2)
        return "Swift 6.4.2"
        #elseif compiler(>=6.4.1)
        return "Swift 6.4.1"
        #elseif compiler(>=6.4)
        return "Swift 6.4.0"
        #elseif compiler(>=6.3.4)
        return "Swift 6.3.4 or a later 6.3"
        #elseif compiler(>=6.3.3)
        return "Swift 6.3.3"
        #elseif compiler(>=6.3.2)
        return "Swift 6.3.2"
        #elseif compiler(>=6.3.1)
        return "Swift 6.3.1"
        #elseif compiler(>=6.3)
        return "Swift 6.3.0"
        #elseif compiler(>=6.2.4)
        return "Swift 6.2.4 or a later 6.2"
        #elseif compiler(>=6.2.3)
        return "Swift 6.2.3"
        #elseif compiler(>=6.2.2)
        return "Swift 6.2.2"
        #elseif compiler(>=6.2.1)
        return "Swift 6.2.1"
        #elseif compiler(>=6.2)
        return "Swift 6.2.0"
        #elseif compiler(>=6.1.4)
        return "Swift 6.1.4 or a later 6.1"
        #elseif compiler(>=6.1.3)
        return "Swift 6.1.3"
        #elseif compiler(>=6.1.2)
        return "Swift 6.1.2"
        #elseif compiler(>=6.1.1)
        return "Swift 6.1.1"
        #elseif compiler(>=6.1)
        return "Swift 6.1.0"
        #elseif compiler(>=6.0.4)
        return "Swift 6.0.4 or a later 6.0"
        #elseif compiler(>=6.0.3)
        return "Swift 6.0.3"
        #elseif compiler(>=6.0.2)
        return "Swift 6.0.2"
        #elseif compiler(>=6.0.1)
        return "Swift 6.0.1"
        #elseif compiler(>=6.0)
        return "Swift 6.0.0"
        #else
        return "Swift before 6.0"
        #endif
    }
}

/// The identity of the kit loaded in this process, as a C string, e.g. `AppHostKit 1.0.0, Swift 6.3.1`.
///
/// The host looks this symbol up through each feature library it opens: a library
/// that resolves it to another address than the host's carries its own copy of the kit.
@_spi(Host)
@_cdecl("apphost_kit_identity")
public func apphostKitIdentity() -> UnsafePointer<CChar> {
    kitIdentity
}

// Made once and kept for the life of the process.
private nonisolated(unsafe) let kitIdentity: UnsafePointer<CChar> = {
    let text = BuildStamp.kit.description
    let count = text.utf8.count + 1
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: count)
    text.withCString { buffer.initialize(from: $0, count: count) }
    return UnsafePointer(buffer)
}()
