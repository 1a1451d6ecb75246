// What probes learned, kept between runs, so that start-up does not grow with the
// number of installed features. A warm start reads one file, stats each feature
// file, and loads only the features it uses.
//
// A record is keyed by everything that changes when the file does: path, device,
// inode, size, modification and status-change times. Each build of the host and
// kit keeps files of its own, named by a hash of its identity, at most
// `maximumBuilds` of them. So builds that start in turn keep their records. A
// refused file stays refused (quarantined) until its key changes.
//
// The file is lines of tab-separated fields. It is written to a temporary file and
// renamed over the old one, so a reader never sees half a file. A writer holds an
// exclusive lock (flock on `registry.lock`) while it reads the file again, merges
// its own findings in and renames. So hosts that start at once lose nothing of
// each other's. A file that cannot be read as a cache is dropped and rebuilt,
// never fatal.
//
// A folder's key is kept too. A folder whose modification and change times are the
// same lists the same files, so a warm start stats no file in it. Each file is
// checked when it is first loaded. A file changed in place is probed again then,
// before it runs in the host.
//
//   apphost-registry-cache 1
//   host <identity>
//   folder <path> <device> <inode> <size> <mtime> <ctime> - - -
//   ok <path> <device> <inode> <size> <mtime> <ctime> <sha256 or -> <claims> -
//
// Descriptions (for `apphost list`) are kept apart, in descriptions-v1-<key>.txt, one
// `PATH<tab>JSON` a line, and read only when one is needed.
//   refused <path> <device> <inode> <size> <mtime> <ctime> <sha256 or -> - <message>

@_spi(Host) import AppHostKit
import AppHostSupport
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

    /// How many builds of the host keep records in one cache directory; the least recently
    /// written beyond it are removed when one saves.
    public static let maximumBuilds = 8

    /// The cache in `directory` of the build `hostIdentity`: each build of the host and kit has
    /// files of its own (`registry-v1-<key>.txt`), so builds that start in turn (debug and
    /// release, two installs) keep their records instead of probing everything again.
    public init(directory: String, hostIdentity: String = RegistryCache.hostIdentity) {
        let key = Self.key(of: hostIdentity)
        path = URL(fileURLWithPath: directory).appendingPathComponent("registry-v\(Self.formatVersion)-\(key).txt").path
        descriptionsPath = URL(fileURLWithPath: directory).appendingPathComponent("descriptions-v\(Self.formatVersion)-\(key).txt").path
    }

    /// A short, stable name for a build's identity (FNV-1a, 64 bits, in hexadecimal).
    package static func key(of identity: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in identity.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
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
        // Never saved without the lock: another host may be merging into the same files.
        let lock = open(directory + "/registry.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else {
            throw MessageError(description: "cannot open the cache's lock \(directory)/registry.lock: \(String(cString: strerror(errno))); nothing was saved")
        }
        defer { close(lock) }
        guard Descriptor.lockExclusive(lock) else {
            throw MessageError(description: "cannot take the cache's lock \(directory)/registry.lock: \(String(cString: strerror(errno))); nothing was saved")
        }
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
        Self.removeOldBuilds(in: directory, keeping: path)
    }

    /// Removes the files of the least recently written builds beyond ``maximumBuilds`` (only the
    /// cache's own files, by their names); called under the lock.
    private static func removeOldBuilds(in directory: String, keeping current: String) {
        let prefix = "registry-v\(formatVersion)-"
        var builds: [(name: String, written: Int)] = []
        DirectoryNames.forEach(in: directory) { name in
            guard name.hasPrefix(prefix), name.hasSuffix(".txt") else { return }
            var status = stat()
            guard lstat(directory + "/" + name, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
            builds.append((name, status.st_mtim.tv_sec))
        }
        guard builds.count > maximumBuilds else { return }
        let currentName = URL(fileURLWithPath: current).lastPathComponent
        let oldest = builds.filter { $0.name != currentName }.sorted { $0.written < $1.written }.prefix(builds.count - maximumBuilds)
        for build in oldest {
            let key = build.name.dropFirst(prefix.count).dropLast(".txt".count)
            unlink(directory + "/" + build.name)
            unlink(directory + "/descriptions-v\(formatVersion)-\(key).txt")
        }
    }

    /// Writes `text` to a new file beside `file`, then renames it over `file` (``WriteRoot/replaceOwnFile(_:with:)``).
    private static func replace(_ file: String, with text: String) throws {
        do {
            try WriteRoot.replaceOwnFile(file, with: Array(text.utf8))
        } catch {
            throw MessageError(description: error.description)
        }
    }


    package enum Entry {
        case record(CacheRecord)
        case folder(String, FileKey)
    }



}

extension FixedWidthInteger {
    /// A decimal number written in ASCII bytes; nil if the bytes are not one.
    package init?(number bytes: some Collection<UInt8>) {
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
