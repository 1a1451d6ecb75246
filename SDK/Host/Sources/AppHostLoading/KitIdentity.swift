// Which AppHostKit this process runs, and whether it is the one the host was
// built against. A host and its features must share one kit: the host checks
// at start that the kit it loaded is its own build's version and compiler, and
// the loader refuses a feature library that carries a copy of the kit itself.

@_spi(Host) import AppHostKit
import CHostProcess
import FoundationEssentials
import Glibc

/// The AppHostKit loaded in this process.
public enum KitIdentity {
    /// The C symbol every kit exports with its identity.
    package static let symbol = "apphost_kit_identity"

    /// The address of the kit's identity function as this process resolved it.
    package static var address: UnsafeMutableRawPointer? { dlsym(nil, symbol) }

    /// The file the kit was loaded from.
    public static let path: String = address.flatMap { imagePath(containing: $0) }.map { path in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map {
            $0.hasPrefix("/") ? $0 : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent($0).path
        } ?? path
    } ?? "libAppHostKit.so"

    /// The kit's version and compiler, e.g. `AppHostKit 1.0.0, Swift 6.3.1`.
    public static var description: String { BuildStamp.kit.description }

    /// Why the kit loaded in this process cannot serve this host, or nil if it can: another
    /// major version, an older minor version, or another compiler than the host was built with.
    public static func mismatch() -> String? {
        mismatch(host: .client, kit: .kit)
    }

    @_spi(Host) public static func mismatch(host: BuildStamp, kit: BuildStamp) -> String? {
        guard host.major != kit.major || kit.minor < host.minor || host.compiler != kit.compiler else { return nil }
        return "\(path) is \(kit), but this host was built against \(host); "
            + "run the host with the kit it was built with (swift build puts it beside apphost)"
    }

    /// The file of the loaded image that holds `address`.
    package static func imagePath(containing address: UnsafeRawPointer) -> String? {
        apphost_image_path(address).map { String(cString: $0) }
    }

    /// Whether the file at `path` is the kit loaded in this process.
    package static func isLoadedKit(_ path: String) -> Bool {
        sameFile(path, Self.path)
    }

    /// Whether two paths name the same file (the same device and inode).
    package static func sameFile(_ first: String, _ second: String) -> Bool {
        var one = stat()
        var other = stat()
        guard stat(first, &one) == 0, stat(second, &other) == 0 else { return false }
        return one.st_dev == other.st_dev && one.st_ino == other.st_ino
    }
}
