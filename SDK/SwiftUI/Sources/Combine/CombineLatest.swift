import Foundation

// The operators OpenCombine 0.14 lacks that app code uses most: `combineLatest` (and
// `Publishers.CombineLatest`, 3 and 4) and `merge(with:)` (`Publishers.Merge`, 3 and 4, and
// `MergeMany`), as Combine documents them. Each upstream is asked for every value; what goes
// downstream follows the downstream's demand: a combination waits for demand (only the latest one
// is kept, as only the latest values are combined), a merged value waits in order.

/// The one subscription a combining publisher gives its subscriber, fed by every upstream.
final class Gathering<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable {
    enum Mode {
        /// Sends the latest value of every upstream, combined, once each has sent one.
        case latest(([Any]) -> Downstream.Input)
        /// Sends every value of every upstream, in the order they came.
        case merge
    }

    // Invariant for `@unchecked Sendable`: every field is read and written under `lock`; the
    // downstream is called outside it (a recursive lock, so that a downstream that sends back into
    // an upstream on the same thread does not deadlock).
    private let lock = NSRecursiveLock()
    private let mode: Mode
    private var downstream: Downstream?
    private var upstreams: [(any Subscription)?]
    private var values: [Any?]
    private var finished: [Bool]
    private var pending: [Downstream.Input] = []
    private var demand = Subscribers.Demand.none
    private var completion: Subscribers.Completion<Downstream.Failure>?
    private var delivering = false

    init(downstream: Downstream, upstreams count: Int, mode: Mode) {
        self.downstream = downstream
        self.mode = mode
        upstreams = Array(repeating: nil, count: count)
        values = Array(repeating: nil, count: count)
        finished = Array(repeating: false, count: count)
    }

    var description: String {
        switch mode {
        case .latest: "CombineLatest"
        case .merge: "Merge"
        }
    }

    /// The subscriber that feeds upstream `index` in.
    func side<Input>(_ index: Int, of type: Input.Type) -> AnySubscriber<Input, Downstream.Failure> {
        AnySubscriber(
            receiveSubscription: { [weak self] subscription in
                guard let self else { return subscription.cancel() }
                let keep = lock.withLock { () -> Bool in
                    guard self.downstream != nil else { return false }
                    self.upstreams[index] = subscription
                    return true
                }
                if keep { subscription.request(.unlimited) } else { subscription.cancel() }
            },
            receiveValue: { [weak self] value in
                self?.received(value, from: index)
                return .none
            },
            receiveCompletion: { [weak self] completion in
                self?.completed(completion, from: index)
            }
        )
    }

    private func received(_ value: Any, from index: Int) {
        lock.withLock {
            guard downstream != nil else { return }
            switch mode {
            case .latest(let combine):
                values[index] = value
                let all = values.compactMap { $0 }
                // Only the latest combination is ever sent: an older one waiting is replaced.
                if all.count == values.count { pending = [combine(all)] }
            case .merge:
                if let input = value as? Downstream.Input { pending.append(input) }
            }
        }
        deliver()
    }

    private func completed(_ completion: Subscribers.Completion<Downstream.Failure>, from index: Int) {
        let others: [(any Subscription)?] = lock.withLock {
            guard downstream != nil, self.completion == nil else { return [] }
            switch completion {
            case .failure:
                // A failure ends it at once: what waits is dropped, the other upstreams cancelled.
                self.completion = completion
                pending = []
                defer { upstreams = upstreams.map { _ in nil } }
                return upstreams.enumerated().filter { $0.offset != index }.map(\.element)
            case .finished:
                finished[index] = true
                // Combining, an upstream that finished without a value means no combination ever comes.
                if case .latest = mode, values[index] == nil { self.completion = .finished; pending = [] }
                if finished.allSatisfy({ $0 }) { self.completion = .finished }
                return []
            }
        }
        for upstream in others { upstream?.cancel() }
        deliver()
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { self.demand += demand }
        deliver()
    }

    func cancel() {
        let upstreams: [(any Subscription)?] = lock.withLock {
            downstream = nil
            pending = []
            defer { self.upstreams = [] }
            return self.upstreams
        }
        for upstream in upstreams { upstream?.cancel() }
    }

    /// Sends what waits, as far as the downstream's demand goes, then the completion once nothing waits.
    private enum Step {
        case value(Downstream.Input, Downstream)
        case completion(Subscribers.Completion<Downstream.Failure>, Downstream)
        case none
    }

