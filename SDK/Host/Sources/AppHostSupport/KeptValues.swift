import Synchronization

/// Results of a pure, repeated computation, kept by key and shared between threads: at most
/// `limit` of them, after which new results are computed each time and not kept. A computation
/// that throws keeps nothing, so a failure is reported every time it happens.
package final class KeptValues<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The most results kept.
    package let limit: Int
    private let values = Mutex<[Key: Value]>([:])

    package init(limit: Int) {
        self.limit = limit
    }

    /// The kept result for `key`, else `make()`'s, kept if there is room.
    package func value<Failure: Error>(for key: Key, _ make: () throws(Failure) -> Value) throws(Failure) -> Value {
        if let kept = values.withLock({ $0[key] }) { return kept }
        let value = try make()
        values.withLock { values in
            if values.count < limit { values[key] = value }
        }
        return value
    }
}
