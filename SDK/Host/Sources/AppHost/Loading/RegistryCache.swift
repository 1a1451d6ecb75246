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

/// Identifies one version of a file: it changes whenever the file's contents or metadata do.
public struct FileKey: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64

    /// The key of the link at `path` itself (`lstat`), for a link that leads nowhere.
    static func ofLink(_ path: String) -> FileKey? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return FileKey(status)
    }


    /// The key of the file at `path` as `stat` sees it (following links), with its mode and owner.
    static func of(_ path: String) -> (key: FileKey, mode: mode_t, owner: uid_t)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (FileKey(status), status.st_mode, status.st_uid)
    }
}

extension FileKey {
    /// The key of what `status` describes.
    init(_ status: stat) {
        self.init(
            device: UInt64(status.st_dev),
            inode: UInt64(status.st_ino),
            size: Int64(status.st_size),
            modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
            changed: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        )
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
    /// Names of the app layer (outgoing types, the app, deep-link handlers): claimed, so that they
    /// load their feature, but no destinations of their own.
    public var hidden: [String] = []
    /// The start route of each name in ``starts``, as text.
    public var roots: [String: String]
    /// Every claimed name: routes, then shells.
    public private(set) var all: [String] = []

    init(_ description: FeatureDescription) {
        routes = description.routes.filter { $0.role == nil }.map(\.name)
        hidden = description.routes.filter { $0.role != nil }.map(\.name)
        starts = description.routes.filter { $0.root != nil }.map(\.name)
        shells = description.shells.map(\.name)
        roots = Dictionary(description.routes.compactMap { route in route.root.map { (route.name, $0) } }, uniquingKeysWith: { first, _ in first })
        all = routes + hidden + shells
    }

    /// Reads `r:NAME`, `s:NAME`, `h:NAME` (a name of the app layer) and `*:NAME@ROOT` (a route with a start destination), comma-separated;
    /// routes are percent-encoded, so they hold no comma, colon or at sign of their own.
    public init?(field: Substring) {
        guard let claims = Array(field.utf8).withUnsafeBufferPointer({ FeatureClaims(bytes: $0) }) else { return nil }
        self = claims
    }

    /// Reads the claims field from its bytes.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        routes = []
        starts = []
        shells = []
        roots = [:]
        guard !bytes.elementsEqual("-".utf8) else { return }
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: ",") { end += 1 }
            guard end - start >= 3, bytes[start + 1] == UInt8(ascii: ":") else { return nil }
            let body = UnsafeBufferPointer(rebasing: bytes[(start + 2)..<end])
            switch bytes[start] {
            case UInt8(ascii: "r"): routes.append(String(decoding: body, as: UTF8.self))
            case UInt8(ascii: "s"): shells.append(String(decoding: body, as: UTF8.self))
            case UInt8(ascii: "h"): hidden.append(String(decoding: body, as: UTF8.self))
            case UInt8(ascii: "*"):
                guard let at = body.firstIndex(of: UInt8(ascii: "@")) else { return nil }
                let name = String(decoding: UnsafeBufferPointer(rebasing: body[..<at]), as: UTF8.self)
                routes.append(name)
                starts.append(name)
                roots[name] = String(decoding: UnsafeBufferPointer(rebasing: body[(at + 1)...]), as: UTF8.self)
            default: return nil
            }
            start = end + 1
        }
        all = shells.isEmpty && hidden.isEmpty ? routes : routes + hidden + shells
    }

    var field: String {
        let marked = routes.map { name in roots[name].map { "*:\(name)@\($0)" } ?? "r:\(name)" }
            + hidden.map { "h:\($0)" } + shells.map { "s:\($0)" }
        return marked.isEmpty ? "-" : marked.joined(separator: ",")
    }
}

/// A feature's description as JSON: text in hand (from a probe), or a line of the cache's descriptions
/// file, read when first needed (a warm start needs none of them).
public struct CacheText: Sendable {
    private enum Source: Sendable {
        case text(String)
        case stored(file: String, path: String)
    }

    private let source: Source

    /// Text in hand.
    public init(_ text: some StringProtocol) {
        source = .text(String(text))
    }

    /// The description of `path` in the descriptions file `file`.
    init(storedIn file: String, for path: String) {
        source = .stored(file: file, path: path)
    }

    /// Whether the text is there and reads as a description: false for a line the descriptions file
    /// lost or garbled (a damaged file), whose feature must then be probed again.
    var isUsable: Bool {
        switch source {
        case .text: return true
        case .stored(let file, let path):
            guard let text = DescriptionFile.text(of: path, in: file), text.hasPrefix("{"), text.hasSuffix("}") else { return false }
            return FeatureDescription.decode(text[...]) != nil
        }
    }

    /// Whether the descriptions file still has a line for it that looks whole (checked without decoding it).
    var looksWhole: Bool {
        switch source {
        case .text: return true
        case .stored(let file, let path):
            guard let text = DescriptionFile.text(of: path, in: file) else { return false }
            return text.hasPrefix("{\"") && text.hasSuffix("}")
        }
    }

