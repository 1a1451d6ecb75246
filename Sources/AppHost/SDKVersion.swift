@_spi(Host) import AppHostKit

/// An AppHostKit version, and the compiler a feature or the kit was built with.
public struct FeatureBuild: Hashable, Sendable, CustomStringConvertible {
    /// The SDK version: major, minor, patch.
    public var major: UInt32
    public var minor: UInt32
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

    init(_ stamp: BuildStamp) {
        self.init(major: stamp.major, minor: stamp.minor, patch: stamp.patch, compiler: stamp.compiler)
    }

    /// The version as text, e.g. `1.0.0`.
    public var version: String { "\(major).\(minor).\(patch)" }

    public var description: String {
        "AppHostKit \(version)" + (compiler.map { ", \($0)" } ?? "")
    }

    /// How the kit in this process was built.
    public static var kit: FeatureBuild { FeatureBuild(BuildStamp.kit) }
}
