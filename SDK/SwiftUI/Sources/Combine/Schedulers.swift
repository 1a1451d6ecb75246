@_spi(Runtime) import AppHostKit
import Dispatch
import Foundation
import Glibc
import Synchronization

// Combine's schedulers for Dispatch and Foundation, on the host's time. Work a scheduler is given
// for the main queue (or a run loop: the host runs none, and its main actor is the main queue)
// runs in a task on the main actor, so a session counts it as the work of the code that scheduled
// it and waits for it before it draws. Work scheduled for later sleeps in that task first: on the
// session's virtual time, exactly, in `apphost test`, `serve`, `mcp` and `AppHarness` (a
// `.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)` wakes at `wait 300ms`, not at
// `wait 299ms`). Work for another dispatch queue runs on that queue, in order, when its time has
// come, as the command that scheduled it (`SessionWorkContext`): what it starts is counted as that
// command's work, and the command is not done until it has run.

/// Runs `action` on the main actor, as a task (counted as the scheduling code's work), after `delay`.
private func onMainActor(after delay: Duration? = nil, _ action: @escaping () -> Void) -> Task<Void, Never> {
    let work = ScheduledAction(action)
    return Task { @MainActor in
        if let delay, delay > .zero {
            do { try await Task.sleep(for: delay) } catch { return }
        }
        work.action()
    }
}

/// Runs `action` on `queue`, after `delay` on the host's time.
private func onQueue(_ queue: DispatchQueue, after delay: Duration, _ action: @escaping () -> Void) -> Task<Void, Never> {
    let work = ScheduledAction(action)
    return Task {
        if delay > .zero {
            do { try await Task.sleep(for: delay) } catch { return }
        }
        onQueue(queue, work.action)
    }
}

/// Runs `action` on `queue` as the code of the session's command that asks, if any.
private func onQueue(_ queue: DispatchQueue, _ action: @escaping () -> Void) {
    let work = ScheduledAction(action)
    let command = SessionWorkContext.current
    queue.async {
        SessionWorkContext.$current.withValue(command) { work.action() }
    }
}

/// An action handed to another isolation domain. Invariant for `@unchecked Sendable`: a scheduler's
/// action is called once, where the scheduler runs it, as Combine's contract says.
private struct ScheduledAction: @unchecked Sendable {
    let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }
}

/// The suspending clock's reading (CLOCK_MONOTONIC, which `DispatchTime` counts from too), as the
/// code asking reads it: a session's virtual now, inside a session on virtual time.
private func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

// MARK: DispatchQueue

extension DispatchQueue: Combine.Scheduler {
    /// A moment of a dispatch queue's scheduler.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// The moment, as dispatch counts it.
        public var dispatchTime: DispatchTime

