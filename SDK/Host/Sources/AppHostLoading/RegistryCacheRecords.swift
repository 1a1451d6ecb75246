// What the registry cache keeps: a file's key, the names it claims, its description's text, and
// the record of one file.

@_spi(Host) import AppHostNavigation
import AppHostSupport
import FoundationEssentials
import Glibc
import Synchronization

/// Identifies one version of a file: it changes whenever the file's contents or metadata do.
public struct FileKey: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    package var modified: Int64
    package var changed: Int64

    /// The key of no file (a size of -1): a record under it never matches, so its file is looked
    /// at again at every start, and probed (a verdict that may not repeat, as a probe that timed out).
    package static let unmatched = FileKey(device: 0, inode: 0, size: -1, modified: 0, changed: 0)

    /// The key of the link at `path` itself (`lstat`), for a link that leads nowhere.
    package static func ofLink(_ path: String) -> FileKey? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return FileKey(status)
    }


    /// The key of the file at `path` as `stat` sees it (following links), with its mode and owner.
    package static func of(_ path: String) -> (key: FileKey, mode: mode_t, owner: uid_t)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (FileKey(status), status.st_mode, status.st_uid)
    }
}

extension FileKey {
    /// The key of what `status` describes.
    package init(_ status: stat) {
        self.init(
            device: UInt64(status.st_dev),
            inode: UInt64(status.st_ino),
            size: Int64(status.st_size),
            modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
            changed: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        )
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
    package init(storedIn file: String, for path: String) {
        source = .stored(file: file, path: path)
    }

    /// Whether the text is there and reads as a description: false for a line the descriptions file
    /// lost or garbled (a damaged file), whose feature must then be probed again.
    package var isUsable: Bool {
        switch source {
        case .text: return true
        case .stored(let file, let path):
            guard let text = DescriptionFile.text(of: path, in: file), text.hasPrefix("{"), text.hasSuffix("}") else { return false }
            return FeatureDescription.decode(text[...]) != nil
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

/// The descriptions files read so far in this process, each read once, whole; indexed by path
/// only when a line is first asked for, and a line's JSON becomes a string only then. (A warm start
/// with a thousand features checks every line in one pass, ``withBytes(of:_:)``, and decodes one or two.)
package enum DescriptionFile {
    private struct Read {
        var bytes: [UInt8]
        /// Where each path's JSON is in `bytes`, once a line has been asked for.
        var lines: [String: Range<Int>]?
        /// Lines looked for by bisection so far.
        var bisections = 0
    }

    private static let read = Mutex<[String: Read]>([:])

    package static func text(of path: String, in file: String) -> String? {
        withLine(of: path, in: file) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `json` is `{"` … `}`: a line neither cut short nor emptied.
    package static func looksWhole(json: some BidirectionalCollection<UInt8>) -> Bool {
        json.count >= 3 && json.first == UInt8(ascii: "{") && json.dropFirst().first == UInt8(ascii: "\"") && json.last == UInt8(ascii: "}")
    }

    /// Calls `body` with the bytes of `file` (empty if it cannot be read), read once.
    package static func withBytes<Result>(of file: String, _ body: ([UInt8]) -> Result) -> Result {
        read.withLock { files in
            if files[file] == nil { files[file] = Read(bytes: (try? FileBytes.read(file)) ?? []) }
            return body(files[file]?.bytes ?? [])
        }
    }

    private static func withLine<Result>(of path: String, in file: String, _ body: (ArraySlice<UInt8>) -> Result) -> Result? {
        read.withLock { files in
            var entry = files[file] ?? Read(bytes: (try? FileBytes.read(file)) ?? [])
            // A few lines are found by bisection; a reader of many (`apphost list`) gets the index.
            if entry.lines == nil, entry.bisections < 8 {
                entry.bisections += 1
                files[file] = entry
                if let range = bisect(path, in: entry.bytes) { return body(entry.bytes[range]) }
            }
            if entry.lines == nil { entry.lines = index(entry.bytes) }
            files[file] = entry
            guard let range = entry.lines?[path] else { return nil }
            return body(entry.bytes[range])
        }
    }

    /// The JSON of `path`'s line, found by bisection: the cache writes the file sorted by path, so
    /// a start that needs one or two descriptions reads no other line. Nil when not found so: a
    /// path whose order as a string differs from its bytes' order is then found by ``index(_:)``.
    private static func bisect(_ path: String, in bytes: [UInt8]) -> Range<Int>? {
        var path = path
        return path.withUTF8 { key in
            bytes.withUnsafeBufferPointer { buffer -> Range<Int>? in
                guard let base = buffer.baseAddress, let keyBase = key.baseAddress else { return nil }
                // Always a line's start, and past every line before the one sought.
                var low = 0
                var high = buffer.count
                while low < high {
                    var start = (low + high) / 2
                    while start > low, buffer[start - 1] != UInt8(ascii: "\n") { start -= 1 }
                    let end = memchr(base + start, Int32(UInt8(ascii: "\n")), high - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? high
                    let tab = memchr(base + start, Int32(UInt8(ascii: "\t")), end - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? end
                    let length = tab - start
                    var order = memcmp(base + start, keyBase, min(length, key.count))
                    if order == 0 { order = length < key.count ? -1 : length > key.count ? 1 : 0 }
                    if order == 0 { return tab < end ? (tab + 1)..<end : nil }
                    if order < 0 { low = end + 1 } else { high = start }
                }
                return nil
            }
        }
    }

    /// Each line `PATH<tab>JSON` of `bytes`, found by scanning them once.
    private static func index(_ bytes: [UInt8]) -> [String: Range<Int>] {
        var lines: [String: Range<Int>] = [:]
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                var end = start
                var tab = -1
                while end < buffer.count, buffer[end] != UInt8(ascii: "\n") {
                    if tab < 0, buffer[end] == UInt8(ascii: "\t") { tab = end }
                    end += 1
                }
                if tab >= 0 {
                    lines[String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<tab]), as: UTF8.self)] = (tab + 1)..<end
                }
                start = end + 1
            }
        }
        return lines
    }

    /// Forgets what was read of `file`, after it was written.
    package static func forget(_ file: String) {
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
    package func isSame(as other: CacheRecord) -> Bool {
        guard key == other.key, sha256 == other.sha256 else { return false }
        switch (finding, other.finding) {
        case (.described, .described): return true
        case (.refused(let one), .refused(let two)): return one == two
        default: return false
        }
    }
}

/// What the loading side keeps of a deferred feature's file: its description's text, and the
/// version of the file the cache knew when the start did not check the file itself.
package struct LoadingTicket: FeatureTicket {
    package let json: CacheText
    package let uncheckedKey: FileKey?

    package func description() -> FeatureDescription? {
        FeatureDescription.decode(json.text[...])
    }
}
