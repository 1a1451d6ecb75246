// The app layer's static check, kept beside the registry cache.

@_spi(Host) import AppHostKit
@_spi(Host) import AppHostNavigation
import AppHostSupport
import FoundationEssentials
import Glibc
import Logging

extension FeatureHost {
    /// What the loaded features' app layer lacks (see ``AppLayerCheck``), as a start names it.
    /// Checking decodes every feature's description (about 1.7 ms for the repository's seven). So
    /// the lines are kept beside the registry cache: one file for each build's cache file and set of
    /// folders searched, at most ``keptAppLayerFiles``. Each is stamped with the cache file's version
    /// and the folders. A start whose features have not changed since reads them back.
    public func appLayerProblems() -> [String] {
        guard let cache = usedCache else { return AppLayerCheck(describeFiles().compactMap(\.description)).problems }
        // One file for each build's cache file and set of folders searched. So these do not check
        // again at each other's turn: hosts with different folders that share the cache (an app
        // and its tests, two checkouts), and two builds of the host (debug and release, each with
        // a cache file of its own).
        let folders = searchedDirectories.joined(separator: ":")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (cache.path + "\n" + folders).utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let directory = URL(fileURLWithPath: cache.path).deletingLastPathComponent()
        let file = directory.appendingPathComponent("app-layer-v1-\(String(hash, radix: 16)).txt").path
        var status = stat()
        let stamp = stat(cache.path, &status) == 0
            ? "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ino) \(searchedDirectories.joined(separator: ":"))"
            : nil
        if let stamp, let data = FileManager.default.contents(atPath: file) {
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.first == stamp, lines.last == "" { return Array(lines.dropFirst().dropLast()) }
        }
        let problems = AppLayerCheck(describeFiles().compactMap(\.description)).problems
        if let stamp, !stamp.contains("\n"), problems.allSatisfy({ !$0.contains("\n") }) {
            // Written beside the cache and renamed over the old one; a failure only means checking again next time.
            try? WriteRoot.replaceOwnFile(file, with: Array(([stamp] + problems + [""]).joined(separator: "\n").utf8))
            Self.pruneAppLayerFiles(in: directory.path)
        }
        return problems
    }

    /// The most app-layer check files kept beside the cache; past it, the oldest go.
    package static let keptAppLayerFiles = 64

    package static func pruneAppLayerFiles(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let files = names.filter { $0.hasPrefix("app-layer-v1-") && $0.hasSuffix(".txt") }.map { directory + "/" + $0 }
        guard files.count > keptAppLayerFiles else { return }
        let byAge = files.map { path -> (String, Int) in
            var status = stat()
            return (path, stat(path, &status) == 0 ? status.st_mtim.tv_sec : 0)
        }.sorted { $0.1 < $1.1 }
        for (path, _) in byAge.prefix(files.count - keptAppLayerFiles) { unlink(path) }
    }
}
