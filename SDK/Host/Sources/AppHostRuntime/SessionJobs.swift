@_spi(Runtime) import AppHostKit
import AppHostSupport
import CHostGuard
import CHostTasks
import Synchronization

/// What the host's executors know of one session's work, from any thread: the jobs queued or
/// running (on the main actor or the global pool), the sleeps held on virtual time, and the real
/// timers pending, counted from the moment a job is enqueued until it has run. A job belongs to
/// the session when the code that enqueues it carries one of its ``CommandWork`` markers (a task
/// hopping, a task being started), or runs in a job of the session's (a held sleep handed back
/// resuming its task, a task resumed by another's code).
///
/// Each change moves ``version`` on and wakes whoever waits for one (the settle), so that the
/// session learns that work ended, or arrived, without looking at the clock.
package final class SessionJobs: Sendable {
    package struct Counts: Equatable {
        /// Jobs enqueued on the main executor that have not run yet.
        package var main = 0
        /// Jobs enqueued on the global pool that have not finished running.
        package var pool = 0
        /// Of the main and pool jobs, the ones that resume a task that yielded (`Task.yield()`):
        /// each only puts its task back on its executor.
        package var yields = 0
        /// Sleeps held on virtual time (``VirtualTime``).
        package var held = 0
        /// Sleeps scheduled on the real clock that have not woken.
        package var timers = 0
        /// The work of timers the session's code armed with libdispatch, due and queued on their
        /// queues, that has not run yet (SessionJobs+Timers.swift).
        package var dispatched = 0
        /// Network requests served from recorded answers that have not been answered
        /// (``RecordedNetwork``).
        package var requests = 0
        /// Moves on at every change.
        package var version: UInt64 = 0
    }

    /// A sleep, or a timer, held on the session's virtual clock.
    struct Held {
        var deadline: Duration
        var order: UInt64
        var wake: Wake
        /// The task that sleeps, if the sleep was made in one, to see that it was cancelled.
        var sleeper: Sleeper? = nil
    }

    /// What a hold does when it is due: resume a task's sleep, or queue a timer's work (see
    /// SessionJobs+Timers.swift).
    enum Wake {
        case job(UnownedJob)
        case timer(DispatchTimer)
    }

    struct State {
        var counts = Counts()
        var waiter: CheckedContinuation<Void, Never>?
        var virtual = false
        var now = Duration.zero
        var order: UInt64 = 0
        var held: [Held] = []
        /// Whether a yield found nothing else of the session's work queued or running since the
        /// last wake, or since work began on an idle session (``yielded()``).
        var quietYield = false
    }

    let state = Mutex(State())

    /// How many of the session's ``CommandWork`` markers are alive: held by the session for the
    /// command running, or by a task a command started that has not ended. With none, no task of
    /// the session's commands is alive, so work running on the pool is none of theirs (a
    /// `Task.detached` the app did not wait for): a settle does not wait for it.
    package let markers = Atomic<Int>(0)

    /// URLs the app's code opened (`openURL`, `UIApplication.shared.open`), for the session to open
    /// once the command's work has settled; at most ``maximumOpenedURLs`` a command.
    package let openedURLs = Mutex<[String]>([])

    /// The most URLs one command's code may open; more are dropped, and the session says so.
    package static let maximumOpenedURLs = 16

    /// What went wrong with the recorded network during a command (a request no recording
    /// answers), for the session to report once the command's work has settled.
    package let networkErrors = Mutex<[String]>([])

    /// The most network errors kept for one command.
    package static let maximumNetworkErrors = 16

    /// Whether work of the session's commands may be running: a marker is alive besides the
    /// `ownMarkers` the caller holds itself.
    package func commandTasksAlive(besides ownMarkers: Int) -> Bool {
        markers.load(ordering: .relaxed) > ownMarkers
    }

    /// The session's clock as the C side reads it (see CHostTasks): started when its time becomes
    /// virtual, moved with ``elapsed``. Invariant for `nonisolated(unsafe)`: the pointer never
    /// changes and is freed only by `deinit`, when no job of the session is running.
    nonisolated(unsafe) let virtualClock: OpaquePointer
    /// ``virtualClock`` once the session's time is virtual, else nil: what a thread running one of
    /// its jobs reads the time from. Invariant for `nonisolated(unsafe)`: written once, by the
    /// session's init, before any job of the session exists.
    nonisolated(unsafe) private var runningClock: OpaquePointer?

    /// Where the session's jobs of the global pool run: threads of its own, as wide as a phone's
    /// cores.
    package let pool = SessionPool()

    package init() {
        virtualClock = apphost_tasks_make_clock()
    }

    deinit {
        apphost_tasks_free_clock(virtualClock)
    }

    /// Whether the session runs on one thread: a task of its own that hops to the global pool runs
    /// on the session's thread instead, behind what is queued there (see ``HostPoolExecutor``).
    /// Set once, before the session's first job. Invariant for `nonisolated(unsafe)`: written only
    /// by the session's init, before any job of the session exists; only read afterwards.
    nonisolated(unsafe) package var oneThread = false

    /// This object as the C side marks a thread running its jobs (``running(for:job:_:)``).
    package var opaque: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }

    /// The session whose job the code enqueuing one now belongs to, if any.
    package static var enqueuing: SessionJobs? {
        if let work = CommandWork.current { return work.jobs }
        guard let owner = apphost_tasks_running() else { return nil }
        // Set only by `running(for:job:_:)`, around a job whose closure holds the session's jobs alive.
        return Unmanaged<SessionJobs>.fromOpaque(owner).takeUnretainedValue()
    }

    /// Runs `body` (`job`) with this thread marked as running `jobs`' work, reading the session's
    /// clock if its time is virtual.
    package static func running(for jobs: SessionJobs?, job: UnownedJob?, onMainActor: Bool = false, _ body: () -> Void) {
        let previous = apphost_tasks_running()
        let previousClock = apphost_tasks_running_clock()
        // Read before it runs: a job that ends its task frees it.
        if jobs != nil { apphost_guard_job_ran(job.map { unsafeBitCast($0, to: UnsafeRawPointer.self) }) }
        apphost_tasks_set_running(jobs.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }, jobs?.runningClock)
        let wasInJob = apphost_tasks_set_in_job(jobs == nil ? 0 : onMainActor ? 2 : 1)
        body()
        apphost_tasks_set_in_job(wasInJob)
        apphost_tasks_set_running(previous, previousClock)
    }

    /// Runs `body` as the session's: code of the session's that runs outside its jobs, such as an
    /// action's first part or a body being built. It reads the session's clock if its time is
    /// virtual. This thread is marked as running the session's code, so a run-loop timer it arms is
    /// known to be the session's. What it enqueues is still counted by its task's marker first.
    package func readingClock<Result>(_ body: () -> Result) -> Result {
        let owner = apphost_tasks_running()
        let previous = apphost_tasks_running_clock()
        apphost_tasks_set_running(UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()), runningClock)
        let wasInJob = apphost_tasks_set_in_job(0)
        defer {
            apphost_tasks_set_in_job(wasInJob)
            apphost_tasks_set_running(owner, previous)
        }
        return body()
    }

    /// Whether this thread runs a main-actor job of a session.
    package static var runsMainActorJob: Bool { apphost_tasks_in_job() == 2 }

    /// The counts now.
    package var counts: Counts { state.withLock { $0.counts } }

    /// What is counted: `yield` is a job of the pool that resumes a task that yielded;
    /// `yieldOnMain` one run on the main queue (a main-actor task's).
    package enum Kind { case main, pool, yield, yieldOnMain, dispatched, held, timers, requests }

    /// Counts one more of `kind`.
    package func add(_ kind: Kind) { change(kind, by: 1) }

    /// Counts one less of `kind`.
    package func remove(_ kind: Kind) { change(kind, by: -1) }

    private func change(_ kind: Kind, by delta: Int) {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
            // Work that begins on an idle session (a command's, a vendor's callback) starts a new
            // run of yields: the first quiet one of it passes no time.
            if delta > 0, state.counts.main + state.counts.pool + state.counts.dispatched == 0 { state.quietYield = false }
            switch kind {
            case .main:
                state.counts.main += delta
                apphost_guard_jobs_outstanding(Int64(delta))
            case .pool:
                state.counts.pool += delta
                apphost_guard_jobs_outstanding(Int64(delta))
            case .yield:
                state.counts.pool += delta
                state.counts.yields += delta
                apphost_guard_jobs_outstanding(Int64(delta))
            case .yieldOnMain:
                state.counts.main += delta
                state.counts.yields += delta
                apphost_guard_jobs_outstanding(Int64(delta))
            case .dispatched:
                state.counts.dispatched += delta
                apphost_guard_jobs_outstanding(Int64(delta))
            case .held: state.counts.held += delta
            case .timers: state.counts.timers += delta
            case .requests: state.counts.requests += delta
            }
            state.counts.version &+= 1
            changes.store(state.counts.version, ordering: .releasing)
            defer { state.waiter = nil }
            return state.waiter
        }
        if let waiter { Self.resumeAsHost(waiter) }
    }

    /// Resumes the settle that waits for a change as the host's code: the thread may be running a
    /// job of the session, or code marked as a command's, and the settle's resumption is neither.
    /// Counted as the session's, it would make the session look busy by the settle itself.
    private static func resumeAsHost(_ waiter: CheckedContinuation<Void, Never>) {
        let owner = apphost_tasks_running()
        let clock = apphost_tasks_running_clock()
        apphost_tasks_set_running(nil, nil)
        SessionWorkContext.$current.withValue(nil) { waiter.resume() }
        apphost_tasks_set_running(owner, clock)
    }

    /// ``Counts/version``, stored after every change made under the lock: what the settle's look
    /// again reads, so that looking never takes the lock the thread ending the work needs.
    let changes = Atomic<UInt64>(0)

    /// Moves ``Counts/version`` on without changing a count: something the settle waits for
    /// happened (a command's marker was let go, the work a command awaits returned).
    package func touch() {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
            state.counts.version &+= 1
            changes.store(state.counts.version, ordering: .releasing)
            defer { state.waiter = nil }
            return state.waiter
        }
        if let waiter { Self.resumeAsHost(waiter) }
    }

    // MARK: Virtual time (see VirtualTime)

    /// Whether this session's sleeps are held on virtual time. Set once, before the session's
    /// first job: from then on its jobs read the session's clock (``readingClock(_:)``).
    package var isVirtual: Bool {
        get { state.withLock { $0.virtual } }
        set {
            state.withLock { $0.virtual = newValue }
            guard newValue, runningClock == nil else { return }
            apphost_tasks_start_clock(virtualClock)
            runningClock = virtualClock
        }
    }

    /// How far the virtual clock has moved.
    package var elapsed: Duration { state.withLock { $0.now } }

    /// Holds `job`, due `delay` from the virtual now, if this session's time is virtual; false to
    /// schedule it for real.
    package func hold(_ job: UnownedJob, after delay: Duration) -> Bool {
        let sleeper = Sleeper.current
        let held = state.withLock { state in
            guard state.virtual else { return false }
            state.order &+= 1
            state.held.append(Held(deadline: state.now + delay, order: state.order, wake: .job(job), sleeper: sleeper))
            return true
        }
        if held { add(.held) }
        return held
    }

    /// Hands the held sleeps with the earliest deadline back to the main executor, counted as this
    /// session's jobs, if that deadline is no later than `target` (any deadline with nil), and
    /// moves the virtual clock to it; false if none is due by then.
    package func release(upTo target: Duration?) -> Bool {
        let due: [Held] = state.withLock { state in
            guard let earliest = state.held.lazy.map(\.deadline).min(), target.map({ earliest <= $0 }) ?? true else { return [] }
            state.now = max(state.now, earliest)
            apphost_tasks_move_clock(virtualClock, state.now.nanoseconds)
            let due = state.held.filter { $0.deadline == earliest }.sorted { $0.order < $1.order }
            state.held.removeAll { $0.deadline == earliest }
            return due
        }
        due.forEach(wake)
        return !due.isEmpty
    }

    /// Lets `held` go: a sleep's task resumes, on the main executor whichever executor held it (the
    /// code after the sleep hops to its own isolation first: the compiler puts that hop after every
    /// `await`, so where the job is resumed does not change where that code runs); a timer's work
    /// is queued. Either is counted as this session's job until it has run.
    func wake(_ held: Held) {
        // What wakes runs beside a task that may be polling for it: the next quiet yield of the
        // session passes no time, so the task looks again once that work has landed (``yielded()``).
        state.withLock { $0.quietYield = false }
        switch held.wake {
        case .job(let job): HostExecutors.main.enqueue(job, for: self)
        case .timer(let timer): run(timer)
        }
        remove(.held)
    }

    /// Whether a sleep held on virtual time is due by `target`.
    package func holdsSleep(dueBy target: Duration) -> Bool {
        state.withLock { state in state.held.contains { $0.deadline <= target } }
    }

    /// Moves the virtual clock to `target` (never back).
    package func advance(to target: Duration) {
        state.withLock { state in
            state.now = max(state.now, target)
            apphost_tasks_move_clock(virtualClock, state.now.nanoseconds)
        }
    }

    /// Lets go of the held sleeps whose task was cancelled (a debounce restarted). They leave the
    /// held set at once, as they would leave a device's timer queue, and their wake-ups run now.
    /// The task has already been resumed by its cancellation, so the wake-up finds nothing to do
    /// and frees what it holds. True if there were any.
    @discardableResult
    package func dropCancelledSleeps() -> Bool {
        let cancelled: [Held] = state.withLock { state in
            guard state.held.contains(where: { $0.sleeper?.isCancelled == true }) else { return [] }
            let cancelled = state.held.filter { $0.sleeper?.isCancelled == true }
            state.held.removeAll { $0.sleeper?.isCancelled == true }
            return cancelled
        }
        cancelled.forEach(wake)
        return !cancelled.isEmpty
    }

    /// Ends what the session holds, as it ends: each held sleep's task is cancelled, and its wake-up
    /// runs (so the task resumes with `CancellationError`, as a device's would when its screen
    /// goes); each held timer's work is queued now (a vendor's callback, which a continuation may
    /// wait for); and the clock stops being virtual for what is still running.
    package func drain() {
        let held: [Held] = state.withLock { state in
            defer { state.held = [] }
            state.virtual = false
            return state.held.sorted { $0.order < $1.order }
        }
        for sleep in held {
            sleep.sleeper?.cancel()
            wake(sleep)
        }
    }

    /// Touched only by the one waiter, the session's settle, on the main actor (SessionJobs+Waiting.swift).
    nonisolated(unsafe) var spinning = LookingAgain()
}
