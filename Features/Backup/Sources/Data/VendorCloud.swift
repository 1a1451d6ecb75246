import Dispatch
import Synchronization

/// A vendor's SDK for the backup server, with a callback API: its answer comes on a thread of its
/// own, later. Apps wrap such calls in a continuation.
nonisolated final class VendorCloud: Sendable {
    /// How long the vendor's server takes to answer.
    let latency: DispatchTimeInterval

    init(latency: DispatchTimeInterval = .milliseconds(300)) {
        self.latency = latency
    }

    /// Asks the server for its status; `completion` is called on one of the SDK's threads.
    func fetchStatus(completion: @escaping @Sendable (ServerStatus) -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + latency) {
            completion(.online(version: "4.2"))
        }
    }

    private let synced = Atomic(false)

    /// Starts syncing with the server; ``isSynced`` turns true when the server says so, on one of
    /// the SDK's threads.
    func startSync() {
        synced.store(false, ordering: .releasing)
        DispatchQueue.global().asyncAfter(deadline: .now() + latency) {
            self.synced.store(true, ordering: .releasing)
        }
    }

    /// Whether the last sync has finished: an SDK that offers a flag to poll, not a callback.
    var isSynced: Bool { synced.load(ordering: .acquiring) }

    /// The status, as the app's code wraps the callback.
    func status() async -> ServerStatus {
        await withCheckedContinuation { continuation in
            fetchStatus { continuation.resume(returning: $0) }
        }
    }
}
