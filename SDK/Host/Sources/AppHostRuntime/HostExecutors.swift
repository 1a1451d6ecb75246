@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import AppHostSupport
import CHostTasks
import Dispatch
import Glibc

/// The executors of every program that links the host, in place before its first task (a
/// constructor in CHostTasks installs them: `apphost`'s, a test bundle's).
/// - They run jobs where the platform's would: the main queue, the global pool.
/// - They count each job that belongs to a session from the moment it is enqueued until it has
///   run (``SessionJobs``). That count, not a quiet spell of real time, is how a session knows its
///   work is done.
/// - Sleeps are held on virtual time while a session asks for it (``VirtualTime``). Otherwise they
///   wake on the real clock, counted too.
///
/// The main executor is the host's own, not a wrapper around the platform's: the runtime knows
/// the main actor by its executor, and every main-actor job is run on this one, so the checks
/// that code runs on the main actor agree.
package enum HostExecutors: ExecutorFactory {
    package static let mainExecutor: any MainExecutor = main
    package static let defaultExecutor: any TaskExecutor = pool

    package static let main = HostMainExecutor()
    package static let pool = HostPoolExecutor()

    /// Whether the host's executors are the program's. Written once before `main` runs, when the
    /// program has one thread; only read afterwards.
    nonisolated(unsafe) private(set) static var installed = false

    /// Installs the executors; called once, before `main`, by the constructor.
    package static func install() {
        _createExecutors(factory: HostExecutors.self)
        // A session's `asyncAfter` is held on its clock (SessionJobs+Timers.swift). The owner is the
        // session whose job the thread runs: only SessionJobs marks a thread so.
        apphost_tasks_set_timer_hook { owner, delay, queue, context, work in
            guard let owner, let queue, let work else { return 0 }
            let jobs = Unmanaged<SessionJobs>.fromOpaque(owner).takeUnretainedValue()
            return jobs.hold(DispatchTimer(queue: queue, context: context, work: work), after: .nanoseconds(delay)) ? 1 : 0
        }
        // So is work it queues with `DispatchQueue.async`: counted until it has run.
        apphost_tasks_set_async_hook { owner, queue, context, work in
            guard let owner, let queue, let work else { return 0 }
            Unmanaged<SessionJobs>.fromOpaque(owner).takeUnretainedValue().queue(DispatchTimer(queue: queue, context: context, work: work))
            return 1
        }
        installed = true
    }

    /// Whether this thread runs a job of the global pool on a session's own thread (a session on
    /// one thread, ``SessionJobs/oneThread``): code that is on the pool, not on the main actor.
    package static var runsPoolJobOnSessionThread: Bool { apphost_tasks_running_pool_inline() != 0 }

    /// Calls `body` on the global queue once `deadline` has passed (host work, never a session's).
    package static func wake(at deadline: ContinuousClock.Instant, _ body: @escaping @Sendable () -> Void) {
        HostWork.after(ContinuousClock.now.duration(to: deadline), body)
    }
}

/// Where the host's own work runs off the main actor (its nonisolated async code, a blocking read
/// of the next command, a settle's time limit): dispatch's pool for another quality of service than
/// the global queue's, with threads of its own. A session's work runs on the global pool, as an
/// app's does on a device, where CPU-bound work (a `Task.detached` computing for seconds, one a
/// core) can hold every thread: it never holds the host's.
public enum HostWork {
    public static let queue = DispatchQueue.global(qos: .userInitiated)

    /// Runs `body`, which blocks (a read, a child process waited for), on a thread that no other
    /// work needs. That is a serial queue of its own, which dispatch serves with a thread beyond
    /// its pools' widths. So blocked calls never hold the threads the host's or a session's tasks run on.
    public static func blocking(_ label: String, _ body: @escaping @Sendable () -> Void) {
        asHost { DispatchQueue(label: "apphost.blocking.\(label)").async(execute: body) }
    }

    /// Runs `body` on ``queue`` once `delay` has passed on the real clock, even when called on a
    /// thread that runs a session's job (whose `asyncAfter` would be held on the session's clock).
    public static func after(_ delay: Duration, on queue: DispatchQueue = queue, _ body: @escaping @Sendable () -> Void) {
        asHost { queue.asyncAfter(deadline: .now() + .nanoseconds(Int(max(delay, .zero).nanoseconds)), execute: body) }
    }

