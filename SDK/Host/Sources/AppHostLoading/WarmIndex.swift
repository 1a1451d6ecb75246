// The warm start's shortcut. Every folder searched may be one the registry cache
// listed, none of them changed. Then the host needs no record of any file until
// one of its names is used. It reads the cache's index once and maps each claimed
// name to its line. It parses a line (path, key, claims) only when its name is
// first looked up. Names are short, so the map holds no other allocation. On
// anything unusual the host takes the full path instead: a damaged line, a name
// claimed twice, a folder the cache does not know.

@_spi(Host) import AppHostNavigation
import AppHostSupport
import FoundationEssentials
import Glibc

/// The names in the registry cache's index, each pointing at its line, for one start.
@MainActor
package final class WarmIndex {

    private let bytes: [UInt8]
    private let cache: RegistryCache
    /// Each claimed name.
    private(set) var claims: [String: KnownName] = [:]
    /// The line that claims each name in ``claims``.
    private var lines: [String: Range<Int>] = [:]
    /// The records of refused files in the folders searched: checked at every start.
    private(set) var refused: [CacheRecord] = []
    /// Each folder's key as the cache listed it.
    private(set) var folders: [String: FileKey] = [:]
    /// The lines of the files whose names ``claims`` holds, in the index's order (sorted by path).
    private var claiming: [Range<Int>] = []

    /// Reads the index for `searched` folders; nil when the shortcut does not apply.
    package init?(cache: RegistryCache, searched: [String], hostIdentity: String = RegistryCache.hostIdentity) {
        guard let bytes = try? FileBytes.read(cache.path) else { return nil }
        self.cache = cache
        self.bytes = bytes
        let searchedFolders = searched.map { Array(($0.hasSuffix("/") ? String($0.dropLast()) : $0).utf8) }
        let header = Array("apphost-registry-cache \(RegistryCache.formatVersion)\nhost\t\(hostIdentity)\n".utf8)
        guard bytes.count >= header.count, bytes[0..<header.count].elementsEqual(header) else { return nil }
        var start = header.count
        var tabs: [Int] = []
        tabs.reserveCapacity(9)
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if end > start, !read(line: start..<end, searchedFolders: searchedFolders, tabs: &tabs) { return nil }
            start = end + 1
        }
        // Every folder searched must be one the index lists.
        guard searched.allSatisfy({ folders[$0.hasSuffix("/") ? String($0.dropLast()) : $0] != nil }) else { return nil }
    }

    /// Takes one line in; false if the shortcut cannot be used.
    private func read(line: Range<Int>, searchedFolders: [[UInt8]], tabs: inout [Int]) -> Bool {
        tabs.removeAll(keepingCapacity: true)
        for index in line where bytes[index] == UInt8(ascii: "\t") {
            tabs.append(index)
            if tabs.count == 9 { break }
        }
        guard tabs.count == 9 else { return false }
        let kind = bytes[line.lowerBound..<tabs[0]]
        let path = bytes[(tabs[0] + 1)..<tabs[1]]
        if kind.elementsEqual("folder".utf8) {
            guard let key = RegistryCache.key(bytes, tabs) else { return false }
            folders[String(decoding: path, as: UTF8.self)] = key
            return true
        }
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")), searchedFolders.contains(where: { $0.elementsEqual(bytes[path.startIndex..<slash]) }) else {
            return true  // a file of a folder not searched now
        }
        if kind.elementsEqual("refused".utf8) {
            guard let record = cache.record(bytes, line) else { return false }
            refused.append(record)
            return true
        }
        guard kind.elementsEqual("ok".utf8) else { return false }
        // Claims: r:NAME, s:NAME, h:NAME or *:NAME@ROOT, comma-separated.
        var claim = tabs[7] + 1
        let end = tabs[8]
        guard !bytes[claim..<end].elementsEqual("-".utf8) else { return true }
        while claim < end {
            var stop = claim
            while stop < end && bytes[stop] != UInt8(ascii: ",") { stop += 1 }
            guard stop - claim >= 3, bytes[claim + 1] == UInt8(ascii: ":") else { return false }
            var nameEnd = stop
            var root: String?
            if bytes[claim] == UInt8(ascii: "*") {
                guard let at = bytes[(claim + 2)..<stop].firstIndex(of: UInt8(ascii: "@")) else { return false }
                nameEnd = at
                root = String(decoding: bytes[(at + 1)..<stop], as: UTF8.self)
            }
            let name = String(decoding: bytes[(claim + 2)..<nameEnd], as: UTF8.self)
            // A name claimed twice needs the clash rule: the full path applies it.
            let claimed = KnownName(shell: bytes[claim] == UInt8(ascii: "s"), hidden: bytes[claim] == UInt8(ascii: "h"), root: root)
            guard claims.updateValue(claimed, forKey: name) == nil else {
                return false
            }
            lines[name] = line
            claim = stop + 1
        }
        claiming.append(line)
        return true
    }

    /// The full record of the file that claims `name`.
    package func record(claiming name: String) -> CacheRecord? {
        lines[name].flatMap { cache.record(bytes, $0) }
    }

    /// Whether every file the index points at is as the cache knew it (its key: a rewrite, a chmod
    /// or a chown changes it; a file gone or a link left dangling has none), and `descriptions` (the
    /// cache's descriptions file) still has a whole line for each. One pass over each file, with no
    /// record parsed: the cache writes both in the same order, the order of their paths.
    package func claimingFilesUnchanged(descriptions: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { index in
            descriptions.withUnsafeBufferPointer { descriptions in
                Self.unchanged(claiming, of: index, descriptions: descriptions)
            }
        }
    }

    private nonisolated static func unchanged(_ lines: [Range<Int>], of index: UnsafeBufferPointer<UInt8>, descriptions: UnsafeBufferPointer<UInt8>) -> Bool {
        let newline = Int32(UInt8(ascii: "\n"))
        var cursor = 0
        // Each file is looked at from its folder's descriptor: one name to resolve, not the whole path.
        var folder: (path: UnsafeBufferPointer<UInt8>, descriptor: Int32)?
        defer { if let folder { close(folder.descriptor) } }
        var name: [CChar] = []
        var tabs = [Int](repeating: 0, count: 7)
        for line in lines {
            var found = 0
            for position in line where index[position] == UInt8(ascii: "\t") {
                tabs[found] = position
                found += 1
                if found == 7 { break }
            }
            guard found == 7, let key = RegistryCache.key(index, tabs) else { return false }
            let path = UnsafeBufferPointer(rebasing: index[(tabs[0] + 1)..<tabs[1]])
            guard let pathStart = path.baseAddress, let slash = path.lastIndex(of: UInt8(ascii: "/")), slash > 0 else { return false }
            let parent = UnsafeBufferPointer(rebasing: path[..<slash])
            if folder.map({ !$0.path.elementsEqual(parent) }) ?? true {
                if let folder { close(folder.descriptor) }
                let descriptor = open(String(decoding: parent, as: UTF8.self), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                guard descriptor >= 0 else {
                    folder = nil
                    return false
                }
                folder = (parent, descriptor)
            }
            name.removeAll(keepingCapacity: true)
            for byte in path[(slash + 1)...] { name.append(CChar(bitPattern: byte)) }
            name.append(0)
            var status = stat()
            guard let descriptor = folder?.descriptor, fstatat(descriptor, name, &status, 0) == 0, FileKey(status) == key else { return false }
            // Its description: the next line of the descriptions file for this path.
            var described = false
            while !described, cursor < descriptions.count, let base = descriptions.baseAddress {
                let start = UnsafeRawPointer(base + cursor)
                let end = memchr(start, newline, descriptions.count - cursor).map { cursor + (UnsafeRawPointer($0) - start) } ?? descriptions.count
                let pathEnd = cursor + path.count
                if pathEnd < end, descriptions[pathEnd] == UInt8(ascii: "\t"), memcmp(start, pathStart, path.count) == 0 {
                    guard DescriptionFile.looksWhole(json: descriptions[(pathEnd + 1)..<end]) else { return false }
                    described = true
                }
                cursor = end + 1
            }
            guard described else { return false }
        }
        return true
    }
}
