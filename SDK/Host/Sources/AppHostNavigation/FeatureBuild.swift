@_spi(Host) import AppHostKit

/// An AppHostKit version, and the compiler a feature or the kit was built with.
public struct FeatureBuild: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The SDK's major version.
    public var major: UInt32
    /// The SDK's minor version.
    public var minor: UInt32
    /// The SDK's patch version.
    public var patch: UInt32
    /// The Swift compiler, e.g. `Swift 6.3.1`; nil for a C feature.
    public var compiler: String?

    /// Describes a build.
    public init(major: UInt32, minor: UInt32, patch: UInt32, compiler: String?) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.compiler = compiler
    }

    package init(_ stamp: BuildStamp) {
        self.init(major: stamp.major, minor: stamp.minor, patch: stamp.patch, compiler: stamp.compiler)
    }

    /// The version as text, e.g. `1.0.0`.
    public var version: String { "\(major).\(minor).\(patch)" }

    /// The version and the compiler, e.g. `AppHostKit 1.0.0, Swift 6.3.1`.
    public var description: String {
        "AppHostKit \(version)" + (compiler.map { ", \($0)" } ?? "")
    }

    /// How the kit in this process was built.
    public static var kit: FeatureBuild { FeatureBuild(BuildStamp.kit) }
}
