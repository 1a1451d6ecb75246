// The host's view of a feature's resources folder (the kit's FeatureResources finds it for the
// feature): `apphost list` names it, `apphost lock` hashes its files, a locked folder checks them,
// and `--watch` reloads when one changes.

@_spi(Host) import AppHostKit
import FoundationEssentials
import Glibc

/// The resources folder beside a feature library, and the files in it.
public enum FeatureResourceFolder {
    /// At most this many files in a resources folder are hashed, watched or listed.
    public static let maximumFiles = 10_000
    /// Folders inside a resources folder are followed this deep.
    package static let maximumDepth = 8

    /// The resources folder of the library at `path`: `<Stem>.resources` (or SwiftPM's
    /// `<Package>_<Stem>.resources`) beside `lib<Stem>.so`, or nil when it ships none.
    /// A link is followed, as the loader's mapping of the file is: the kit finds the folder beside the real file.
    public static func of(library path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        let url = URL(fileURLWithPath: String(cString: real))
        free(real)
        var stem = url.lastPathComponent
        guard stem.hasPrefix("lib"), stem.hasSuffix(".so") else { return nil }
        stem = String(stem.dropFirst(3).dropLast(3))
        return FeatureResources.find(module: stem, in: url.deletingLastPathComponent().path)
    }

    /// The regular files in `folder`, as paths relative to it, sorted; links are not followed.
    public static func files(in folder: String) -> [String] {
        var found: [String] = []
        func walk(_ relative: String, depth: Int) {
            guard depth <= maximumDepth, found.count < maximumFiles else { return }
            let absolute = relative.isEmpty ? folder : folder + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { return }
            for name in names.sorted() where found.count < maximumFiles {
                let path = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                guard lstat(folder + "/" + path, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFREG: found.append(path)
                case S_IFDIR: walk(path, depth: depth + 1)
                default: continue
                }
            }
        }
        walk("", depth: 0)
        return found.sorted()
    }

    /// A number that changes when a file in `folder` is added, removed, resized or written.
    public static func signature(of folder: String) -> Int {
        var hasher = Hasher()
        for file in files(in: folder) {
            var status = stat()
            guard stat(folder + "/" + file, &status) == 0 else { continue }
            hasher.combine(file)
            hasher.combine(status.st_size)
            hasher.combine(status.st_mtim.tv_sec)
            hasher.combine(status.st_mtim.tv_nsec)
            hasher.combine(status.st_ino)
        }
        return hasher.finalize()
    }

    /// The names (`<folder name>/<file>`) under which a lock file records the library's resources.
    package static func lockNames(library path: String) -> [(name: String, path: String)] {
        guard let folder = of(library: path) else { return [] }
        let base = URL(fileURLWithPath: folder).lastPathComponent
        return files(in: folder).map { (base + "/" + $0, folder + "/" + $0) }
    }
}
