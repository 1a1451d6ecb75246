// The process's recorded network: the answers it serves, the folder it records into, and what the
// host lends it to count each request as a session's work. The host opens this module only for
// a session that serves recorded answers (`--network`, a feature's own recordings): it links
// FoundationNetworking, which nothing else of the host needs.

import AppHostSupport
import Foundation
import FoundationNetworking
import Synchronization

/// What the host lends the network module, as C functions (the module may be a library the host
/// opened): a session is an opaque reference, retained by `claim` and let go by `release`.
public struct NetworkHostHooks: Sendable {
    /// The session of the code running now (a feature making a request), retained; nil if none.
    public typealias Claim = @convention(c) () -> UnsafeMutableRawPointer?
    /// Counts a request in flight for a session (begin), counts it done (end), or lets the
    /// session go (release).
    public typealias Mark = @convention(c) (UnsafeMutableRawPointer?) -> Void
    /// Reports an error to a session, which shows it after the command, as its own.
    public typealias Report = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>) -> Void
    /// Something to call later, with its context.
    public typealias Call = @convention(c) (UnsafeMutableRawPointer?) -> Void
    /// Calls `call(context)` once the session's clock (virtual or real) has moved on by the
    /// nanoseconds given, counted as the session's work meanwhile.
    public typealias After = @convention(c) (UnsafeMutableRawPointer?, Int64, Call, UnsafeMutableRawPointer?) -> Void

    /// The session of the code making a request.
    public var claim: Claim
    /// Counts a request in flight.
    public var begin: Mark
    /// Counts a request answered.
    public var end: Mark
    /// Lets a claimed session go.
    public var release: Mark
    /// Reports an error as the session's.
    public var report: Report
    /// Calls back once the session's clock has moved on.
    public var after: After

    /// The hooks, as the host lends them.
    public init(claim: Claim, begin: Mark, end: Mark, release: Mark, report: Report, after: After) {
        self.claim = claim
        self.begin = begin
        self.end = end
        self.release = release
        self.report = report
        self.after = after
    }
}

/// A session as the host lent it: a retained reference, let go exactly once.
/// Invariant for `@unchecked Sendable`: the host's session counts are thread-safe, and the
/// reference is only passed back to the host's hooks.
struct SessionReference: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
}

/// The recorded network of this process (one: URLProtocol's registry is the process's).
public final class NetworkService: Sendable {
    /// The process's one recorded network.
    public static let shared = NetworkService()

    /// The most claims kept for requests whose protocol has not been made yet.
    static let maximumClaims = 64

    private struct State {
        var hooks: NetworkHostHooks?
        var answers = RecordedAnswers()
        var recordRoot: WriteRoot?
        /// Sessions of requests asked about (`canInit`, on the caller's thread), by request.
        var claims: [(key: String, session: SessionReference)] = []
    }

    // Invariant for the raw pointers inside: each is a retained reference the host made, let go
    // exactly once (by `release`), whichever thread does it.
    private let state = Mutex(State())

    /// Whether requests are served: the host has installed the module.
    public var isInstalled: Bool { state.withLock { $0.hooks != nil } }

    /// Registers the recorded network with URLSession's shared session (once), using `hooks`.
    public func install(hooks: NetworkHostHooks) {
        let first = state.withLock { state in
            defer { state.hooks = hooks }
            return state.hooks == nil
        }
        guard first else { return }
        Self.keepResponsesInMemory()
        _ = URLProtocol.registerClass(RecordedAnswersProtocol.self)
    }

    /// URLSession's response cache for the sessions the host serves: in memory only, as an app's
    /// is on its first launch. Foundation's own shared cache also keeps answers on disk, in
    /// `~/.cache/org.swift.foundation.URLCache/<program>`, which it makes when it is first used:
    /// a folder the user did not choose, from which a later run could be answered by an earlier
    /// run's answers instead of the recordings, and which it lists at every request. The cache
    /// is told to keep its disk part in a folder that cannot be made (below `/dev/null`, which is
    /// no folder): it then has none, and neither looks there nor writes there. Its memory part
    /// keeps what it kept before, 4 MiB as Foundation's shared cache does. Set before the first
    /// request, so `URLSession.shared`, made at its first use, takes it; code that sets a cache
    /// of its own keeps its own.
    public static func memoryOnlyCache() -> URLCache {
        SessionResponseCache(memoryCapacity: 4 * 1024 * 1024, diskCapacity: 0, diskPath: "/dev/null/apphost-url-cache")
    }

    /// Makes ``memoryOnlyCache()`` the process's shared cache, once, before the first request:
    /// for every process that runs features' code (a session, a probe), whether or not it serves
    /// recordings, so that no run writes a cache into the home or is answered from an earlier one.
    public static func keepResponsesInMemory() {
        _ = sharedCacheInMemory
    }

