// Files the host writes for someone else (a client's recording, a flow's snapshots) go into a
// folder the user chose and nowhere else. A name is resolved against that root: `..` and paths
// outside it are refused, and so is any symbolic link on the way or at the end, checked as each
// folder is opened (openat with O_NOFOLLOW from the root's descriptor, not a path checked first
// and opened later). A file is written whole to a new name beside it (O_EXCL) and renamed over
// the target, so a reader never sees half of it; nothing is deleted.

@_spi(Host) import AppHostKit
import Glibc

/// A folder the user chose, and the files the host writes for others inside it.
public struct WriteRoot: Sendable {
    /// The root, as given.
    public let path: String

    /// A root at `path` (a folder that exists).
    public init(_ path: String) {
        self.path = path
    }

    /// Whether a file written to `name` may replace one that is there.
    public enum Existing: Sendable {
        /// Refuse when the file exists.
        case refuse
        /// Replace it (a snapshot recorded again).
        case replace
    }

    /// The components of `name` below the root; refused if it climbs out, is empty, or is
    /// absolute and not inside the root.
    public func components(of name: String) throws(WriteRefusal) -> [String] {
        var relative = Substring(name)
        if name.hasPrefix("/") {
            let root = path.hasSuffix("/") ? path : path + "/"
            guard name.hasPrefix(root) else {
                throw WriteRefusal(name: name, reason: "is outside \(path), where files are written")
            }
            relative = name.dropFirst(root.count)
        }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        guard !parts.isEmpty else { throw WriteRefusal(name: name, reason: "names no file") }
        if parts.contains("..") {
            throw WriteRefusal(name: name, reason: "climbs out with '..'; name a file inside \(path)")
        }
        return parts
    }

    /// The path `name` resolves to inside the root (checked as ``components(of:)`` checks it).
    public func resolve(_ name: String) throws(WriteRefusal) -> String {
        let parts = try components(of: name)
        return (path.hasSuffix("/") ? String(path.dropLast()) : path) + "/" + parts.joined(separator: "/")
    }

