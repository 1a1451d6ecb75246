// A warm start from the registry cache, its checks of each file used, and saving the cache.

@_spi(Host) import AppHostKit
@_spi(Host) import AppHostNavigation
import AppHostSupport
import FoundationEssentials
import Glibc
import Logging

extension FeatureHost {
    /// The warm start's shortcut (WarmIndex): when every folder searched is unchanged since the cache listed it,
    /// trusted and without a lock file, and every refused file is unchanged, the registry gets the index's names
    /// and no file is looked at until its feature is used. False, having changed nothing, when it does not apply.
    package func startWarm(_ discovery: FeatureDiscovery, cache: RegistryCache, prober: FeatureProber, allowUntrusted: Bool) -> Bool {
        guard let index = WarmIndex(cache: cache, searched: discovery.directories) else { return false }
        for directory in discovery.directories {
            let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
            guard let status = FileKey.of(directory), status.mode & S_IFMT == S_IFDIR, index.folders[folder] == status.key,
                allowUntrusted || FileTrust.folderProblem(path: directory, mode: status.mode, owner: status.owner) == nil,
                access(folder + "/" + LockFile.fileName, F_OK) != 0
            else { return false }
        }
        for record in index.refused {
            guard let status = FileKey.of(record.path), status.key == record.key else { return false }
        }
        // Every file the index points at is as the cache knew it: a chmod or chown changes its key
        // (its ctime), and a file gone or a link left dangling has none; either needs the full path,
        // which checks trust and says what is wrong, warm or cold.
        // A description the descriptions file lost or cut short: the full path probes the file again.
        guard DescriptionFile.withBytes(of: cache.descriptionsPath, { index.claimingFilesUnchanged(descriptions: $0) }) else { return false }
        for record in index.refused {
            if case .refused(let message) = record.finding {
                refuse(.refusedByProbe(path: record.path, message: message), quarantined: true)
            }
        }
        loading = Loading(prober: prober, cache: cache, allowUntrusted: allowUntrusted, records: [:], folders: [:], original: RegistryCache.Contents())
        warmIndex = index
        logger.debug("warm start: \(index.claims.count) names from the registry cache \(cache.path); no feature file opened", source: HostLogging.source)
        registry.source = self
        return true
    }

    package func saveCache(removed: Set<String> = []) {
        guard let loading, let cache = loading.cache else { return }
        do {
            let changed = loading.records.filter { path, record in
                !removed.contains(path) && !(loading.original.records[path].map(record.isSame) ?? false)
            }
            let folders = loading.folders.filter { loading.original.folders[$0.key] != $0.value }
            try cache.save(changed, folders: folders, removed: removed)
        } catch {
            warn("registry cache \(cache.path) cannot be written: \(describe(error))")
        }
    }

    /// Why the resources of the locked library at `path` do not match `lock`, or nil if they do:
    /// each file in its resources folder must be locked with its hash, and each locked one be there.
    package func lockedResourcesProblem(library path: String, lock: LockFile) -> String? {
        let files = FeatureResourceFolder.lockNames(library: path)
        for file in files {
            guard let locked = lock.hashes[file.name] else {
                return "its resource \(file.name) is not in the lock file"
            }
            let hash = SHA256Digest.ofFile(file.path)
            guard hash == locked else {
                return "its resource \(file.name) has changed since it was locked (SHA-256 \(hash ?? "unreadable"), locked \(locked))"
            }
        }
        let stem = URL(fileURLWithPath: path).lastPathComponent.dropFirst(3).dropLast(3)
        let present = Set(files.map(\.name))
        let missing = lock.hashes.keys.filter { name in
            guard let slash = name.firstIndex(of: "/") else { return false }
            let folder = name[..<slash]
            return (folder == "\(stem).resources" || folder.hasSuffix("_\(stem).resources")) && !present.contains(name)
        }
        return missing.min().map { "its locked resource \($0) is missing" }
    }

    /// Checks a file found in a folder: a regular file, and trusted. Records a refusal (so that a warm start
    /// repeats it) and returns nil, or returns its key.
    package func check(_ path: String, _ status: (key: FileKey, mode: mode_t, owner: uid_t), allowUntrusted: Bool, records: inout [String: CacheRecord]) -> FileKey? {
        var refusal: FeatureLoadError?
        if status.mode & S_IFMT != S_IFREG {
            refusal = .notARegularFile(path: path, kind: FileKind(mode: status.mode).description)
        } else if !allowUntrusted, let problem = FileTrust.problem(path: path, mode: status.mode, owner: status.owner, isFolder: false) {
            refusal = .untrusted(path: path, reason: problem)
        }
        guard let refusal else { return status.key }
        refuse(refusal)
        records[path] = CacheRecord(path: path, key: status.key, sha256: nil, finding: .refused(refusal.description))
        return nil
    }

    /// Loads a deferred feature on first use. One the warm start did not check is checked now: if it
    /// changed since it was probed, it is probed again, in a child, before it runs here.
    package func verifyAndLoad(_ feature: DeferredFeature) {
        if let cachedKey = (feature.ticket as? LoadingTicket)?.uncheckedKey, var loading {
            guard let status = FileKey.of(feature.path) else {
                refuse(.notFound(path: feature.path))
                return
            }
            if status.key != cachedKey {
                guard check(feature.path, status, allowUntrusted: loading.allowUntrusted, records: &loading.records) != nil else {
                    self.loading = loading
                    saveCache()
                    return
                }
                let result = loading.prober.probe([feature.path]) { _, _ in }[feature.path]
                switch result {
                case .success(let probed)?:
                    loading.records[feature.path] = CacheRecord(path: feature.path, key: status.key, sha256: nil, finding: .described(probed.claims, json: probed.json))
                    self.loading = loading
                    saveCache()
                case .failure(let error)?:
                    loading.records[feature.path] = CacheRecord(path: feature.path, key: status.key, sha256: nil, finding: .refused(error.description))
                    self.loading = loading
                    saveCache()
                    refuse(error)
                    return
                case nil:
                    refuse(.probeFailed(path: feature.path, reason: "its probe gave no answer"))
                    return
                }
            }
        }
        loadDeferred(feature)
    }
}
