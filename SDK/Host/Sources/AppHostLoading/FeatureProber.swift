// Probing runs a feature file's code where it cannot hurt the host: in a child
// process (`apphost probe`). The child loads the file, runs every check and the
// registration, and reports what it registered. The parent watches it. A child
// that dies by a signal, exits, or does not answer within the limit while it loads
// a file makes that file refused, and a new child goes on with the rest.
//
// The protocol is lines on a file descriptor of its own (3), so that nothing a
// library writes to standard output can be taken for a report. The child greets
// first with the protocol's version. A parent may speak another version: a
// `--watch` re-exec of a newer build, or a packaged host with an older probe. It
// then refuses the child's files by name, instead of reading lines it may not
// understand:
//
//   apphost-probe <version>
//   begin <index>
//   ok <index> <claimed names> <description as JSON>
//   refused <index> <message>
//
// Files are split over up to one child per core; each child takes its files in
// order, so a start-up costs a few processes, not one per file.

@_spi(Host) import AppHostKit
@_spi(Host) import AppHostNavigation
import AppHostSupport
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// What a probe reports about a file that loads: the names it claims, and its description as JSON.
public struct ProbedFeature: Sendable {
    /// The names the file claims.
    public var claims: FeatureClaims
    /// Its ``FeatureDescription`` as JSON, decoded only when needed.
    public var json: CacheText
    /// The limit it missed, when it loaded only in a retry alone with a longer one (a loaded machine).
    public var missedLimit: Double?
}

/// What probing one file found: what it registers, or why it is refused.
public typealias ProbeResult = Result<ProbedFeature, FeatureLoadError>

/// The child's side of probing.
public enum FeatureProbe {
    /// The descriptor the child reports on.
    public static let reportDescriptor: Int32 = 3
    /// The version of the lines a child writes; the first line says it (`apphost-probe 2`).
    public static let protocolVersion = 2
    /// The word the greeting starts with.
    package static let greeting = "apphost-probe"

    /// Loads each file into a registry of its own and reports on `reportDescriptor`.
    @MainActor
    public static func run(files: [String], reportDescriptor: Int32 = FeatureProbe.reportDescriptor) {
        send("\(greeting)\t\(protocolVersion)\n", to: reportDescriptor)
        for (index, path) in files.enumerated() {
            send("begin\t\(index)\n", to: reportDescriptor)
            do {
                // The registry lives as long as the description is read from what it loaded.
                let registry = DestinationRegistry()
                let loaded = try FeatureLoader.load(path, into: registry)
                let description = withExtendedLifetime(registry) { loaded.description }
                send("ok\t\(index)\t\(FeatureClaims(description).field)\t\(description.json)\n", to: reportDescriptor)
            } catch {
                send("refused\t\(index)\t\(error.description.oneLine)\n", to: reportDescriptor)
            }
        }
    }

    /// The files to probe, one a line in the file at `path` (where the parent lists them).
    public static func readFileList(at path: String) -> [String] {
        let data = FileManager.default.contents(atPath: path) ?? Data()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    private static func send(_ line: String, to descriptor: Int32) {
        Descriptor.writeAll(descriptor, line)
    }
}

/// The parent's side of probing: runs `apphost probe` children and watches them.
public struct FeatureProber: Sendable {
    /// The `apphost` executable that has the `probe` subcommand.
    public var executable: String
    /// How long one file may take to load, in seconds.
    public var timeout: Double
    /// How many children run at once (the processor count unless given; looked up only when probing,
    /// since reading it costs a start that probes nothing).
    public var parallelism: Int { requestedParallelism ?? max(1, ProcessInfo.processInfo.activeProcessorCount) }
    private let requestedParallelism: Int?

    /// The default limit on loading one file, in seconds.
    public static let defaultTimeout = 5.0
    /// How many times the limit a file that missed it is given in a retry alone, before it is refused.
    public static let retryFactor = 4.0

