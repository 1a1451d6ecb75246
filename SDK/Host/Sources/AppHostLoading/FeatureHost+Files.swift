// What the host found, file by file, and the rule for names two files claim.

@_spi(Host) import AppHostKit
@_spi(Host) import AppHostNavigation
import FoundationEssentials
import Glibc
import Logging

extension FeatureHost {
    /// Every feature file known to this host, described (descriptions decoded), then every refused one: for listings.
    public func describeFiles() -> [FeatureFile] {
        let loaded = Dictionary(features.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let waiting = warmIndex == nil ? deferredInOrder : registry.deferredFeatures.sorted { $0.path < $1.path }
        let usable = waiting.map { feature in
            if let loaded = loaded[feature.path] {
                return FeatureFile(path: feature.path, status: .loaded, description: loaded.description)
            }
            return FeatureFile(path: feature.path, status: feature.probed ? .probed : .cached, description: feature.description)
        }
        let deferredPaths = Set(waiting.map(\.path))
        let loadedHere = features.filter { !deferredPaths.contains($0.path) }
            .map { FeatureFile(path: $0.path, status: .loaded, description: $0.description) }
        return usable + loadedHere + files.filter { $0.error != nil }
    }

    /// The clash rule: folders are searched in order and the earlier folder's claim stands; within
    /// one folder, files that claim the same name are all refused, each naming the others.
    package static func clashes(_ files: [(path: String, folder: Int, claims: FeatureClaims)]) -> [String: FeatureLoadError] {
        // Most starts have no clash at all: one pass finds out.
        var claimed = Set<String>(minimumCapacity: files.count)
        var clash = false
        for file in files {
            for name in file.claims.all where !claimed.insert(name).inserted {
                clash = true
            }
        }
        guard clash else { return [:] }
        var owners: [String: String] = [:]
        var refused: [String: FeatureLoadError] = [:]
        let folders = Dictionary(grouping: files, by: \.folder)
        for folder in folders.keys.sorted() {
            let group = folders[folder] ?? []
            var claimants: [String: [String]] = [:]
            for file in group {
                for name in file.claims.all { claimants[name, default: []].append(file.path) }
            }
            for file in group {
                for name in file.claims.all {
                    if let owner = owners[name] {
                        refused[file.path] = .nameClash(path: file.path, name: name, others: [owner], earlierFolder: true)
                        break
                    }
                    let others = (claimants[name] ?? []).filter { $0 != file.path }
                    if !others.isEmpty {
                        refused[file.path] = .nameClash(path: file.path, name: name, others: others, earlierFolder: false)
                        break
                    }
                }
            }
            for file in group where refused[file.path] == nil {
                for name in file.claims.all { owners[name] = file.path }
            }
        }
        return refused
    }
}
