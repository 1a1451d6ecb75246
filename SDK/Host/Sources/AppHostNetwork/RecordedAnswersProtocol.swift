import AppHostSupport
import Dispatch
import Foundation
import FoundationNetworking
import Synchronization

/// Serves URLSession's requests from recorded answers (``NetworkService``): registered with
/// URLProtocol, it answers every http and https request of `URLSession.shared` (and of a session
/// whose configuration lists it), so none reaches a socket. A request with no recording fails
/// with `URLError(.resourceUnavailable)` naming its URL, and the session reports it; while
/// recording, it goes to the real network and its answer is kept.
///
/// Each request counts as its session's work from the moment it starts loading until its answer
/// has been handed to URLSession: a settle waits for it, and ends when it lands.
final class RecordedAnswersProtocol: URLProtocol {
    // Written once, by init; the rest of the state is in `loading`.
    private var session: UnsafeMutableRawPointer?

    private struct Loading {
        /// Whether the request counts as work now.
        var counted = false
        /// Whether it has ended (answered, failed or stopped).
        var ended = false
        var forward: URLSessionDataTask?
    }

    private let loading = Mutex(Loading())

    override class func canInit(with request: URLRequest) -> Bool {
        guard NetworkService.shared.isInstalled, let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return false
        }
        // Asked on the thread that makes the request: the session whose code that is claims it.
        NetworkService.shared.claim(request)
        return true
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    required init(request: URLRequest, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?) {
        super.init(request: request, cachedResponse: cachedResponse, client: client)
        session = NetworkService.shared.takeClaim(for: request)
    }

    deinit {
        if let session { NetworkService.shared.hooks?.release(session) }
    }

    override func startLoading() {
        guard let hooks = NetworkService.shared.hooks else { return fail(URLError(.notConnectedToInternet)) }
        loading.withLock { $0.counted = true }
        hooks.begin(session)
        switch NetworkService.shared.answer(for: request) {
        case .recorded(let recording):
            guard let latency = recording.latency, latency > .zero else { return deliver(recording) }
            // The answer lands once the session's clock has moved on: a held sleep on virtual time.
            let box = Unmanaged.passRetained(Delivery(protocol: self, recording: recording)).toOpaque()
            hooks.after(session, latency.nanoseconds, { context in
                guard let context else { return }
                let delivery = Unmanaged<Delivery>.fromOpaque(context).takeRetainedValue()
                delivery.protocol.deliver(delivery.recording)
            }, box)
            // The wait is the session's time now (a held sleep or a timer), not a request in flight.
            endCount()
        case .record(let root):
            forward(to: root)
        case .missing(let folders):
            let method = request.httpMethod ?? "GET"
            let url = request.url?.absoluteString ?? "?"
            let place = folders.isEmpty ? "no folder of recorded answers is served" : "none in \(folders.joined(separator: ", "))"
            let message = "network: no recorded answer for \(method) \(url) (\(place)); record one with --network-record DIR (see docs/testing.md)"
            message.withCString { hooks.report(session, $0) }
            fail(URLError(.resourceUnavailable, userInfo: [NSLocalizedDescriptionKey: "no recorded answer for \(method) \(url)", NSURLErrorFailingURLErrorKey: request.url as Any]))
        }
    }

    override func stopLoading() {
        let forward = loading.withLock { loading in
            defer { loading.ended = true }
            return loading.ended ? nil : loading.forward
        }
        // URLSession calls this on its work queue, which every session shares, and a task's
        // cancel waits for that queue: it is called from elsewhere.
        if let forward {
            let handed = Handed(forward)
            DispatchQueue.global().async { handed.value.cancel() }
        }
        endCount()
    }

    private final class Delivery: @unchecked Sendable {
        // Invariant for `@unchecked Sendable`: immutable, handed from one thread to one other.
        let `protocol`: RecordedAnswersProtocol
        let recording: NetworkRecording
        init(protocol: RecordedAnswersProtocol, recording: NetworkRecording) {
            self.protocol = `protocol`
            self.recording = recording
        }
    }

    /// Hands `recording` to URLSession as the server's answer.
    private func deliver(_ recording: NetworkRecording) {
        guard loading.withLock({ loading in defer { loading.ended = true }; return !loading.ended }) else { return endCount() }
        let url = request.url ?? URL(string: recording.url)!
        guard let response = HTTPURLResponse(url: url, statusCode: recording.status, httpVersion: "HTTP/1.1", headerFields: recording.headers) else {
            return fail(URLError(.badServerResponse))
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        if !recording.body.isEmpty { client?.urlProtocol(self, didLoad: Data(recording.body)) }
        client?.urlProtocolDidFinishLoading(self)
        endCount()
    }

    private func fail(_ error: URLError) {
        client?.urlProtocol(self, didFailWithError: error)
        loading.withLock { $0.ended = true }
        endCount()
    }

    /// Stops counting the request as work, once.
    private func endCount() {
        let counted = loading.withLock { loading in
            defer { loading.counted = false }
            return loading.counted
        }
        if counted { NetworkService.shared.hooks?.end(session) }
    }

    /// Sends the request to the real network through a session of its own (whose configuration
    /// does not list this protocol), keeps the answer in `root`, and hands it on.
    private func forward(to root: WriteRoot) {
        let handed = Handed(self)
        let request = self.request
        // Made off URLSession's work queue, where this runs: making a task waits for that queue.
        DispatchQueue.global().async {
            let task = Self.liveSession.dataTask(with: request) { data, response, error in
                handed.value.answered(data: data, response: response, error: error, root: root)
            }
            let stopped = handed.value.loading.withLock { loading in
                loading.forward = task
                return loading.ended
            }
            if !stopped { task.resume() }
        }
    }

    /// Keeps the real network's answer in `root` and hands it on.
    private func answered(data: Data?, response: URLResponse?, error: (any Error)?, root: WriteRoot) {
        if let error { return fail((error as? URLError) ?? URLError(.unknown)) }
        guard let response = response as? HTTPURLResponse else { return fail(URLError(.badServerResponse)) }
        let method = request.httpMethod ?? "GET"
        let url = request.url?.absoluteString ?? "?"
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            guard let name = name as? String, let value = value as? String else { continue }
            // The body is kept decoded and whole: how it was sent is not part of the answer.
            if ["content-encoding", "transfer-encoding", "content-length", "date", "set-cookie"].contains(name.lowercased()) { continue }
            headers[name] = value
        }
        let recording = NetworkRecording(method: method, url: url, status: response.statusCode, headers: headers, body: Array(data ?? Data()))
        do {
            try NetworkService.shared.keep(recording, in: root)
        } catch {
            let message = "network: the answer to \(method) \(url) was not recorded: \(error)"
            if let hooks = NetworkService.shared.hooks { message.withCString { hooks.report(session, $0) } }
        }
        deliver(recording)
    }

    /// The session that reaches the real network while recording.
    private static let liveSession = URLSession(configuration: .ephemeral)
}

/// A value handed to the one other thread that uses it next (a URLSession callback).
/// Invariant for `@unchecked Sendable`: the protocol's mutable state is behind its `loading` lock,
/// and URLSession's client may be called from any thread.
struct Handed<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

