@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import Synchronization

/// Time that passes only when a flow says so: a view model's `Task.sleep` (a debounce, a delay
/// before a retry) costs no real time in `apphost test`, and wakes exactly when the flow's
/// `wait 300ms` reaches it.
///
/// The `apphost` executable installs its executors through the runtime's executor factory
/// (``installExecutors()``, before any task runs). They are the platform's own, with one change to
/// the default one (where `Task.sleep` schedules its wake-up, main-actor work's included):
/// while time is virtual, a sleep made by view-model code (a task that carries a command's
/// ``CommandWork``) on the continuous or suspending clock is held instead of scheduled, with its
/// deadline on the virtual clock. ``release(upTo:)`` hands held sleeps back to the platform's
/// executor in deadline order, as far as the virtual clock is moved.
///
/// Not virtual: the host's own sleeps, a sleep in `Task.detached` work (it carries no command's
/// marker), a sleep on a custom clock, and time read from a clock. Where the executors were not
/// installed (a test process, whose entry point is not `apphost`'s), time is always real.
public enum VirtualTime {
    private struct Held {
        var deadline: Duration
        var order: UInt64
        var job: UnownedJob
    }

    private struct State {
        var installed = false
        var active = false
        var now = Duration.zero
        var order: UInt64 = 0
        var held: [Held] = []
    }

    private static let state = Mutex(State())

    /// Replaces the runtime's main and default executors with the platform's, wrapped so that they
    /// can hold sleeps. Call it first thing in a synchronous `main`, before any task exists.
    public static func installExecutors() {
        _createExecutors(factory: HoldingExecutorFactory.self)
        state.withLock { $0.installed = true }
    }

    /// Whether the executors were installed, so time can be virtual in this process.
    public static var isAvailable: Bool { state.withLock { $0.installed } }

    /// Whether view-model sleeps are held now.
    public static var isActive: Bool { state.withLock { $0.active } }

    /// How far the virtual clock has moved since ``begin()``.
    public static var elapsed: Duration { state.withLock { $0.now } }

    /// How many sleeps are held.
    public static var heldCount: Int { state.withLock { $0.held.count } }

    /// Starts virtual time at zero, if it is available; false if time stays real.
    @discardableResult
    public static func begin() -> Bool {
        state.withLock { state in
            guard state.installed else { return false }
            state.active = true
            state.now = .zero
            state.held.removeAll()
            return true
        }
    }

    /// Ends virtual time. Sleeps still held then never wake: their session has ended, and waking
    /// them later would run its code in the middle of the next.
    public static func end() {
        state.withLock { state in
            state.active = false
            state.held.removeAll()
        }
    }

    /// Hands back the held sleeps with the earliest deadline, if it is no later than `target`,
    /// and moves the virtual clock to it; false if none is due by then.
    public static func release(upTo target: Duration) -> Bool {
        let due: [Held] = state.withLock { state in
            guard let earliest = state.held.map(\.deadline).min(), earliest <= target else { return [] }
            state.now = max(state.now, earliest)
            let due = state.held.filter { $0.deadline == earliest }.sorted { $0.order < $1.order }
            state.held.removeAll { $0.deadline == earliest }
            return due
        }
        // Onto the main executor, whichever executor held it: the session, which yields the main
        // actor to settle, then runs it in order, before it goes quiet. The code after the sleep
        // hops to its own isolation first (the compiler puts that hop after every `await`), so
        // where the job is resumed does not change where that code runs.
        for held in due {
            HoldingExecutorFactory.platformMain.enqueue(ExecutorJob(held.job))
        }
        return !due.isEmpty
    }

    /// Moves the virtual clock to `target` (never back).
    public static func advance(to target: Duration) {
        state.withLock { $0.now = max($0.now, target) }
    }

    /// Holds `job` if time is virtual and the sleep is view-model work's; false to schedule it for real.
    fileprivate static func hold<C: Clock>(_ job: UnownedJob, at instant: C.Instant, clock: C) -> Bool {
        if let clock = clock as? ContinuousClock, let instant = instant as? ContinuousClock.Instant {
            return hold(job, after: clock.now.duration(to: instant))
        }
        if let clock = clock as? SuspendingClock, let instant = instant as? SuspendingClock.Instant {
            return hold(job, after: clock.now.duration(to: instant))
        }
        return false
    }

    fileprivate static func hold<C: Clock>(_ job: UnownedJob, after delay: C.Duration, clock: C) -> Bool {
        guard clock is ContinuousClock || clock is SuspendingClock, let delay = delay as? Duration else { return false }
        return hold(job, after: delay)
    }

    /// Holds `job`, due `delay` from the virtual now, if time is virtual and a command's view-model code made it.
    private static func hold(_ job: UnownedJob, after delay: Duration) -> Bool {
        guard CommandWork.current != nil else { return false }
        return state.withLock { state in
            guard state.active else { return false }
            state.order += 1
            state.held.append(Held(deadline: state.now + max(delay, .zero), order: state.order, job: job))
            return true
        }
    }
}

/// The platform's executors: the main one as it is, the default one wrapped by ``HoldingTaskExecutor``.
/// `Task.sleep` schedules its wake-up on the default executor even for main-actor work, so the
/// main executor needs no wrapper, and keeps its identity: the runtime's checks that code runs on
/// the main actor compare executors, and a wrapper would fail them.
struct HoldingExecutorFactory: ExecutorFactory {
    static let platformMain = PlatformExecutorFactory.mainExecutor
    static let platformDefault = PlatformExecutorFactory.defaultExecutor
    static let mainExecutor: any MainExecutor = platformMain
    static let defaultExecutor: any TaskExecutor = HoldingTaskExecutor()
}

/// The platform's default (global) executor, but for sleeps that virtual time holds.
/// Invariant for `@unchecked Sendable`: it has no state of its own; the platform's executor it
/// forwards to is thread-safe.
final class HoldingTaskExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    private var base: any TaskExecutor { HoldingExecutorFactory.platformDefault }

    func enqueue(_ job: consuming ExecutorJob) { base.enqueue(job) }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        VirtualTime.schedule(UnownedJob(job), at: instant, tolerance: tolerance, clock: clock, on: base)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        VirtualTime.schedule(UnownedJob(job), after: delay, tolerance: tolerance, clock: clock, on: base)
    }
}

extension VirtualTime {
    /// Holds a delayed job, or schedules it on the platform's executor `base` as it would have been.
    fileprivate static func schedule<C: Clock>(
        _ job: UnownedJob, at instant: C.Instant, tolerance: C.Duration?, clock: C, on base: any Executor
    ) {
        if hold(job, at: instant, clock: clock) { return }
        guard let scheduling = base as? any SchedulingExecutor else { return base.enqueue(ExecutorJob(job)) }
        scheduling.enqueue(ExecutorJob(job), at: instant, tolerance: tolerance, clock: clock)
    }

    fileprivate static func schedule<C: Clock>(
        _ job: UnownedJob, after delay: C.Duration, tolerance: C.Duration?, clock: C, on base: any Executor
    ) {
        if hold(job, after: delay, clock: clock) { return }
        guard let scheduling = base as? any SchedulingExecutor else { return base.enqueue(ExecutorJob(job)) }
        scheduling.enqueue(ExecutorJob(job), after: delay, tolerance: tolerance, clock: clock)
    }
}
