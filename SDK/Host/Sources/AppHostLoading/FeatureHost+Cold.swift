// A cold start: every folder is listed, every file checked, the files the cache does not know in
// their current version probed, and the cache written back. Four phases, one function each, run in
// order by startCold; what they share is a ColdStart, the cache's records as this start changes them.

@_spi(Host) import AppHostKit
@_spi(Host) import AppHostNavigation
import FoundationEssentials
import Glibc

extension FeatureHost {
    /// What the four phases of a cold start share.
    package struct ColdStart {
        let options: LoadOptions
        /// The cache as read, which a save compares against.
        var original: RegistryCache.Contents
        /// Every record, as this start finds the files.
        var records: [String: CacheRecord]
        /// Every folder listed, with its key when listed.
        var folders: [String: FileKey]
        /// Whether anything differs from `original`: only then is the cache written.
        var changed: Bool
    }

    /// A file that passed the checks of phase 1.
    package struct Candidate {
        var path: String
        /// Which of the searched folders it is in: the clash rule prefers earlier folders.
        var folder: Int
        var key: FileKey
    }

    /// What a file registers, or why it is refused, and whether a probe of this run found it.
    package typealias Found = (finding: CacheRecord.Finding, fresh: Bool)

    /// The full start: 1. which files; 2. what each registers; 3. who owns each name; 4. keep what was learned.
    package func startCold(_ discovery: FeatureDiscovery, prober: FeatureProber, options: LoadOptions) {
        let read = (options.rescan ? nil : options.cache?.load()) ?? RegistryCache.Contents()
        if let problem = read.problem, let cache = options.cache {
            warn("registry cache \(cache.path) \(problem); it is rebuilt")
        }
        var start = ColdStart(options: options, original: read, records: read.records, folders: read.folders, changed: options.rescan)
        let candidates = checkFiles(in: discovery.directories, &start)
        let found = findDescriptions(candidates, prober: prober, &start)
        deferAccepted(candidates, found)
        keep(prober: prober, candidates: candidates, start)
    }

