import Synchronization

/// Values handed from any thread to one reader, which waits for the next where it runs
/// (`nonisolated(nonsending)`): a session on the main actor takes its input without a hop to
/// the global pool and back, as an `AsyncStream`'s iterator makes. A taken value is let go at
/// once, and the queue holds only what waits, however many values a long session takes.
public final class HandOffQueue<Element: Sendable>: Sendable {
    private struct State {
        var values: [Element?] = []
        var head = 0
        var reader: CheckedContinuation<Element, Never>?

        mutating func take() -> Element? {
            guard head < values.count, let value = values[head] else { return nil }
            values[head] = nil
            head += 1
            if head == values.count {
                values.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 32, head * 2 >= values.count {
                values.removeFirst(head)
                head = 0
            }
            return value
        }
    }

    private let state = Mutex(State())

    public init() {}

    /// Hands `value` to the reader waiting for one, or keeps it for the next ``next()``.
    public func send(_ value: Element) {
        let reader = state.withLock { state -> CheckedContinuation<Element, Never>? in
            guard let reader = state.reader else {
                state.values.append(value)
                return nil
            }
            state.reader = nil
            return reader
        }
        reader?.resume(returning: value)
    }

    /// The next value, once there is one. One reader at a time.
    public nonisolated(nonsending) func next() async -> Element {
        if let value = state.withLock({ $0.take() }) { return value }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Element, Never>) in
            let value = state.withLock { state -> Element? in
                if let value = state.take() { return value }
                state.reader = continuation
                return nil
            }
            if let value { continuation.resume(returning: value) }
        }
    }

    /// How many slots the queue holds now: the values waiting, and at most as many taken ones
    /// not yet dropped from the front (for tests of what a long session keeps).
    public var slots: Int { state.withLock { $0.values.count } }
}