        public init(_ time: DispatchTime) {
            dispatchTime = time
        }

        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(nanoseconds: Int(bitPattern: UInt(other.dispatchTime.uptimeNanoseconds &- dispatchTime.uptimeNanoseconds)))
        }

        public func advanced(by stride: Stride) -> SchedulerTimeType {
            SchedulerTimeType(DispatchTime(uptimeNanoseconds: UInt64(bitPattern: Int64(bitPattern: dispatchTime.uptimeNanoseconds) &+ Int64(stride.magnitude))))
        }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(dispatchTime.uptimeNanoseconds)
        }

        public init(from decoder: Decoder) throws {
            dispatchTime = DispatchTime(uptimeNanoseconds: try decoder.singleValueContainer().decode(UInt64.self))
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(dispatchTime.uptimeNanoseconds)
        }

        /// A length of time on a dispatch queue's scheduler, in nanoseconds; a literal is in seconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral, Hashable, Codable, Sendable {
            /// The length in nanoseconds.
            public var magnitude: Int

            public init(nanoseconds: Int) {
                magnitude = nanoseconds
            }

            public init(_ timeInterval: DispatchTimeInterval) {
                switch timeInterval {
                case .seconds(let value): magnitude = value.multipliedReportingOverflow(by: 1_000_000_000).partialValue
                case .milliseconds(let value): magnitude = value.multipliedReportingOverflow(by: 1_000_000).partialValue
                case .microseconds(let value): magnitude = value.multipliedReportingOverflow(by: 1_000).partialValue
                case .nanoseconds(let value): magnitude = value
                case .never: magnitude = .max
                @unknown default: magnitude = .max
                }
            }

            /// The length as dispatch says it.
            public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

            public init(floatLiteral value: Double) { self = .seconds(value) }
            public init(integerLiteral value: Int) { self = .seconds(value) }
            public init?<Source: BinaryInteger>(exactly source: Source) {
                guard let value = Int(exactly: source) else { return nil }
                magnitude = value
            }

            public static func seconds(_ value: Int) -> Stride { Stride(.seconds(value)) }
            public static func seconds(_ value: Double) -> Stride { Stride(nanoseconds: Int((value * 1_000_000_000).rounded())) }
            public static func milliseconds(_ value: Int) -> Stride { Stride(.milliseconds(value)) }
            public static func microseconds(_ value: Int) -> Stride { Stride(.microseconds(value)) }
            public static func nanoseconds(_ value: Int) -> Stride { Stride(nanoseconds: value) }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude + rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude - rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude * rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

            var duration: Duration { .nanoseconds(magnitude) }
        }
    }

    /// The options of a dispatch queue's scheduler.
    public struct SchedulerOptions {
        public var qos: DispatchQoS
        public var flags: DispatchWorkItemFlags
        public var group: DispatchGroup?

        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }

    public var now: SchedulerTimeType { SchedulerTimeType(DispatchTime(uptimeNanoseconds: monotonicNanoseconds())) }

    /// Whether this is the main queue (the host's main actor). `DispatchQueue.main` is a new object
    /// at each use: the queue is told by its label.
    var isMainQueue: Bool { label == DispatchQueue.main.label }

    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        if isMainQueue {
            _ = onMainActor(action)
        } else {
            onQueue(self, action)
        }
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let delay = now.distance(to: date).duration
        _ = isMainQueue ? onMainActor(after: delay, action) : onQueue(self, after: delay, action)
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        let repeating = Repeating(scheduler: self, interval: interval.duration, action: action)
        repeating.start(after: now.distance(to: date).duration)
        return repeating
    }

    /// Work that runs every `interval`, each deadline counted from the last, until cancelled.
    private final class Repeating: Cancellable, @unchecked Sendable {
        private let task = Mutex<Task<Void, Never>?>(nil)
        private let scheduler: DispatchQueue
        private let interval: Duration
        private let action: ScheduledAction

        init(scheduler: DispatchQueue, interval: Duration, action: @escaping () -> Void) {
            self.scheduler = scheduler
            self.interval = interval
            self.action = ScheduledAction(action)
        }

        func start(after delay: Duration) {
            let scheduler = scheduler
            let interval = max(interval, .nanoseconds(1))
            let action = action
            let main = scheduler.isMainQueue
            let running = Task {
                let clock = ContinuousClock()
                var next = clock.now.advanced(by: max(delay, .zero))
                while !Task.isCancelled {
                    do { try await Task.sleep(until: next, clock: clock) } catch { return }
                    if main {
                        await MainActor.run { action.action() }
                    } else {
                        onQueue(scheduler, action.action)
                    }
                    next = next.advanced(by: interval)
                }
            }
            task.withLock { $0 = running }
        }

        func cancel() {
            task.withLock { $0?.cancel() }
        }
    }
}

// MARK: RunLoop

extension RunLoop: Combine.Scheduler {
    /// A moment of a run loop's scheduler: a date.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        public var date: Date

        public init(_ date: Date) {
            self.date = date
        }

        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(other.date.timeIntervalSince(date))
        }

        public func advanced(by stride: Stride) -> SchedulerTimeType {
            SchedulerTimeType(date.addingTimeInterval(stride.timeInterval))
        }

        /// A length of time on a run loop's scheduler, in seconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral, Hashable, Codable, Sendable {
            /// The length in seconds.
            public var magnitude: TimeInterval

            public var timeInterval: TimeInterval { magnitude }

            public init(_ timeInterval: TimeInterval) {
                magnitude = timeInterval
            }

            public init(floatLiteral value: TimeInterval) { magnitude = value }
            public init(integerLiteral value: TimeInterval) { magnitude = value }
            public init?<Source: BinaryInteger>(exactly source: Source) {
                guard let value = TimeInterval(exactly: source) else { return nil }
                magnitude = value
            }

            public static func seconds(_ value: Int) -> Stride { Stride(TimeInterval(value)) }
            public static func seconds(_ value: Double) -> Stride { Stride(value) }
            public static func milliseconds(_ value: Int) -> Stride { Stride(TimeInterval(value) / 1_000) }
            public static func microseconds(_ value: Int) -> Stride { Stride(TimeInterval(value) / 1_000_000) }
            public static func nanoseconds(_ value: Int) -> Stride { Stride(TimeInterval(value) / 1_000_000_000) }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

            var duration: Duration { .nanoseconds(Int64((magnitude * 1_000_000_000).rounded())) }
        }
    }

    /// The options of a run loop's scheduler (it has none).
    public struct SchedulerOptions: Sendable {}

    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        _ = onMainActor(action)
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void) {
        _ = onMainActor(after: now.distance(to: date).duration, action)
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        let main = DispatchQueue.main
        return main.schedule(
            after: main.now.advanced(by: .nanoseconds(now.distance(to: date).duration.wholeNanoseconds)),
            interval: .nanoseconds(interval.duration.wholeNanoseconds), tolerance: .nanoseconds(0), options: nil, action
        )
    }
}

extension Duration {
    /// The length in whole nanoseconds, clamped to an `Int`.
    var wholeNanoseconds: Int {
        let (seconds, attoseconds) = components
        let (whole, overflow) = Int(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        return whole.addingReportingOverflow(Int(attoseconds / 1_000_000_000)).partialValue
    }
}
