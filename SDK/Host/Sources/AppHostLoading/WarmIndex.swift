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
        // A line is some hundred bytes and most claim one name or two.
        claims.reserveCapacity(bytes.count / 128)
        lines.reserveCapacity(bytes.count / 128)
        let readable = bytes.withUnsafeBufferPointer { buffer in
            var tabs: [Int] = []
            tabs.reserveCapacity(9)
            var start = header.count
            while start < buffer.count {
                let end = Self.end(of: UInt8(ascii: "\n"), in: buffer, from: start, to: buffer.count)
                if end > start, !read(line: start..<end, of: buffer, searchedFolders: searchedFolders, tabs: &tabs) { return false }
                start = end + 1
            }
            return true
        }
        guard readable else { return nil }
        // Every folder searched must be one the index lists.
        guard searched.allSatisfy({ folders[$0.hasSuffix("/") ? String($0.dropLast()) : $0] != nil }) else { return nil }
    }

    /// The index of the first `byte` in `buffer[start..<end]`, or `end`: memchr, as a line of the
    /// index is some hundred bytes and most of them are skipped.
    private nonisolated static func end(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard start < end, let base = buffer.baseAddress, let found = memchr(base + start, Int32(byte), end - start) else { return end }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Takes one line in; false if the shortcut cannot be used. A file's line in a folder not
    /// searched now is passed over after its second field.
    private func read(line: Range<Int>, of buffer: UnsafeBufferPointer<UInt8>, searchedFolders: [[UInt8]], tabs: inout [Int]) -> Bool {
        let kindEnd = Self.end(of: UInt8(ascii: "\t"), in: buffer, from: line.lowerBound, to: line.upperBound)
        let pathEnd = Self.end(of: UInt8(ascii: "\t"), in: buffer, from: kindEnd + 1, to: line.upperBound)
        guard pathEnd < line.upperBound else { return false }
        let kind = UnsafeBufferPointer(rebasing: buffer[line.lowerBound..<kindEnd])
        let path = UnsafeBufferPointer(rebasing: buffer[(kindEnd + 1)..<pathEnd])
        let isFolder = kind.elementsEqual("folder".utf8)
        if !isFolder {
            guard let slash = path.lastIndex(of: UInt8(ascii: "/")), let pathStart = path.baseAddress,
                searchedFolders.contains(where: { folder in
                    folder.count == slash - path.startIndex && (folder.isEmpty || folder.withUnsafeBufferPointer { memcmp($0.baseAddress!, pathStart, folder.count) == 0 })
                })
            else {
                return true  // a file of a folder not searched now
            }
        }
        tabs.removeAll(keepingCapacity: true)
        tabs.append(kindEnd)
        tabs.append(pathEnd)
        var cursor = pathEnd + 1
        while tabs.count < 9 {
            let tab = Self.end(of: UInt8(ascii: "\t"), in: buffer, from: cursor, to: line.upperBound)
            guard tab < line.upperBound else { return false }
            tabs.append(tab)
            cursor = tab + 1
        }
        if isFolder {
            guard let key = RegistryCache.key(buffer, tabs) else { return false }
            folders[String(decoding: path, as: UTF8.self)] = key
            return true
        }
        if kind.elementsEqual("refused".utf8) {
            guard let record = cache.record(bytes, line) else { return false }
            refused.append(record)
            return true
        }
        guard kind.elementsEqual("ok".utf8) else { return false }
        return readClaims(of: line, from: tabs[7] + 1, to: tabs[8], in: buffer)
    }

    /// Takes in the claims of a file's line, `buffer[start..<end]`; false if the shortcut cannot be used.
    private func readClaims(of line: Range<Int>, from start: Int, to end: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        // Claims: r:NAME, s:NAME, h:NAME or *:NAME@ROOT, comma-separated.
        var claim = start
        guard !(end - claim == 1 && buffer[claim] == UInt8(ascii: "-")) else { return true }
        while claim < end {
            let stop = Self.end(of: UInt8(ascii: ","), in: buffer, from: claim, to: end)
            guard stop - claim >= 3, buffer[claim + 1] == UInt8(ascii: ":") else { return false }
            var nameEnd = stop
            var root: String?
            if buffer[claim] == UInt8(ascii: "*") {
                let at = Self.end(of: UInt8(ascii: "@"), in: buffer, from: claim + 2, to: stop)
                guard at < stop else { return false }
                nameEnd = at
                root = String(decoding: UnsafeBufferPointer(rebasing: buffer[(at + 1)..<stop]), as: UTF8.self)
            }
            let name = String(decoding: UnsafeBufferPointer(rebasing: buffer[(claim + 2)..<nameEnd]), as: UTF8.self)
            // A name claimed twice needs the clash rule: the full path applies it.
            let claimed = KnownName(shell: buffer[claim] == UInt8(ascii: "s"), hidden: buffer[claim] == UInt8(ascii: "h"), root: root)
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
            let sameFolder = folder.map { folder in
                folder.path.count == parent.count && (parent.isEmpty || memcmp(folder.path.baseAddress!, parent.baseAddress!, parent.count) == 0)
            } ?? false
            if !sameFolder {
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