    /// Runs `body`, which queues the host's own work with libdispatch, marked as the host's: on a
    /// thread that runs a session's code, work queued there would otherwise be counted as the
    /// session's (and a timer held on its clock).
    @inline(__always)
    public static func asHost<Result>(_ body: () -> Result) -> Result {
        let previous = apphost_tasks_host_dispatch_begin()
        defer { apphost_tasks_host_dispatch_end(previous) }
        return body()
    }
}

@_cdecl("apphost_runtime_install")
package func installHostRuntime() {
    HostExecutors.install()
}

/// The main actor's executor: the dispatch main queue, which the main thread serves.
/// Invariant for `@unchecked Sendable`: it has no state; the queue is thread-safe.
package final class HostMainExecutor: MainExecutor, @unchecked Sendable {
    /// The main queue, made once: on Linux each `DispatchQueue.main` is a new object (an
    /// allocation and a release for every job, and for every isolation check).
    package static let mainQueue = DispatchQueue.main

    package func enqueue(_ job: consuming ExecutorJob) {
        enqueue(UnownedJob(job), for: SessionJobs.enqueuing)
    }

    /// Runs `job` on the main thread, counted as `jobs`' until it has run.
    package func enqueue(_ job: UnownedJob, for jobs: SessionJobs?) {
        jobs?.add(.main)
        let run: @Sendable () -> Void = {
            SessionJobs.running(for: jobs, job: job, onMainActor: true) { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
            jobs?.remove(.main)
        }
        HostWork.asHost { Self.mainQueue.async(execute: run) }
    }

    /// Runs `job`, a job of the global pool, on the main thread behind what is queued there:
    /// the pool's work of a session on one thread (``SessionJobs/oneThread``). It runs on the
    /// pool's executor, so the code it runs is not on the main actor, as on a device.
    package func enqueueFromPool(_ job: UnownedJob, for jobs: SessionJobs) {
        jobs.add(.main)
        let run: @Sendable () -> Void = {
            apphost_tasks_set_running_pool_inline(1)
            SessionJobs.running(for: jobs, job: job) { job.runSynchronously(on: HostExecutors.pool.asUnownedTaskExecutor()) }
            apphost_tasks_set_running_pool_inline(0)
            jobs.remove(.main)
        }
        HostWork.asHost { Self.mainQueue.async(execute: run) }
    }

    package func run() throws {
        dispatchMain()
    }

    /// The main queue is served until the program exits; there is nothing to stop.
    package func stop() {}

    /// The main queue is drained where dispatch chooses (on Linux, not always the main thread): the
    /// main actor is the queue, not a thread.
    package func checkIsolated() {
        // A pool job run on the session's thread is on the main queue, but not on the main actor:
        // code that assumes it is would stop on a device, and stops here.
        precondition(!HostExecutors.runsPoolJobOnSessionThread, "not on the main actor: this code runs on the global pool (the session's own thread runs it, --one-thread)")
        dispatchPrecondition(condition: .onQueue(Self.mainQueue))
    }
}

/// The global pool's executor: a session's jobs run on the session's own pool (``SessionPool``),
/// other jobs on ``HostWork``; sleeps are held on virtual time or scheduled on the real clock, counted either way.
/// Invariant for `@unchecked Sendable`: it has no state; the queues are thread-safe.
package final class HostPoolExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    package func enqueue(_ job: consuming ExecutorJob) {
        let jobs = SessionJobs.enqueuing
        guard let jobs, job.kind.rawValue == Self.yieldKind else { return enqueue(UnownedJob(job), for: jobs) }
        // `Task.yield()`: the job only puts its task back on its executor.
        jobs.yielded()
        let yield = UnownedJob(job)
        // A main-actor task's yield runs on the main queue, behind what is queued there, and puts
        // the task back behind that: the order a trip through the pool gives when the main actor
        // is busy, without waking two threads for a job that runs no code of the app's.
        let kind: SessionJobs.Kind = SessionJobs.runsMainActorJob ? .yieldOnMain : .yield
        jobs.add(kind)
        let run: @Sendable () -> Void = {
            jobs.pool.resumingYield {
                SessionJobs.running(for: jobs, job: yield) { yield.runSynchronously(on: self.asUnownedTaskExecutor()) }
            }
            jobs.remove(kind)
        }
        if kind == .yieldOnMain { return HostWork.asHost { HostMainExecutor.mainQueue.async(execute: run) } }
        // The task that yields suspends once this is queued: its lane's thread is free for it.
        if jobs.pool.handOver(run) { return }
        jobs.pool.run(run)
    }

    /// The kind of job `Task.yield()` enqueues on the global pool: the runtime's nullary
    /// continuation (`JobKind::NullaryContinuation`, the fourth of the kinds reserved after 192),
    /// which resumes the task that yielded and does nothing else.
    private static let yieldKind: UInt8 = 195

    /// Runs `job` on the pool, counted as `jobs`' until it has run; a job of no session (the
    /// host's, or other code's in the process) on ``HostWork``.
    package func enqueue(_ job: UnownedJob, for jobs: SessionJobs?) {
        guard let jobs else {
            return HostWork.asHost { HostWork.queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) } }
        }
        // A task of the session's hopping to the pool from the session's thread (a call to a
        // `@concurrent` function; no task is current while it hops) runs on that thread, if the
        // session asked for one thread: no thread is woken, and the order is the same on every
        // run. A new task (`Task.detached`, a child) is enqueued while its maker is current, and
        // goes to the pool, where it runs beside the session as on a device.
        if jobs.oneThread, apphost_tasks_running() == jobs.opaque, withUnsafeCurrentTask(body: { $0 == nil }) {
            return HostExecutors.main.enqueueFromPool(job, for: jobs)
        }
        jobs.add(.pool)
        let run: @Sendable () -> Void = {
            SessionJobs.running(for: jobs, job: job) { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
            jobs.remove(.pool)
        }
        if jobs.pool.handOverResumption(run) { return }
        jobs.pool.run(run)
    }

    package func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        let job = UnownedJob(job)
        guard let delay = VirtualTime.delay(until: instant, clock: clock) else {
            guard let platform = Self.platform else { return enqueue(job, for: SessionJobs.enqueuing) }
            return platform.enqueue(ExecutorJob(job), at: instant, tolerance: tolerance, clock: clock)
        }
        schedule(job, after: delay)
    }

    package func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        let job = UnownedJob(job)
        guard clock is ContinuousClock || clock is SuspendingClock, let delay = delay as? Duration else {
            guard let platform = Self.platform else { return enqueue(job, for: SessionJobs.enqueuing) }
            return platform.enqueue(ExecutorJob(job), after: delay, tolerance: tolerance, clock: clock)
        }
        schedule(job, after: delay)
    }

    /// Wakes `job` after `delay`: at once if it is not positive (as on a device), when virtual
    /// time reaches it if it is held, else on the real clock.
    private func schedule(_ job: UnownedJob, after delay: Duration) {
        let jobs = SessionJobs.enqueuing
        guard delay > .zero else { return enqueue(job, for: jobs) }
        if let jobs, jobs.hold(job, after: delay) { return }
        jobs?.add(.timers)
        HostWork.after(delay, on: .global()) {
            // Counted as a job before it stops counting as a timer: the count never reads "nothing" between.
            self.enqueue(job, for: jobs)
            jobs?.remove(.timers)
        }
    }

    /// Where a sleep on a clock the host does not know goes: the platform's own scheduling (or,
    /// were there none, straight to the pool).
    private static let platform = PlatformExecutorFactory.defaultExecutor as? any SchedulingExecutor
}


/// An actor whose jobs run on the main queue, behind every job already queued there: hopping to
/// it and back lets the main actor's queued work run, with no other thread involved (the settle's
/// yield). It is not the main actor: nothing runs on it but ``pass()``.
package actor MainQueueLane {
    package static let shared = MainQueueLane()

    /// Puts each job at the back of the main queue.
    /// Invariant for `@unchecked Sendable`: it has no state; the queue is thread-safe.
    private final class Executor: SerialExecutor, @unchecked Sendable {
        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            HostWork.asHost { HostMainExecutor.mainQueue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) } }
        }
    }

    private let executor = Executor()
    /// How many times a task passed through (kept so that the hop is never optimised away).
    private var passes = 0

    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Returns at once; the hops to the lane and back are the point.
    package func pass() {
        passes &+= 1
    }
}
