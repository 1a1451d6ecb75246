// Which AppHostKit this process runs, and whether it is the one the host was
// built against. A host and its features must share one kit: the host checks
// at start that the kit it loaded is its own build's version and compiler, and
// the loader refuses a feature library that carries a copy of the kit itself.

@_spi(Host) import AppHostKit
import Foundation

/// The AppHostKit loaded in this process.
public enum KitIdentity {
    /// The C symbol every kit exports with its identity.
    static let symbol = "apphost_kit_identity"

    /// The address of the kit's identity function as this process resolved it.
    static var address: UnsafeMutableRawPointer? { dlsym(nil, symbol) }

    /// The file the kit was loaded from.
    public static let path: String = address.flatMap { imagePath(containing: $0) } ?? "libAppHostKit.so"

    /// The kit's version and compiler, e.g. `AppHostKit 1.0.0, Swift 6.3.1`.
    public static var description: String { BuildStamp.kit.description }

    /// Why the kit loaded in this process cannot serve this host, or nil if it can: another
    /// major version, an older minor version, or another compiler than the host was built with.
    public static func mismatch() -> String? {
        mismatch(host: .client, kit: .kit)
    }

    package static func mismatch(host: BuildStamp, kit: BuildStamp) -> String? {
        guard host.major != kit.major || kit.minor < host.minor || host.compiler != kit.compiler else { return nil }
        return "\(path) is \(kit), but this host was built against \(host); "
            + "run the host with the kit it was built with (swift build puts it beside apphost)"
    }

    /// The file of the loaded image that holds `address`, read from the process's memory map.
    static func imagePath(containing address: UnsafeRawPointer) -> String? {
        let target = UInt(bitPattern: address)
        return memoryMap().first { $0.range.contains(target) }?.path
    }

    /// The executable mappings of the file at `path` in this process.
    static func mappings(of path: String) -> [Range<UInt>] {
        memoryMap().filter { $0.executable && sameFile($0.path, path) }.map(\.range)
    }

    /// The process's file mappings: address range, whether executable, and path.
    private static func memoryMap() -> [(range: Range<UInt>, executable: Bool, path: String)] {
        // /proc files report a size of 0, so read to the end rather than by size.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() else { return [] }
        var mappings: [(range: Range<UInt>, executable: Bool, path: String)] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            // start-end perms offset device inode path
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let bounds = fields[0].split(separator: "-")
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16),
                start < end, path.hasPrefix("/")
            else { continue }
            mappings.append((start..<end, fields[1].contains("x"), path))
        }
        return mappings
    }

    /// Whether the file at `path` is the kit loaded in this process.
    static func isLoadedKit(_ path: String) -> Bool {
        sameFile(path, Self.path)
    }

    /// Whether two paths name the same file (the same device and inode).
    static func sameFile(_ first: String, _ second: String) -> Bool {
        var one = stat()
        var other = stat()
        guard stat(first, &one) == 0, stat(second, &other) == 0 else { return false }
        return one.st_dev == other.st_dev && one.st_ino == other.st_ino
    }
}