    // Long: the cold start's first phase, one pass over the folders with the trust and lock checks of each file, sharing the start's records.
    /// 1. Which files, each checked for trust and against its folder's lock file. A folder whose entries did
    ///    not change since the cache listed it is not listed again: its cached files are each looked at (a stat).
    package func checkFiles(in directories: [String], _ start: inout ColdStart) -> [Candidate] {
        let options = start.options
        // The cache lists records sorted by path, so each folder's records come out sorted.
        var cachedByFolder: [Substring: [String]] = [:]
        for path in start.original.order {
            let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) ?? path.startIndex
            cachedByFolder[path[..<slash], default: []].append(path)
        }
        var candidates: [Candidate] = []
        for (folder, directory) in directories.enumerated() {
            guard let folderStatus = FileKey.of(directory), folderStatus.mode & S_IFMT == S_IFDIR else {
                refuseFolder(directory)
                continue
            }
            if !options.allowUntrusted,
                let problem = FileTrust.folderProblem(path: directory, mode: folderStatus.mode, owner: folderStatus.owner)
            {
                refuse(.untrusted(path: directory, reason: problem))
                continue
            }
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            let folderKey = String(prefix.dropLast())
            if !options.rescan, start.folders[folderKey] == folderStatus.key, access(prefix + LockFile.fileName, F_OK) != 0 {
                for path in cachedByFolder[folderKey[...]] ?? [] {
                    guard let record = start.records[path] else { continue }
                    // A refused file that was fixed is taken at once, and one whose mode or owner changed
                    // (its ctime did) is checked for trust again.
                    guard let status = FileKey.of(record.path) else {
                        refuse(.notFound(path: record.path))
                        continue
                    }
                    if status.key != record.key {
                        if let key = check(record.path, status, allowUntrusted: options.allowUntrusted, records: &start.records) {
                            candidates.append(Candidate(path: record.path, folder: folder, key: key))
                        }
                        start.changed = true
                    } else {
                        candidates.append(Candidate(path: record.path, folder: folder, key: record.key))
                    }
                }
                continue
            }
            guard let names = FeatureDiscovery.featureFiles(in: directory) else {
                refuseFolder(directory)
                continue
            }
            start.folders[folderKey] = folderStatus.key
            start.changed = true
            let lock: LockFile?
            do {
                lock = try LockFile.read(in: directory)
            } catch {
                refuse(.notLocked(path: directory, lockFile: LockFile.fileName, reason: error.message))
                continue
            }
            for name in names {
                let path = prefix + name
                guard let status = FileKey.of(path) else {
                    refuse(.notFound(path: path))
                    // Kept as a refusal of the link itself, so that a warm start looks at it again and says so.
                    if let link = FileKey.ofLink(path) {
                        start.records[path] = CacheRecord(path: path, key: link, sha256: nil, finding: .refused(FeatureLoadError.notFound(path: path).description))
                    }
                    continue
                }
                guard check(path, status, allowUntrusted: options.allowUntrusted, records: &start.records) != nil else { continue }
                if let lock, let refusal = lockRefusal(path, name: name, key: status.key, lock: lock, &start) {
                    refuse(refusal)
                    continue
                }
                candidates.append(Candidate(path: path, folder: folder, key: status.key))
            }
        }
        return candidates
    }

    /// Why the file at `path` does not match its folder's lock file, or nil if it does. Its hash is
    /// kept in its record, so that the next start does not read the file again.
    private func lockRefusal(_ path: String, name: String, key: FileKey, lock: LockFile, _ start: inout ColdStart) -> FeatureLoadError? {
        let known = start.records[path].flatMap { $0.key == key ? $0.sha256 : nil }
        let hash = known ?? SHA256Digest.ofFile(path)
        if known == nil, let hash, var record = start.records[path], record.key == key {
            record.sha256 = hash
            start.records[path] = record
            start.changed = true
        }
        guard let locked = lock.hashes[name] else {
            return .notLocked(path: path, lockFile: lock.path, reason: "is not in the lock file")
        }
        guard hash == locked else {
            return .notLocked(path: path, lockFile: lock.path, reason: "has changed since it was locked (SHA-256 \(hash ?? "unreadable"), locked \(locked))")
        }
        return lockedResourcesProblem(library: path, lock: lock).map { .notLocked(path: path, lockFile: lock.path, reason: $0) }
    }

    // Long: the cold start's second phase, the cache's answers then one probe for the rest, sharing the table of what was found.
    /// 2. What each file registers: from the cache if it knows this version, else from a probe, all
    ///    unknown files at once. Refusals are reported as they are found.
    package func findDescriptions(_ candidates: [Candidate], prober: FeatureProber, _ start: inout ColdStart) -> [String: Found] {
        var found: [String: Found] = [:]
        var unknown: [String] = []
        var damaged = 0
        for candidate in candidates {
            // A record whose description the descriptions file lost or garbled is probed again, and written anew.
            if let record = start.records[candidate.path], case .described(_, let json) = record.finding, !json.isUsable {
                damaged += 1
                start.original.records[candidate.path] = nil
                unknown.append(candidate.path)
                continue
            }
            if let record = start.records[candidate.path], record.key == candidate.key {
                found[candidate.path] = (record.finding, false)
                if case .refused(let message) = record.finding {
                    refuse(.refusedByProbe(path: candidate.path, message: message), quarantined: true)
                }
            } else {
                unknown.append(candidate.path)
            }
        }
        if damaged > 0, let cache = start.options.cache {
            warn("registry cache \(cache.descriptionsPath) is damaged (\(damaged) description\(damaged == 1 ? "" : "s") missing or unreadable); \(damaged == 1 ? "that file is" : "those files are") probed again and it is rebuilt")
            start.changed = true
        }
        guard !unknown.isEmpty else { return found }
        let report = start.options.report
        let results = prober.probe(unknown) { _, result in
            if case .failure(let error) = result { report?("error: " + error.description) }
        }
        for candidate in candidates where found[candidate.path] == nil {
            let finding: CacheRecord.Finding
            switch results[candidate.path] {
            case .success(let probed)?:
                finding = .described(probed.claims, json: probed.json)
                if let missed = probed.missedLimit {
                    let seconds = { (value: Double) in value.rounded() == value ? "\(Int(value)) s" : "\(value) s" }
                    noteSlowProbe("\(candidate.path) was slow to probe: it missed the \(seconds(missed)) limit and loaded when probed again with \(seconds(missed * FeatureProber.retryFactor)) (--probe-timeout)")
                }
            case .failure(let error)?:
                finding = .refused(error.description)
                noteRefusedByProbe(error)
                // Only a verdict that repeats is kept: a file that hung, or whose probe never
                // started, is refused this time and probed again at the next start.
                if !error.isRepeatable {
                    found[candidate.path] = (finding, true)
                    // Kept under a key no file has: the next start, warm or cold, probes it again.
                    start.records[candidate.path] = CacheRecord(path: candidate.path, key: .unmatched, sha256: nil, finding: finding)
                    start.changed = true
                    continue
                }
            case nil:
                continue
            }
            found[candidate.path] = (finding, true)
            let sha256 = start.records[candidate.path].flatMap { $0.key == candidate.key ? $0.sha256 : nil }
            start.records[candidate.path] = CacheRecord(path: candidate.path, key: candidate.key, sha256: sha256, finding: finding)
            start.changed = true
        }
        return found
    }

    /// 3. Who owns each name, by the clash rule; every accepted file is deferred until first used.
    package func deferAccepted(_ candidates: [Candidate], _ found: [String: Found]) {
        let described = candidates.compactMap { candidate -> (path: String, folder: Int, claims: FeatureClaims, json: CacheText, fresh: Bool)? in
            guard let found = found[candidate.path], case .described(let claims, let json) = found.finding else { return nil }
            return (candidate.path, candidate.folder, claims, json, found.fresh)
        }
        let clashes = Self.clashes(described.map { ($0.path, $0.folder, $0.claims) })
        for item in described {
            if let clash = clashes[item.path] {
                refuse(clash)
                continue
            }
            let feature = DeferredFeature(path: item.path, claims: item.claims, ticket: LoadingTicket(json: item.json, uncheckedKey: nil), probed: item.fresh)
            deferredInOrder.append(feature)
            registry.addDeferred(feature)
        }
        registry.source = self
    }

    /// 4. Keep what was learned for the features loaded later, and in the cache: records of files that are
    ///    gone are dropped, and the cache is written only if something changed.
    package func keep(prober: FeatureProber, candidates: [Candidate], _ start: ColdStart) {
        loading = Loading(
            prober: prober, cache: start.options.cache, allowUntrusted: start.options.allowUntrusted,
            records: start.records, folders: start.folders, original: start.original
        )
        guard start.changed else { return }
        let seen = Set(candidates.map(\.path))
        // A link that leads nowhere is no file, but it is there: its refusal is kept.
        let gone = Set(start.records.keys.filter { !seen.contains($0) && FileKey.of($0) == nil && FileKey.ofLink($0) == nil })
        saveCache(removed: gone)
    }
}
