// Recorded network answers, from the host's side: it opens the network module (a library of its
// own, libAppHostNetworking.so, which links FoundationNetworking; the host library does not) and
// lends it what counts a request as a session's work. See docs/testing.md.

import AppHostLoading
import AppHostRuntime
import AppHostSupport
import Dispatch
import Glibc
import Synchronization

/// The recorded network of this process: the folders of recorded answers it serves, and the
/// folder it records into. Once installed, every http and https request made through
/// `URLSession.shared` is answered from the recordings, never from a socket.
public enum RecordedNetwork {
    /// The module's entry point (see `apphost_network_install` in AppHostNetwork).
    public typealias Install = @convention(c) (
        UnsafePointer<CChar>?, Int32,
        @convention(c) () -> UnsafeMutableRawPointer?,
        @convention(c) (UnsafeMutableRawPointer?) -> Void,
        @convention(c) (UnsafeMutableRawPointer?) -> Void,
        @convention(c) (UnsafeMutableRawPointer?) -> Void,
        @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>) -> Void,
        @convention(c) (UnsafeMutableRawPointer?, Int64, @convention(c) (UnsafeMutableRawPointer?) -> Void, UnsafeMutableRawPointer?) -> Void
    ) -> UnsafeMutablePointer<CChar>?

    /// The library's file name, looked for beside the running program and beside the kit.
    public static let libraryName = "libAppHostNetworking.so"

    /// The module's other entry point (see `apphost_network_keep_responses_in_memory`).
    public typealias KeepResponsesInMemory = @convention(c) () -> Void

    /// Uses `install`, the module linked into this program (a test bundle, through AppHostTesting),
    /// instead of opening the library.
    public static func link(_ install: Install) {
        state.withLock { state in
            if state.install == nil { state.install = install }
        }
    }

    /// From now on, as soon as a feature library brings Foundation's networking into the process
    /// (it links FoundationNetworking), and before any of its code runs: URLSession's shared cache
    /// is one in memory only, as an app's is on its first launch. Foundation's own would keep
    /// answers on disk, in `~/.cache/org.swift.foundation.URLCache/<program>`, a folder it makes
    /// at its first use: the host would write where the user did not choose, and a run could be
    /// answered from an earlier one's cache. For every process that runs features' code (a
    /// session, a probe); a process whose features make no request never opens the module.
    /// Once a process.
    public static func keepResponsesInMemory() {
        let first = state.withLock { state in
            defer { state.keepsResponsesInMemory = true }
            return !state.keepsResponsesInMemory
        }
        guard first else { return }
        let done = Atomic(false)
        FeatureLoader.observeLoads { path, _ in
            guard !done.load(ordering: .acquiring), let networking = dlopen(foundationNetworking, RTLD_LAZY | RTLD_NOLOAD) else { return }
            dlclose(networking)
            guard !done.exchange(true, ordering: .acquiringAndReleasing) else { return }
            guard let library = try? networkLibrary(), let symbol = dlsym(library, "apphost_network_keep_responses_in_memory") else {
                let line = Array("warning: \(path) uses Foundation's networking, and \(libraryName) could not be opened: its URL cache is Foundation's own\n".utf8)
                line.withUnsafeBytes { _ = Descriptor.writeAll(STDERR_FILENO, $0) }
                return
            }
            unsafeBitCast(symbol, to: KeepResponsesInMemory.self)()
        }
    }

    /// Foundation's networking library, which a feature that uses URLSession links.
    private static let foundationNetworking = "libFoundationNetworking.so"

    private struct State {
        var install: Install?
        var folders: [String] = []
        var recordFolder: String?
        var observing = false
        var keepsResponsesInMemory = false
        /// The sessions made in this process, while they live.
        var sessions: [WeakJobs] = []
        /// Whether a request whose code is no session's (a detached task) counts for the process's
        /// one live session (``requestsOfNoSessionAreTheSessions``).
        var guessesOwner = false

        /// The one live session, if there is exactly one and requests of no session are its.
        mutating func onlySession() -> SessionJobs? {
            guard guessesOwner else { return nil }
            sessions.removeAll { $0.jobs == nil }
            return sessions.count == 1 ? sessions[0].jobs : nil
        }
    }

    private struct WeakJobs {
        weak var jobs: SessionJobs?
    }

    private static let state = Mutex(State())

    /// Serves the recorded answers in `folder` from now on. Throws naming the folder or file at
    /// fault, or the library when it cannot be opened.
    public static func serve(_ folder: String) throws(RecordedNetworkError) {
        try call(folder: folder, record: false)
    }

    /// Records into `folder` the answer the real network gives to each request that no recording
    /// answers, and serves it from then on.
    public static func record(into folder: String) throws(RecordedNetworkError) {
        try call(folder: folder, record: true)
    }

    /// Stops recording (a request nothing answers fails again); the answers recorded are still served.
    public static func stopRecording() throws(RecordedNetworkError) {
        let install = try installer()
        if let failure = install(nil, 1, claim, begin, end, release, report, after) { free(failure) }
        state.withLock { $0.recordFolder = nil }
    }

    /// The folders served, and the one recorded into.
    public static var folders: (served: [String], recording: String?) {
        state.withLock { ($0.folders, $0.recordFolder) }
    }

    /// Whether any request is served from recordings in this process.
    public static var isServing: Bool { state.withLock { $0.install != nil } }

    /// The name of the folder, in a feature's resources, whose recorded answers are served
    /// whenever the feature is loaded: a feature's recordings travel with it.
    public static let featureFolderName = "Network"

    /// Serves, from now on, the recorded answers each feature library ships (a ``featureFolderName``
    /// folder in its resources) as the library is opened, before any of its code runs; `warn` is
    /// told of recordings that cannot be read (the feature still loads). Once a process.
    public static func serveFeatureRecordings(warn: @escaping @Sendable (String) -> Void) {
        let first = state.withLock { state in
            defer { state.observing = true }
            return !state.observing
        }
        guard first else { return }
        FeatureLoader.observeLoads { path, _ in
            guard let resources = FeatureResourceFolder.of(library: path) else { return }
            let folder = resources + "/" + featureFolderName
            var status = stat()
            guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
            do {
                try serve(folder)
            } catch {
                warn("\(path): its recorded network answers are not served: \(error)")
            }
        }
    }

    /// Whether a request made by no session's code (a detached task the app started) counts for
    /// the process's session, while it has exactly one: its work, and its errors the session's.
    /// `apphost` says so: its process runs one session, and all of its requests are the app's.
    /// Off by default, and so in a test process, where the test's own code makes requests beside
    /// the sessions it runs (a repository tested on its own): they are no session's, and an error
    /// of theirs goes to standard error, never into a session another test is checking.
    public static var requestsOfNoSessionAreTheSessions: Bool {
        get { state.withLock { $0.guessesOwner } }
        set { state.withLock { $0.guessesOwner = newValue } }
    }

    /// Notes `jobs` as a live session: while it is the only one, and
    /// ``requestsOfNoSessionAreTheSessions``, a request made by no session's code counts for it.
    package static func sessionStarted(_ jobs: SessionJobs) {
        state.withLock { state in
            state.sessions.removeAll { $0.jobs == nil }
            state.sessions.append(WeakJobs(jobs: jobs))
        }
    }

    private static func call(folder: String, record: Bool) throws(RecordedNetworkError) {
        let install = try installer()
        let failure = folder.withCString { install($0, record ? 1 : 0, claim, begin, end, release, report, after) }
        if let failure {
            defer { free(failure) }
            throw RecordedNetworkError(description: String(cString: failure))
        }
        state.withLock { state in
            if record { state.recordFolder = folder } else if !state.folders.contains(folder) { state.folders.append(folder) }
        }
    }

    private static func installer() throws(RecordedNetworkError) -> Install {
        if let install = state.withLock({ $0.install }) { return install }
        guard let symbol = dlsym(try networkLibrary(), "apphost_network_install") else {
            throw RecordedNetworkError(description: "\(libraryName) has no apphost_network_install: it is not this host's network module")
        }
        let install = unsafeBitCast(symbol, to: Install.self)
        state.withLock { $0.install = install }
        return install
    }

    /// The network module's library, opened: beside the running program, else beside the kit.
    private static func networkLibrary() throws(RecordedNetworkError) -> UnsafeMutableRawPointer {
        var tried: [String] = []
        let kitFolder = "/" + KitIdentity.path.split(separator: "/").dropLast().joined(separator: "/")
        for folder in [FeatureDiscovery.executableDirectory, kitFolder] where !tried.contains(folder + "/" + libraryName) {
            let path = folder + "/" + libraryName
            tried.append(path)
            if let library = dlopen(path, RTLD_NOW | RTLD_LOCAL) { return library }
        }
        throw RecordedNetworkError(
            description: "recorded network answers need \(libraryName), and there is none at \(tried.joined(separator: " or ")); build it with the host (swift build)"
        )
    }

    // MARK: The hooks the module calls, from any thread

    /// The session of the code running now (or, if none, the process's only session), retained.
    private static let claim: @convention(c) () -> UnsafeMutableRawPointer? = {
        guard let jobs = SessionJobs.enqueuing ?? RecordedNetwork.state.withLock({ $0.onlySession() }) else { return nil }
        return Unmanaged.passRetained(jobs).toOpaque()
    }

    private static let begin: @convention(c) (UnsafeMutableRawPointer?) -> Void = { session in
        guard let session else { return }
        Unmanaged<SessionJobs>.fromOpaque(session).takeUnretainedValue().add(.requests)
    }

    private static let end: @convention(c) (UnsafeMutableRawPointer?) -> Void = { session in
        guard let session else { return }
        Unmanaged<SessionJobs>.fromOpaque(session).takeUnretainedValue().remove(.requests)
    }

    private static let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { session in
        guard let session else { return }
        Unmanaged<SessionJobs>.fromOpaque(session).release()
    }

    private static let report: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>) -> Void = { session, message in
        let text = String(cString: message)
        guard let session else {
            let line = Array("error: \(text)\n".utf8)
            line.withUnsafeBytes { _ = Descriptor.writeAll(STDERR_FILENO, $0) }
            return
        }
        let jobs = Unmanaged<SessionJobs>.fromOpaque(session).takeUnretainedValue()
        jobs.networkErrors.withLock { errors in
            if errors.count < SessionJobs.maximumNetworkErrors { errors.append(text) }
        }
        jobs.touch()
    }

    private static let after: @convention(c) (
        UnsafeMutableRawPointer?, Int64, @convention(c) (UnsafeMutableRawPointer?) -> Void, UnsafeMutableRawPointer?
    ) -> Void = { session, nanoseconds, call, context in
        let later = Later(call: call, context: context)
        guard let session else {
            HostWork.after(.nanoseconds(nanoseconds)) { later.run() }
            return
        }
        let jobs = Unmanaged<SessionJobs>.fromOpaque(session).takeUnretainedValue()
        // Started as the session's code: the sleep is held on its virtual clock, or counted as a
        // real timer, and the call runs as one of its jobs.
        _ = jobs.readingClock {
            Task {
                try? await Task.sleep(for: .nanoseconds(nanoseconds))
                later.run()
            }
        }
    }

    /// A call the module asked for later.
    /// Invariant for `@unchecked Sendable`: the context is the module's, handed to one call, once.
    private struct Later: @unchecked Sendable {
        let call: @convention(c) (UnsafeMutableRawPointer?) -> Void
        let context: UnsafeMutableRawPointer?
        func run() { call(context) }
    }
}

/// Why recorded network answers cannot be served: the folder, file or library at fault.
public struct RecordedNetworkError: Error, CustomStringConvertible, Sendable {
    /// What is wrong, naming the folder, file or library.
    public let description: String
}
