// A feature's resources are files that ship beside its library, in a folder named after the
// feature's module: `CharacterFeature.resources` beside `libCharacterFeature.so`. SwiftPM builds a
// target's `resources:` into `<Package>_<Module>.resources` beside the library it builds; that name
// is found too, so a feature runs from its build folder and from a features folder it was copied
// into, and a test bundle that links the feature finds them beside itself.
//
// The folder is found from the image the feature's code lives in (the file mapped where the module
// type's metadata is), as SwiftPM's Bundle.module is, but without Foundation: features that want
// Foundation's URL or JSONDecoder import it themselves.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// The folder of files a feature ships beside its library: JSON fixtures, string tables.
///
/// ```swift
/// let resources = try FeatureResources(for: CharacterFeature.self)
/// let json = try resources.bytes("characters.json")
/// ```
public struct FeatureResources: Sendable, Hashable {
    /// The largest file ``bytes(_:)`` reads: 64 MiB.
    public static let maximumFileSize = 64 << 20

    /// The folder's absolute path.
    public let path: String

    /// The resources of a folder at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The resources of the module that declares `type`: `<Module>.resources` (or SwiftPM's
    /// `<Package>_<Module>.resources`) in the folder of the library or executable holding its code.
    /// Throws ``FeatureResourcesError`` naming where it looked when there is none.
    public init(for type: Any.Type) throws(FeatureResourcesError) {
        // A folder found is remembered: finding it reads the process's memory map. One not found is
        // looked for again next time (it may have been copied there since).
        if let known = Self.found.withLock({ $0[ObjectIdentifier(type)] }) {
            self.init(path: known)
            return
        }
        let module = Self.moduleName(of: type)
        guard let image = Self.image(of: type) else {
            throw FeatureResourcesError(description: "cannot tell which library holds \(module)'s code, so its resources cannot be found")
        }
        let folder = Self.folder(of: image)
        // A library is found by its own name too: libCharacterFeature.so → CharacterFeature.resources.
        let file = image[(image.lastIndex(of: "/").map { image.index(after: $0) } ?? image.startIndex)...]
        let stem = file.hasPrefix("lib") && file.hasSuffix(".so") ? String(file.dropFirst(3).dropLast(3)) : module
        guard let found = Self.find(module: module, in: folder) ?? (stem == module ? nil : Self.find(module: stem, in: folder)) else {
            throw FeatureResourcesError(
                description: "\(module) has no resources: no \(module).resources (or *_\(module).resources) folder beside \(image)"
            )
        }
        Self.found.withLock { $0[ObjectIdentifier(type)] = found }
        self.init(path: found)
    }

    /// The folders found so far, by the type they were found for.
    private static let found = Mutex<[ObjectIdentifier: String]>([:])

    /// The path of the file `name` in the folder (which may not exist). `name` is relative: `..` and
    /// absolute names are refused by ``bytes(_:)``.
    public func path(of name: String) -> String {
        path + "/" + name
    }

    /// The contents of the file `name` in the folder.
    public func bytes(_ name: String) throws(FeatureResourcesError) -> [UInt8] {
        if name.isEmpty || name.hasPrefix("/") || name.split(separator: "/").contains("..") {
            throw FeatureResourcesError(description: "'\(name)' is not a name inside \(path)")
        }
        let file = path(of: name)
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FeatureResourcesError(description: "\(file): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw FeatureResourcesError(description: "\(file) is not a regular file")
        }
        guard Int(status.st_size) <= Self.maximumFileSize else {
            throw FeatureResourcesError(description: "\(file) is \(status.st_size) bytes; resources are read up to \(Self.maximumFileSize)")
        }
        var contents = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < contents.count {
            let count = contents.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw FeatureResourcesError(description: "\(file): could not be read whole")
            }
            filled += count
        }
        return contents
    }

    /// The contents of the file `name` in the folder, as UTF-8 text.
    public func text(_ name: String) throws(FeatureResourcesError) -> String {
        String(decoding: try bytes(name), as: UTF8.self)
    }

    /// The module that declares `type`: the first component of its qualified name.
    static func moduleName(of type: Any.Type) -> String {
        // _typeName gives String(reflecting:)'s text without its protocol-conformance look-ups.
        let name = _typeName(type, qualified: true)
        return name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
    }

    /// The library or executable whose image holds `type`'s metadata: the file mapped at its address
    /// in /proc/self/maps (glibc's dladdr is not visible to Swift without _GNU_SOURCE).
    static func image(of type: Any.Type) -> String? {
        let address = UInt(bitPattern: unsafeBitCast(type, to: UnsafeRawPointer.self))
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var line = [CChar](repeating: 0, count: 4096 + Int(PATH_MAX))
        while fgets(&line, Int32(line.count), maps) != nil {
            let text = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            // start-end perms offset device inode path
            let fields = text.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let low = UInt(range[0], radix: 16), let high = UInt(range[1], radix: 16),
                low <= address, address < high
            else { continue }
            let path = fields[5].drop { $0 == " " }.prefix { $0 != "\n" }
            return path.hasPrefix("/") ? String(path) : nil
        }
        return nil
    }

    /// The folder that holds `file`.
    static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }

    /// `<module>.resources` in `folder` if it is a folder, else the one `*_<module>.resources` there.
    @_spi(Host)
    public static func find(module: String, in folder: String) -> String? {
        let exact = folder + "/" + module + ".resources"
        if isFolder(exact) { return exact }
        let suffix = "_" + module + ".resources"
        var matches: [String] = []
        let listed = DirectoryNames.forEach(in: folder) { name in
            if name.hasSuffix(suffix), name.count > suffix.count, isFolder(folder + "/" + name) {
                matches.append(folder + "/" + name)
            }
        }
        guard listed else { return nil }
        return matches.count == 1 ? matches[0] : nil
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}

/// A feature's resources cannot be found or read; the description names the folder or file.
public struct FeatureResourcesError: Error, CustomStringConvertible, Sendable {
    /// What is wrong, naming the folder or file.
    public let description: String
}

/// The names in a folder, read with `readdir`, each read only as far as its terminating zero: a
/// `dirent` is as long as its name, not `MemoryLayout<dirent>.size`, so copying the whole struct
/// (its 256-byte `d_name`) reads past the end of the directory's buffer, which a large folder's
/// last entry can sit at the very end of.
@_spi(Host)
public enum DirectoryNames {
    /// Calls `body` with each name in `folder` (`.` and `..` included); false if it cannot be read.
    @discardableResult
    public static func forEach(in folder: String, _ body: (String) -> Void) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        guard let offset = MemoryLayout<dirent>.offset(of: \.d_name) else { return false }
        while let entry = readdir(directory) {
            // The name starts at d_name and ends at its zero, inside the entry the kernel wrote.
            let name = (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self)
            body(String(cString: name))
        }
        return true
    }
}