    /// The text; `{}` if the descriptions file no longer has it.
    public var text: String {
        switch source {
        case .text(let text): text
        case .stored(let file, let path): DescriptionFile.text(of: path, in: file) ?? "{}"
        }
    }
}

/// The descriptions files read so far in this process, each read once, whole.
enum DescriptionFile {
    private static let read = Mutex<[String: [String: String]]>([:])

    static func text(of path: String, in file: String) -> String? {
        read.withLock { files in
            if files[file] == nil { files[file] = load(file) }
            return files[file]?[path]
        }
    }

    /// Each line `PATH<tab>JSON` of `file`.
    static func load(_ file: String) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: file) else { return [:] }
        var texts: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            texts[String(line[..<tab])] = String(line[line.index(after: tab)...])
        }
        return texts
    }

    /// Forgets what was read of `file`, after it was written.
    static func forget(_ file: String) {
        _ = read.withLock { $0.removeValue(forKey: file) }
    }
}

/// One file's record in the cache.
public struct CacheRecord: Sendable {
    /// What the probe found.
    public enum Finding: Sendable {
        /// The file loads; its claims, and its description as JSON (decoded when needed).
        case described(FeatureClaims, json: CacheText)
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

    /// Whether `other` says the same of the same version of the file (what a save need not write again).
    func isSame(as other: CacheRecord) -> Bool {
        guard key == other.key, sha256 == other.sha256 else { return false }
        switch (finding, other.finding) {
        case (.described, .described): return true
        case (.refused(let one), .refused(let two)): return one == two
        default: return false
        }
    }
}

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

    private static func line(for record: CacheRecord) -> String? {
        // A path or message with a tab or a line break cannot be a field: such a file is probed each time.
        guard !record.path.contains(where: { $0 == "\t" || $0.isNewline }) else { return nil }
        let key = record.key
        let common = [record.path, String(key.device), String(key.inode), String(key.size), String(key.modified), String(key.changed), record.sha256 ?? "-"]
        switch record.finding {
        case .described(let claims, _):
            return (["ok"] + common + [claims.field, "-"]).joined(separator: "\t")
        case .refused(let message):
            return (["refused"] + common + ["-", message.oneLine.replacing("\t", with: " ")]).joined(separator: "\t")
        }
    }

    private enum Entry {
        case record(CacheRecord)
        case folder(String, FileKey)
    }

    /// The record on `line` of the index's `bytes`; nil for another kind of line or a damaged one.
    func record(_ bytes: [UInt8], _ line: Range<Int>) -> CacheRecord? {
        bytes.withUnsafeBufferPointer { buffer in
            guard case .record(let record)? = entry(buffer, line) else { return nil }
            return record
        }
    }

    /// The file key in fields 2 to 6 of a line whose first nine tabs are at `tabs`.
    static func key(_ bytes: [UInt8], _ tabs: [Int]) -> FileKey? {
        func number<Value: FixedWidthInteger>(_ field: Int) -> Value? { Value(number: bytes[(tabs[field - 1] + 1)..<tabs[field]]) }
        guard tabs.count >= 7, let device: UInt64 = number(2), let inode: UInt64 = number(3), let size: Int64 = number(4),
            let modified: Int64 = number(5), let changed: Int64 = number(6)
        else { return nil }
        return FileKey(device: device, inode: inode, size: size, modified: modified, changed: changed)
    }

    private func entry(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Entry? {
        var fields: [Range<Int>] = []
        fields.reserveCapacity(10)
        var start = line.lowerBound
        for index in line where bytes[index] == UInt8(ascii: "\t") && fields.count < 9 {
            fields.append(start..<index)
            start = index + 1
        }
        fields.append(start..<line.upperBound)
        func field(_ index: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[fields[index]]) }
        func number<Value: FixedWidthInteger>(_ index: Int) -> Value? { Value(number: field(index)) }
        func text(_ index: Int) -> String { String(decoding: field(index), as: UTF8.self) }
        guard fields.count == 10, let device: UInt64 = number(2), let inode: UInt64 = number(3), let size: Int64 = number(4),
            let modified: Int64 = number(5), let changed: Int64 = number(6)
        else { return nil }
        let key = FileKey(device: device, inode: inode, size: size, modified: modified, changed: changed)
        let sha256 = field(7).elementsEqual("-".utf8) ? nil : text(7)
        if field(0).elementsEqual("ok".utf8) {
            guard let claims = FeatureClaims(bytes: field(8)) else { return nil }
            let path = text(1)
            return .record(CacheRecord(path: path, key: key, sha256: sha256, finding: .described(claims, json: CacheText(storedIn: descriptionsPath, for: path))))
        }
        if field(0).elementsEqual("refused".utf8) {
            return .record(CacheRecord(path: text(1), key: key, sha256: sha256, finding: .refused(text(9))))
        }
        if field(0).elementsEqual("folder".utf8) {
            return .folder(text(1), key)
        }
        return nil
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