    private func deliver() {
        while true {
            let step: Step = lock.withLock {
                guard !delivering, let downstream else { return .none }
                if demand > 0, !pending.isEmpty {
                    demand -= 1
                    delivering = true
                    return .value(pending.removeFirst(), downstream)
                }
                if pending.isEmpty, let completion {
                    self.downstream = nil
                    return .completion(completion, downstream)
                }
                return .none
            }
            switch step {
            case .value(let value, let downstream):
                let more = downstream.receive(value)
                lock.withLock {
                    demand += more
                    delivering = false
                }
            case .completion(let completion, let downstream):
                downstream.receive(completion: completion)
                return
            case .none:
                return
            }
        }
    }
}

extension Publishers {
    /// The latest values of two publishers, once both have sent one, each time either sends.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let gathering = Gathering(downstream: subscriber, upstreams: 2, mode: .latest { ($0[0] as! A.Output, $0[1] as! B.Output) })
            subscriber.receive(subscription: gathering)
            a.subscribe(gathering.side(0, of: A.Output.self))
            b.subscribe(gathering.side(1, of: B.Output.self))
        }
    }

    /// The latest values of three publishers.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let gathering = Gathering(downstream: subscriber, upstreams: 3, mode: .latest { ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output) })
            subscriber.receive(subscription: gathering)
            a.subscribe(gathering.side(0, of: A.Output.self))
            b.subscribe(gathering.side(1, of: B.Output.self))
            c.subscribe(gathering.side(2, of: C.Output.self))
        }
    }

    /// The latest values of four publishers.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D

        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let gathering = Gathering(
                downstream: subscriber, upstreams: 4,
                mode: .latest { ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output, $0[3] as! D.Output) }
            )
            subscriber.receive(subscription: gathering)
            a.subscribe(gathering.side(0, of: A.Output.self))
            b.subscribe(gathering.side(1, of: B.Output.self))
            c.subscribe(gathering.side(2, of: C.Output.self))
            d.subscribe(gathering.side(3, of: D.Output.self))
        }
    }

    /// Every value of any number of publishers of one type, as they come.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let publishers: [Upstream]

        public init(_ upstream: Upstream...) {
            publishers = upstream
        }

        public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
            publishers = Array(upstream)
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let gathering = Gathering(downstream: subscriber, upstreams: publishers.count, mode: .merge)
            subscriber.receive(subscription: gathering)
            if publishers.isEmpty { return subscriber.receive(completion: .finished) }
            for (index, publisher) in publishers.enumerated() {
                publisher.subscribe(gathering.side(index, of: Output.self))
            }
        }

        public func merge(with other: Upstream) -> MergeMany<Upstream> {
            MergeMany(publishers + [other])
        }
    }

    /// Every value of two publishers, as they come.
    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            MergeMany<AnyPublisher<Output, Failure>>([a.eraseToAnyPublisher(), b.eraseToAnyPublisher()]).receive(subscriber: subscriber)
        }
    }

    /// Every value of three publishers, as they come.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Output == B.Output, B.Output == C.Output, A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            MergeMany<AnyPublisher<Output, Failure>>([a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher()]).receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    /// The latest values of this publisher and `other`, once both have sent one.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P> where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }

    /// The latest values of this publisher and `other`, combined by `transform`.
    public func combineLatest<P: Publisher, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T)
        -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure
    {
        Publishers.CombineLatest(self, other).map(transform)
    }

    /// The latest values of this publisher and two others.
    public func combineLatest<P: Publisher, Q: Publisher>(_ p: P, _ q: Q) -> Publishers.CombineLatest3<Self, P, Q>
    where P.Failure == Failure, Q.Failure == Failure {
        Publishers.CombineLatest3(self, p, q)
    }

    /// The latest values of this publisher and three others.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(_ p: P, _ q: Q, _ r: R) -> Publishers.CombineLatest4<Self, P, Q, R>
    where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.CombineLatest4(self, p, q, r)
    }

    /// Every value of this publisher and `other`, as they come.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P> where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }

    /// Every value of this publisher and two others, as they come.
    public func merge<P: Publisher, Q: Publisher>(with p: P, _ q: Q) -> Publishers.Merge3<Self, P, Q>
    where P.Output == Output, Q.Output == Output, P.Failure == Failure, Q.Failure == Failure {
        Publishers.Merge3(self, p, q)
    }
}