    /// A prober running `executable`, `parallelism` children at once.
    public init(
        executable: String,
        timeout: Double = FeatureProber.defaultTimeout,
        parallelism: Int? = nil
    ) {
        self.executable = executable
        self.timeout = timeout
        self.requestedParallelism = parallelism.map { max(1, $0) }
    }

    /// Probes `files`, calling `report` as each result is known (from any thread); returns every result.
    public func probe(_ files: [String], report: @escaping @Sendable (String, ProbeResult) -> Void) -> [String: ProbeResult] {
        guard !files.isEmpty else { return [:] }
        let groupCount = min(parallelism, files.count)
        let groups = (0..<groupCount).map { group in stride(from: group, to: files.count, by: groupCount).map { files[$0] } }
        let results = Mutex<[String: ProbeResult]>([:])
        DispatchQueue.concurrentPerform(iterations: groupCount) { group in
            probe(group: groups[group]) { path, result in
                results.withLock { $0[path] = result }
                report(path, result)
            }
        }
        return results.withLock { $0 }
    }

    /// Probes `path` in a child of its own, with `limit` (the prober's unless given); its result,
    /// recorded, if the child got that far.
    private func probeAlone(_ path: String, limit: Double? = nil, record: (String, ProbeResult) -> Void) -> ProbeResult? {
        guard let child = try? ProbeChild(executable: executable, files: [path]) else { return nil }
        var result: ProbeResult?
        _ = child.watch(timeout: limit ?? timeout) { _, probed in result = probed }
        if let limit, case .success(var probed)? = result {
            probed.missedLimit = timeout
            result = .success(probed)
            _ = limit
        }
        if let result { record(path, result) }
        return result
    }

    /// Probes one group of files in order, a child at a time, replacing a child that dies.
    private func probe(group: [String], record: (String, ProbeResult) -> Void) {
        var remaining = group[...]
        // A child that never answered within the limit is started again once with a longer one
        // (a loaded machine); what loads then is noted as slow.
        var limit = timeout
        var retried = false
        while !remaining.isEmpty {
            let batch = Array(remaining)
            let child: ProbeChild
            do {
                child = try ProbeChild(executable: executable, files: batch)
            } catch {
                for path in batch { record(path, .failure(.probeFailed(path: path, reason: error.message))) }
                return
            }
            let outcome = child.watch(timeout: limit) { index, result in
                if retried, case .success(var probed) = result {
                    probed.missedLimit = timeout
                    record(batch[index], .success(probed))
                } else {
                    record(batch[index], result)
                }
            }
            remaining = remaining.dropFirst(outcome.finished)
            guard let current = remaining.first else { return }
            guard outcome.started else {
                // The child ended between files: a fresh one goes on if this one made progress.
                if outcome.finished > 0 { continue }
                if !retried {
                    retried = true
                    limit = timeout * Self.retryFactor
                    continue
                }
                for path in remaining {
                    record(path, .failure(.probeFailed(path: path, reason: "the probe (\(executable)) ended before loading it (\(outcome.end))")))
                }
                return
            }
            // A file that ended a child that had loaded others first is tried again alone before
            // it is refused: a neighbour's fault, or a passing one, never quarantines a good file.
            // One that missed the limit is tried alone with a longer one: a loaded machine is slow.
            let alone: ProbeResult? =
                if case .timedOut = outcome.end {
                    probeAlone(current, limit: timeout * Self.retryFactor, record: record)
                } else {
                    outcome.finished == 0 ? nil : probeAlone(current, record: record)
                }
            if alone == nil {
                switch outcome.end {
                case .signalled(let signal):
                    record(current, .failure(.crashedWhileLoading(path: current, signal: signal, output: outcome.output)))
                case .exited(let status):
                    record(current, .failure(.exitedWhileLoading(path: current, status: status, output: outcome.output)))
                case .timedOut:
                    record(current, .failure(.hungWhileLoading(path: current, seconds: timeout * Self.retryFactor)))
                }
            }
            remaining = remaining.dropFirst()
        }
    }
}
