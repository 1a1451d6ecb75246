// What probes learned, kept between runs so that start-up does not grow with the
// number of installed features: a warm start reads one file, stats each feature
// file, and loads only the features it uses. A record is keyed by everything
// that changes when the file does (path, device, inode, size, modification and
// status-change times); the whole cache is keyed by the identity of the host and
// the kit, so another build probes everything again. A refused file stays
// refused (quarantined) until its key changes.
//
// The file is lines of tab-separated fields, written to a temporary file and
// renamed over the old one, so a reader never sees half a file. A writer holds
// an exclusive lock (flock on `registry.lock`) while it reads the file again,
// merges its own findings in and renames, so hosts that start at once lose
// nothing of each other's. A file that cannot be read as a cache is dropped and
// rebuilt, never fatal.
//
// A folder's key is kept too: a folder whose entries have not changed (its
// modification and change times are the same) lists the same files, so a warm
// start stats no file in it; each file is checked when it is first loaded, and a
// file changed in place is probed again then, before it runs in the host.
//
//   apphost-registry-cache 1
//   host <identity>
//   folder <path> <device> <inode> <size> <mtime> <ctime> - - -
//   ok <path> <device> <inode> <size> <mtime> <ctime> <sha256 or -> <claims> -
//
// Descriptions (for `apphost list`) are kept apart, in descriptions-v1.txt, one
// `PATH<tab>JSON` a line, and read only when one is needed.
//   refused <path> <device> <inode> <size> <mtime> <ctime> <sha256 or -> - <message>

import FoundationEssentials
import Glibc
import Synchronization

/// The registry cache file.
public struct RegistryCache: Sendable {
    /// The format this host reads and writes.
    public static let formatVersion = 1

    /// The environment variable naming the cache directory.
    public static let environmentVariable = "APPHOST_CACHE"

    /// The cache file: the index a start reads.
    public let path: String
    /// The descriptions file: each feature's description, read only when one is needed.
    public let descriptionsPath: String

    /// The cache in `directory`.
    public init(directory: String) {
        path = URL(fileURLWithPath: directory).appendingPathComponent("registry-v\(Self.formatVersion).txt").path
        descriptionsPath = URL(fileURLWithPath: directory).appendingPathComponent("descriptions-v\(Self.formatVersion).txt").path
    }

    /// The directory to use: `APPHOST_CACHE`, else `$XDG_CACHE_HOME/apphost`, else `~/.cache/apphost`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let directory = environment[environmentVariable], !directory.isEmpty { return directory }
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/apphost" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
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

    /// What a cache file holds.
    public struct Contents: Sendable {
        /// Each file's record, by path.
        public var records: [String: CacheRecord] = [:]
        /// The paths of the records in the file's order, which is sorted.
        public var order: [String] = []
        /// Each folder's key when its files were last listed, by path.
        public var folders: [String: FileKey] = [:]
        /// Why the file could not be used, if it could not.
        public var problem: String?
    }

    /// Reads the records; a missing file gives none, an unreadable or stale one gives none and says why.
    /// It reads bytes, not characters: a warm start reads one record per installed feature.
    public func load(hostIdentity: String = RegistryCache.hostIdentity) -> Contents {
        guard let data = FileManager.default.contents(atPath: path) else {
            return Contents(problem: FileManager.default.fileExists(atPath: path) ? "cannot be read" : nil)
        }
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Contents in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lines: [Range<Int>] = []
            lines.reserveCapacity(bytes.count / 96)
            var start = 0
            for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") {
                if index > start { lines.append(start..<index) }
                start = index + 1
            }
            if start < bytes.count { lines.append(start..<bytes.count) }
            func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            guard lines.count >= 2, text(lines[0]) == "apphost-registry-cache \(Self.formatVersion)" else {
                return Contents(problem: "is not a registry cache of format \(Self.formatVersion)")
            }
            guard text(lines[1]) == "host\t\(hostIdentity)" else {
                return Contents()  // another build of the host or kit: probe everything again, quietly
            }
            var contents = Contents()
            contents.records.reserveCapacity(lines.count)
            contents.order.reserveCapacity(lines.count)
            for (number, line) in lines.dropFirst(2).enumerated() {
                switch entry(bytes, line) {
                case .record(let record)?:
                    contents.records[record.path] = record
                    contents.order.append(record.path)
                case .folder(let path, let key)?: contents.folders[path] = key
                case nil: return Contents(problem: "line \(number + 3) is damaged")
                }
            }
            return contents
        }
    }

    /// Merges `records` and `folders` into the cache, dropping the records of `removed` files, under the cache's
    /// lock, and writes it atomically (a temporary file renamed over the cache).
    public func save(
        _ records: [String: CacheRecord],
        folders: [String: FileKey] = [:],
        removed: Set<String> = [],
        hostIdentity: String = RegistryCache.hostIdentity
    ) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let lock = open(directory + "/registry.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if lock >= 0 { flock(lock, LOCK_EX) }
        defer { if lock >= 0 { close(lock) } }
        // Another host may have written since this one read the descriptions: read them afresh.
        DescriptionFile.forget(descriptionsPath)
        var current = load(hostIdentity: hostIdentity)
        for (path, record) in records { current.records[path] = record }
        for path in removed { current.records[path] = nil }
        for (folder, key) in folders { current.folders[folder] = key }
        let records = current.records
        let folders = current.folders
        var descriptions = ""
        for path in records.keys.sorted() where !path.contains(where: { $0 == "\t" || $0.isNewline }) {
            guard case .described(_, let json)? = records[path]?.finding else { continue }
            descriptions += path + "\t" + json.text.oneLine + "\n"
        }
        try Self.replace(descriptionsPath, with: descriptions)
        DescriptionFile.forget(descriptionsPath)
        var text = "apphost-registry-cache \(Self.formatVersion)\nhost\t\(hostIdentity)\n"
        for folder in folders.keys.sorted() where !folder.contains(where: { $0 == "\t" || $0.isNewline }) {
            guard let key = folders[folder] else { continue }
            text += "folder\t\(folder)\t\(key.device)\t\(key.inode)\t\(key.size)\t\(key.modified)\t\(key.changed)\t-\t-\t-\n"
        }
        for path in records.keys.sorted() {
            guard let record = records[path], let line = Self.line(for: record) else { continue }
            text += line + "\n"
        }
        try Self.replace(path, with: text)
    }

    /// Writes `text` to a temporary file beside `file`, then renames it over `file`.
    private static func replace(_ file: String, with text: String) throws {
        let temporary = "\(file).\(getpid()).tmp"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, file) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw MessageError(description: "cannot replace \(file): \(reason)")
        }
    }


    enum Entry {
        case record(CacheRecord)
        case folder(String, FileKey)
    }



}

extension FixedWidthInteger {
    /// A decimal number written in ASCII bytes; nil if the bytes are not one.
    init?(number bytes: some Collection<UInt8>) {
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
