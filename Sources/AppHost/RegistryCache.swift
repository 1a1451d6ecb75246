// What probes learned, kept between runs so that start-up does not grow with the
// number of installed features: a warm start reads one file, stats each feature
// file, and loads only the features it uses. A record is keyed by everything
// that changes when the file does (path, device, inode, size, modification and
// status-change times); the whole cache is keyed by the identity of the host and
// the kit, so another build probes everything again. A refused file stays
// refused (quarantined) until its key changes.
//
// The file is lines of tab-separated fields, written to a temporary file and
// renamed over the old one, so a reader never sees half a file; when two hosts
// start at once, the last to finish wins and neither file is damaged. A file
// that cannot be read as a cache is dropped and rebuilt, never fatal.
//
//   apphost-registry-cache 1
//   host <identity>
//   ok <path> <device> <inode> <size> <mtime> <ctime> <sha256 or -> <claims> <description as JSON>
//   refused <path> <device> <inode> <size> <mtime> <ctime> <sha256 or -> - <message>

import Foundation

/// Identifies one version of a file: it changes whenever the file's contents or metadata do.
public struct FileKey: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64

    /// The key of the file at `path` as `stat` sees it (following links), with its mode and owner.
    static func of(_ path: String) -> (key: FileKey, mode: mode_t, owner: uid_t)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let key = FileKey(
            device: UInt64(status.st_dev),
            inode: UInt64(status.st_ino),
            size: Int64(status.st_size),
            modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
            changed: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        )
        return (key, status.st_mode, status.st_uid)
    }
}

/// The names a feature file claims, read from its cache record without decoding its description.
public struct FeatureClaims: Hashable, Sendable {
    /// Route names.
    public var routes: [String]
    /// Route names that have a start destination.
    public var starts: [String]
    /// Shell names.
    public var shells: [String]

    /// Every claimed name.
    public var all: [String] { routes + shells }

    init(_ description: FeatureDescription) {
        routes = description.routes.map(\.name)
        starts = description.routes.filter { $0.root != nil }.map(\.name)
        shells = description.shells.map(\.name)
    }

    /// Reads `r:NAME`, `s:NAME` and `*:NAME` (a route with a start destination), comma-separated.
    public init?(field: Substring) {
        routes = []
        starts = []
        shells = []
        for claim in field.split(separator: ",") {
            let parts = claim.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            let name = String(parts[1])
            switch parts[0] {
            case "r": routes.append(name)
            case "*":
                routes.append(name)
                starts.append(name)
            case "s": shells.append(name)
            default: return nil
            }
        }
    }

    var field: String {
        let marked = routes.map { starts.contains($0) ? "*:\($0)" : "r:\($0)" } + shells.map { "s:\($0)" }
        return marked.isEmpty ? "-" : marked.joined(separator: ",")
    }
}

/// One file's record in the cache.
public struct CacheRecord: Sendable {
    /// What the probe found.
    public enum Finding: Sendable {
        /// The file loads; its claims, and its description as JSON (decoded when needed).
        case described(FeatureClaims, json: String)
        /// The file is refused (quarantined until it changes), with the message.
        case refused(String)
    }

    /// The file.
    public var path: String
    /// The version of the file the finding is about.
    public var key: FileKey
    /// The file's SHA-256 as a lowercase hex string, once a lock file made the host compute it.
    public var sha256: String?
    /// What the probe found.
    public var finding: Finding

    /// The description, decoded; nil for a refused file or a record that does not decode.
    public var description: FeatureDescription? {
        guard case .described(_, let json) = finding else { return nil }
        return try? JSONDecoder().decode(FeatureDescription.self, from: Data(json.utf8))
    }
}

/// The registry cache file.
public struct RegistryCache: Sendable {
    /// The format this host reads and writes.
    public static let formatVersion = 1

    /// The environment variable naming the cache directory.
    public static let environmentVariable = "APPHOST_CACHE"

    /// The cache file.
    public let path: String

    /// The cache in `directory`.
    public init(directory: String) {
        path = URL(fileURLWithPath: directory).appendingPathComponent("registry-v\(Self.formatVersion).txt").path
    }