    private static let sharedCacheInMemory: Void = {
        URLCache.shared = memoryOnlyCache()
    }()

    /// Serves the recordings in `folder` too.
    public func serve(folder: String) throws(NetworkRecordingError) {
        var answers = state.withLock { $0.answers }
        try answers.add(folder: folder)
        state.withLock { $0.answers = answers }
    }

    /// Records into `folder` each answer the real network gives to a request no recording answers.
    public func record(into folder: String) throws(NetworkRecordingError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw NetworkRecordingError(description: "\(folder): no such folder to record answers into")
        }
        var answers = state.withLock { $0.answers }
        try answers.add(folder: folder)
        state.withLock {
            $0.answers = answers
            $0.recordRoot = WriteRoot(folder)
        }
    }

    /// Stops recording: a request nothing answers fails again.
    public func stopRecording() {
        state.withLock { $0.recordRoot = nil }
    }

    /// The folders served.
    public var folders: [String] { state.withLock { $0.answers.folders } }

    // MARK: For the protocol

    var hooks: NetworkHostHooks? { state.withLock { $0.hooks } }

    func claim(_ request: URLRequest) {
        guard let hooks, let session = hooks.claim() else { return }
        let key = Self.key(of: request)
        let evicted: SessionReference? = state.withLock { state in
            state.claims.append((key, SessionReference(pointer: session)))
            return state.claims.count > Self.maximumClaims ? state.claims.removeFirst().session : nil
        }
        if let evicted { hooks.release(evicted.pointer) }
    }

    /// The session that asked for `request` last, or that of the code running now; retained.
    func takeClaim(for request: URLRequest) -> UnsafeMutableRawPointer? {
        let key = Self.key(of: request)
        let claimed: SessionReference? = state.withLock { state in
            guard let index = state.claims.lastIndex(where: { $0.key == key }) else { return nil }
            return state.claims.remove(at: index).session
        }
        if let claimed { return claimed.pointer }
        return hooks?.claim()
    }

    enum Answer {
        case recorded(NetworkRecording)
        case record(WriteRoot)
        case missing(folders: [String])
    }

    func answer(for request: URLRequest) -> Answer {
        let method = request.httpMethod ?? "GET"
        let url = request.url?.absoluteString ?? ""
        return state.withLock { state in
            if let recorded = state.answers.answer(method: method, url: url) { return .recorded(recorded) }
            if let root = state.recordRoot { return .record(root) }
            return .missing(folders: state.answers.folders)
        }
    }

    /// Keeps an answer the network gave, written to `root`, and serves it from now on.
    func keep(_ recording: NetworkRecording, in root: WriteRoot) throws(WriteRefusal) {
        let name = Self.fileName(for: recording)
        if recording.needsBodyFile {
            try root.write(recording.body, to: name + ".body", existing: .replace)
        }
        try root.write(recording.fileBytes(bodyFile: recording.needsBodyFile ? name + ".body" : nil), to: name + ".json", existing: .replace)
        state.withLock { $0.answers.insert(recording) }
    }

    static func key(of request: URLRequest) -> String {
        NetworkRecording.key(method: request.httpMethod ?? "GET", url: request.url?.absoluteString ?? "")
    }

    /// A file name for a recording: its method, host and path, as letters, digits, `.`, `-` and
    /// `_`, and a hash of its whole URL when it has a query.
    static func fileName(for recording: NetworkRecording) -> String {
        let url = URL(string: recording.url)
        var words = [recording.method, url?.host ?? "host"]
        words += (url?.path ?? "").split(separator: "/").map(String.init)
        var name = words.joined(separator: "-").map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" }
        if name.count > 120 { name = Array(name.prefix(120)) }
        var text = String(name)
        if let query = url?.query, !query.isEmpty {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in recording.url.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            text += "-" + String(hash, radix: 16)
        }
        return text
    }
}

/// URLCache, with no lookup while it holds nothing. Recorded answers are handed to URLSession as
/// not to be kept, so in a session on them it never holds anything; Foundation's lookup would
/// still compute each request's key (its host lowercased through the system locale) at every
/// request. Invariant for `@unchecked Sendable`: its own state is atomic; URLCache's is behind
/// URLCache's lock.
final class SessionResponseCache: URLCache, @unchecked Sendable {
    /// Whether a response was ever given to keep; until then a lookup finds nothing.
    private let given = Atomic(false)

    override func storeCachedResponse(_ cachedResponse: CachedURLResponse, for request: URLRequest) {
        if cachedResponse.storagePolicy != .notAllowed { given.store(true, ordering: .releasing) }
        super.storeCachedResponse(cachedResponse, for: request)
    }

    override func cachedResponse(for request: URLRequest) -> CachedURLResponse? {
        guard given.load(ordering: .acquiring) else { return nil }
        return super.cachedResponse(for: request)
    }
}
