import Foundation
import Synchronization

// What apps use of Combine's Foundation part: a timer's publisher (`Timer.publish(every:on:in:)`,
// usually with `.autoconnect()` and `.onReceive`) and notifications as a publisher. The timer does
// not need a run loop (the host runs none): it ticks in a task on the main actor, each deadline
// counted from the last on the continuous clock, so on a session's virtual time a timer of one
// second ticks exactly three times in `wait 3s`.

extension Timer {
    /// A publisher that sends the date every `interval` seconds once connected.
    public static func publish(
        every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
        options: RunLoop.SchedulerOptions? = nil
    ) -> TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
    }

    /// Sends the date every ``interval`` seconds, from ``connect()`` until that connection is cancelled.
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        public typealias Output = Date
        public typealias Failure = Never

        public let interval: TimeInterval
        public let tolerance: TimeInterval?
        public let runLoop: RunLoop
        public let mode: RunLoop.Mode
        public let options: RunLoop.SchedulerOptions?

        private let subject = PassthroughSubject<Date, Never>()
        private let ticking = Mutex<Task<Void, Never>?>(nil)

        public init(interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            subject.receive(subscriber: subscriber)
        }

        /// Starts the ticks; cancelling what it returns stops them. Connecting again while
        /// connected returns the same ticks.
        public func connect() -> any Cancellable {
            let subject = SendableSubject(subject)
            let every = Duration.nanoseconds(Int64((Swift.max(interval, 0.000_1) * 1_000_000_000).rounded()))
            ticking.withLock { ticking in
                guard ticking == nil else { return }
                ticking = Task { @MainActor in
                    let clock = ContinuousClock()
                    var next = clock.now
                    while !Task.isCancelled {
                        next = next.advanced(by: every)
                        do { try await Task.sleep(until: next, clock: clock) } catch { return }
                        subject.value.send(Date())
                    }
                }
            }
            return AnyCancellable { [weak self] in
                self?.ticking.withLock { ticking in
                    ticking?.cancel()
                    ticking = nil
                }
            }
        }

        deinit {
            ticking.withLock { $0?.cancel() }
        }
    }
}

extension NotificationCenter {
    /// Notifications named `name` (from `object`, if given), as a publisher.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> Publisher {
        Publisher(center: self, name: name, object: object)
    }

    /// Notifications of one name posted to a center, sent to each subscriber as they are posted.
    public struct Publisher: Combine.Publisher, @unchecked Sendable {
        public typealias Output = Notification
        public typealias Failure = Never

        public let center: NotificationCenter
        public let name: Notification.Name
        public let object: AnyObject?

        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            let subject = SendableSubject(PassthroughSubject<Notification, Never>())
            let observer = center.addObserver(forName: name, object: object, queue: nil) { subject.value.send($0) }
            let center = center
            subject.value
                .handleEvents(receiveCancel: { center.removeObserver(observer) })
                .receive(subscriber: subscriber)
        }
    }
}

/// A subject handed to a notification's observer. Invariant for `@unchecked Sendable`: Combine's
/// subjects are thread-safe (OpenCombine's take a lock on every send).
private struct SendableSubject<Subject>: @unchecked Sendable {
    let value: Subject
    init(_ value: Subject) { self.value = value }
}