    /// The directory to use: `APPHOST_CACHE`, else `$XDG_CACHE_HOME/apphost`, else `~/.cache/apphost`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let directory = environment[environmentVariable], !directory.isEmpty { return directory }
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/apphost" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.cache/apphost"
    }

    /// The identity of this host build and its kit: another one makes every record stale.
    public static var hostIdentity: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        func stamp(_ path: String) -> String {
            guard let key = FileKey.of(path)?.key else { return "?" }
            return "\(key.size).\(key.modified)"
        }
        return "\(KitIdentity.description) host=\(stamp(executable)) kit=\(stamp(KitIdentity.path))"
    }

    /// Reads the records; a missing file gives none, an unreadable or stale one gives none and says why.
    /// It reads bytes, not characters: a warm start reads one record per installed feature.
    public func load(hostIdentity: String = RegistryCache.hostIdentity) -> (records: [String: CacheRecord], problem: String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return ([:], FileManager.default.fileExists(atPath: path) ? "cannot be read" : nil)
        }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            let bytes = bytes.bindMemory(to: UInt8.self)
            var lines: [Slice<UnsafeBufferPointer<UInt8>>] = []
            lines.reserveCapacity(bytes.count / 256)
            var start = 0
            for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") {
                if index > start { lines.append(bytes[start..<index]) }
                start = index + 1
            }
            if start < bytes.count { lines.append(bytes[start..<bytes.count]) }
            guard lines.count >= 2, String(decoding: lines[0], as: UTF8.self) == "apphost-registry-cache \(Self.formatVersion)" else {
                return ([:], "is not a registry cache of format \(Self.formatVersion)")
            }
            guard String(decoding: lines[1], as: UTF8.self) == "host\t\(hostIdentity)" else {
                return ([:], nil)  // another build of the host or kit: probe everything again, quietly
            }
            var records: [String: CacheRecord] = [:]
            records.reserveCapacity(lines.count)
            for (number, line) in lines.dropFirst(2).enumerated() {
                guard let record = Self.record(from: line) else {
                    return ([:], "line \(number + 3) is damaged")
                }
                records[record.path] = record
            }
            return (records, nil)
        }
    }

    /// Writes the records atomically (a temporary file renamed over the cache).
    public func save(_ records: [String: CacheRecord], hostIdentity: String = RegistryCache.hostIdentity) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var text = "apphost-registry-cache \(Self.formatVersion)\nhost\t\(hostIdentity)\n"
        for path in records.keys.sorted() {
            guard let record = records[path], let line = Self.line(for: record) else { continue }
            text += line + "\n"
        }
        let temporary = "\(path).\(getpid()).tmp"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot replace \(path): \(reason)"])
        }
    }

    private static func line(for record: CacheRecord) -> String? {
        // A path or message with a tab or a line break cannot be a field: such a file is probed each time.
        guard !record.path.contains(where: { $0 == "\t" || $0.isNewline }) else { return nil }
        let key = record.key
        let common = [record.path, String(key.device), String(key.inode), String(key.size), String(key.modified), String(key.changed), record.sha256 ?? "-"]
        switch record.finding {
        case .described(let claims, let json):
            return (["ok"] + common + [claims.field, json.oneLine]).joined(separator: "\t")
        case .refused(let message):
            return (["refused"] + common + ["-", message.oneLine.replacingOccurrences(of: "\t", with: " ")]).joined(separator: "\t")
        }
    }

    private static func record(from line: Slice<UnsafeBufferPointer<UInt8>>) -> CacheRecord? {
        var fields: [Slice<UnsafeBufferPointer<UInt8>>] = []
        fields.reserveCapacity(10)
        var start = line.startIndex
        for index in line.indices where line[index] == UInt8(ascii: "\t") && fields.count < 9 {
            fields.append(line[start..<index])
            start = index + 1
        }
        fields.append(line[start..<line.endIndex])
        guard fields.count == 10, let device = UInt64(number: fields[2]), let inode = UInt64(number: fields[3]),
            let size = Int64(number: fields[4]), let modified = Int64(number: fields[5]), let changed = Int64(number: fields[6])
        else { return nil }
        let key = FileKey(device: device, inode: inode, size: size, modified: modified, changed: changed)
        let path = String(decoding: fields[1], as: UTF8.self)
        let sha256 = fields[7].elementsEqual("-".utf8) ? nil : String(decoding: fields[7], as: UTF8.self)
        let last = String(decoding: fields[9], as: UTF8.self)
        switch String(decoding: fields[0], as: UTF8.self) {
        case "ok":
            let claimsField = String(decoding: fields[8], as: UTF8.self)
            guard let claims = claimsField == "-" ? FeatureClaims(field: "") : FeatureClaims(field: claimsField[...]) else { return nil }
            return CacheRecord(path: path, key: key, sha256: sha256, finding: .described(claims, json: last))
        case "refused":
            return CacheRecord(path: path, key: key, sha256: sha256, finding: .refused(last))
        default:
            return nil
        }
    }
}

extension FixedWidthInteger {
    /// A decimal number written in ASCII bytes; nil if the bytes are not one.
    init?(number bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        guard !bytes.isEmpty else { return nil }
        var value: Self = 0
        var negative = false
        for (offset, byte) in bytes.enumerated() {
            if offset == 0 && byte == UInt8(ascii: "-") && Self.isSigned {
                negative = true
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = times.addingReportingOverflow(Self(byte - UInt8(ascii: "0")))
            guard !overflow, !overflowAgain else { return nil }
            value = sum
        }
        self = negative ? 0 - value : value
    }
}