    /// Writes `bytes` to `name` inside the root, creating the folders on the way (mode 0755),
    /// following no symbolic link; the file appears whole (written beside it, then renamed).
    public func write(_ bytes: [UInt8], to name: String, existing: Existing) throws(WriteRefusal) {
        let parts = try components(of: name)
        let folder = try openFolder(parts.dropLast(), creating: true, for: name)
        defer { close(folder) }
        let file = parts[parts.count - 1]
        var status = stat()
        if fstatat(folder, file, &status, AT_SYMLINK_NOFOLLOW) == 0 {
            if status.st_mode & S_IFMT == S_IFLNK {
                throw WriteRefusal(name: name, reason: "is a symbolic link; the host does not write through one")
            }
            if status.st_mode & S_IFMT != S_IFREG {
                throw WriteRefusal(name: name, reason: "exists and is not a regular file")
            }
            if existing == .refuse { throw WriteRefusal(name: name, reason: "exists; name a new file") }
        }
        let temporary = ".\(file).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).partial"
        let descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteRefusal(name: name, reason: "cannot be written: \(Self.reason())") }
        guard Self.writeAll(bytes, to: descriptor) else {
            let reason = Self.reason()
            close(descriptor)
            unlinkat(folder, temporary, 0)
            throw WriteRefusal(name: name, reason: "cannot be written: \(reason)")
        }
        // A full disk can show first at close or sync: the file is kept only if both succeed.
        guard fsync(descriptor) == 0 || errno == EINVAL, close(descriptor) == 0 else {
            let reason = Self.reason()
            unlinkat(folder, temporary, 0)
            throw WriteRefusal(name: name, reason: "cannot be written: \(reason)")
        }
        if existing == .refuse {
            // Taken by someone else meanwhile: link fails rather than replace it.
            guard linkat(folder, temporary, folder, file, 0) == 0 else {
                let reason = Self.reason()
                unlinkat(folder, temporary, 0)
                throw WriteRefusal(name: name, reason: errno == EEXIST ? "exists; name a new file" : "cannot be written: \(reason)")
            }
            unlinkat(folder, temporary, 0)
        } else if renameat(folder, temporary, folder, file) != 0 {
            let reason = Self.reason()
            unlinkat(folder, temporary, 0)
            throw WriteRefusal(name: name, reason: "cannot be written: \(reason)")
        }
    }

    /// Opens `name` inside the root for writing from its start (a recording that grows), creating
    /// it and the folders on the way, following no symbolic link; the descriptor is the caller's.
    public func create(_ name: String, existing: Existing) throws(WriteRefusal) -> Int32 {
        let parts = try components(of: name)
        let folder = try openFolder(parts.dropLast(), creating: true, for: name)
        defer { close(folder) }
        let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (existing == .refuse ? O_EXCL : O_TRUNC)
        let descriptor = openat(folder, parts[parts.count - 1], flags, 0o644)
        guard descriptor >= 0 else {
            switch errno {
            case EEXIST: throw WriteRefusal(name: name, reason: "exists; name a new file")
            case ELOOP: throw WriteRefusal(name: name, reason: "is a symbolic link; the host does not write through one")
            default: throw WriteRefusal(name: name, reason: "cannot be written: \(Self.reason())")
            }
        }
        return descriptor
    }

    /// Creates the folder `name` inside the root (and those on the way); refuses one that exists
    /// when `existing` is `.refuse`, and a symbolic link anywhere.
    public func makeFolder(_ name: String, existing: Existing) throws(WriteRefusal) {
        let parts = try components(of: name)
        let parent = try openFolder(parts.dropLast(), creating: true, for: name)
        defer { close(parent) }
        if mkdirat(parent, parts[parts.count - 1], 0o755) != 0 {
            guard errno == EEXIST else { throw WriteRefusal(name: name, reason: "cannot be made: \(Self.reason())") }
            if existing == .refuse { throw WriteRefusal(name: name, reason: "exists; name a new one") }
        }
        let folder = openat(parent, parts[parts.count - 1], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { throw WriteRefusal(name: name, reason: "is not a folder the host may write in (a symbolic link?)") }
        close(folder)
    }

    /// Removes the empty folder `name` inside the root, one the caller has just made (a write
    /// that failed after it): a folder with anything in it stays, and no link is followed.
    public func removeEmptyFolder(_ name: String) {
        guard let parts = try? components(of: name), let parent = try? openFolder(parts.dropLast(), creating: false, for: name) else { return }
        defer { close(parent) }
        _ = unlinkat(parent, parts[parts.count - 1], AT_REMOVEDIR)
    }

    /// Opens the folder `parts` below the root, each step without following a link, making the
    /// missing ones when `creating`; the descriptor is the caller's to close.
    private func openFolder(_ parts: ArraySlice<String>, creating: Bool, for name: String) throws(WriteRefusal) -> Int32 {
        var folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw WriteRefusal(name: name, reason: "cannot be written: the folder \(path): \(Self.reason())") }
        for part in parts {
            if creating, mkdirat(folder, part, 0o755) != 0, errno != EEXIST {
                let reason = Self.reason()
                close(folder)
                throw WriteRefusal(name: name, reason: "cannot be written: \(part): \(reason)")
            }
            let next = openat(folder, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(folder)
            guard next >= 0 else {
                throw WriteRefusal(name: name, reason: "passes through \(part), which is a symbolic link or not a folder; the host does not write through one")
            }
            folder = next
        }
        return folder
    }

    private static func reason() -> String { String(cString: strerror(errno)) }

    /// Writes all of `bytes` to `descriptor`; false, with `errno` set, if it cannot.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        Descriptor.writeAll(descriptor, bytes)
    }

    /// Writes `bytes` to a file the person named themselves (`--junit FILE`): a device or a pipe
    /// directly (a full one is an error), a file whole (written beside it, then renamed over it),
    /// never through a symbolic link.
    public static func write(_ bytes: [UInt8], toChosen path: String) throws(WriteRefusal) {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFDIR {
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw WriteRefusal(name: path, reason: "cannot be written: \(String(cString: strerror(errno)))") }
            guard writeAll(bytes, to: descriptor) else {
                let reason = Self.reason()
                close(descriptor)
                throw WriteRefusal(name: path, reason: "cannot be written: \(reason)")
            }
            guard close(descriptor) == 0 else { throw WriteRefusal(name: path, reason: "cannot be written: \(String(cString: strerror(errno)))") }
            return
        }
        let absolute = path.hasPrefix("/") ? path : currentFolder() + "/" + path
        let slash = absolute.lastIndex(of: "/") ?? absolute.startIndex
        let folder = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
        try WriteRoot(folder).write(bytes, to: String(absolute[absolute.index(after: slash)...]), existing: .replace)
    }

    /// Replaces a file of the host's own (the registry cache, its note of the app layer's check)
    /// with `bytes`: written to a new name beside it, opened with O_EXCL and O_NOFOLLOW (mode 0600),
    /// then renamed over it. A file or a link someone planted at the new name, in a cache folder
    /// others can write to, is never written through. Not synced: what it holds can be made again.
    package static func replaceOwnFile(_ path: String, with bytes: [UInt8]) throws(WriteRefusal) {
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<16 where descriptor < 0 {
            temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor < 0, errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw WriteRefusal(name: path, reason: "cannot be written: \(reason())") }
        guard writeAll(bytes, to: descriptor) else {
            let reason = reason()
            close(descriptor)
            unlink(temporary)
            throw WriteRefusal(name: path, reason: "cannot be written: \(reason)")
        }
        guard close(descriptor) == 0, rename(temporary, path) == 0 else {
            let reason = reason()
            unlink(temporary)
            throw WriteRefusal(name: path, reason: "cannot be replaced: \(reason)")
        }
    }

    /// The working folder.
    private static func currentFolder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

/// A file the host would not write, and why: `name` as given, then the reason.
public struct WriteRefusal: Error, CustomStringConvertible, Sendable {
    public let name: String
    public let reason: String

    public var description: String { "\(name) \(reason)" }
}

/// A folder of the host's own for files nobody else should read: made by `mkdtemp` (a new name,
/// mode 0700, so a folder another user made first is never used), removed with what the host put
/// in it when ``remove()`` is called.
public final class PrivateFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// Makes a new private folder in the system's temporary folder, named `prefix-XXXXXX`.
    public init(prefix: String) throws(WriteRefusal) {
        let base = (getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp").trimmingSuffix("/")
        var template = Array((base + "/" + prefix + "-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw WriteRefusal(name: base + "/" + prefix + "-XXXXXX", reason: "cannot be made: \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    /// Removes the folder and what is in it: folders are entered without following a link, and a
    /// link is removed, never what it points to.
    public func remove() {
        Self.removeContents(of: path)
        rmdir(path)
    }

    private static func removeContents(of folder: String) {
        var names: [String] = []
        DirectoryNames.forEach(in: folder) { if $0 != ".", $0 != ".." { names.append($0) } }
        for name in names {
            let item = folder + "/" + name
            var status = stat()
            guard lstat(item, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                removeContents(of: item)
                rmdir(item)
            } else {
                unlink(item)
            }
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        var result = self
        while result.count > 1, result.hasSuffix(suffix) { result.removeLast(suffix.count) }
        return result
    }
}
