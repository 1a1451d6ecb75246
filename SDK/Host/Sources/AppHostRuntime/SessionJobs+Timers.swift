// What else meets a session's virtual clock and its count besides its tasks' sleeps and jobs
// (SessionJobs.swift): a task that yields while nothing else of the session can run, the timers its
// code arms with libdispatch (`DispatchQueue.asyncAfter`), and the work it queues there
// (`DispatchQueue.async`).

import AppHostSupport
import CHostGuard
import CHostTasks
import Dispatch
import Synchronization

/// A timer a session's code armed with libdispatch, held on the session's clock: `work(context)`
/// is queued on `queue` when it is due.
/// Invariant for `@unchecked Sendable`: the pointers are libdispatch's caller's, handed over once;
/// the queue is retained from the hold until the work is queued, and the work runs once.
struct DispatchTimer: @unchecked Sendable {
    let queue: UnsafeMutableRawPointer
    let context: UnsafeMutableRawPointer?
    let work: apphost_work_function

    /// Runs the work, marked as running for the watchdog: a command overdue while it runs names
    /// the feature library its code lies in (work that never ends, which the command waits for).
    func runWatched() {
        let slot = apphost_guard_work_began(apphost_tasks_work_code(context, work))
        work(context)
        apphost_guard_work_ended(slot)
    }
}

extension SessionJobs {
    /// Virtual time a yield lets pass when nothing else of the session can run (``yielded()``).
    package static let yieldTime = Duration.microseconds(100)

    /// Says that a task of the session yields (`Task.yield()`), before its resumption is queued.
    /// If nothing else of the session is queued or running (the task that yields aside, and other
    /// yields' resumptions), the yield is all the session does: time passes, as it would on a
    /// device while the task polls, by ``yieldTime`` a yield. Holds due by then wake first, in
    /// deadline order, so a loop that polls a flag a sleeping task sets sees it after the sleep's
    /// length of yields. Counted in yields, not read from a clock: the same on every run.
    ///
    /// The first quiet yield after a wake, or after work began on an idle session, passes no
    /// time. That work may have landed between the task's last look and its yield (a woken sleep
    /// hops through the pool on its way back to the main actor, beside the task's own hops): the
    /// task looks once more first. The woken work is counted until it has run, so no yield is
    /// quiet before it has landed. Otherwise whether the first look after a wake saw the work
    /// would depend on which thread ran first, and a loop would return 0.1 ms later on some runs.
    package func yielded() {
        let inJob = apphost_tasks_in_job() != 0
        let due: [Held] = state.withLock { state in
            let others = state.counts.main + state.counts.pool + state.counts.dispatched - state.counts.yields
            guard state.virtual, others == (inJob ? 1 : 0) else { return [] }
            // The task looks once more before time passes (see above).
            guard state.quietYield else {
                state.quietYield = true
                return []
            }
            state.now += Self.yieldTime
            apphost_tasks_move_clock(virtualClock, state.now.nanoseconds)
            let now = state.now
            guard state.held.contains(where: { $0.deadline <= now }) else { return [] }
            let due = state.held.filter { $0.deadline <= now }.sorted { ($0.deadline, $0.order) < ($1.deadline, $1.order) }
            state.held.removeAll { $0.deadline <= now }
            return due
        }
        due.forEach(wake)
    }

    /// Holds a timer the session's code armed with libdispatch (`asyncAfter`), due `delay` from the
    /// virtual now; false (for libdispatch to keep it on the real clock) if the session's time is
    /// not virtual.
    ///
    /// It is due when the session's time reaches it, as a held sleep is. But while work of the
    /// session runs on the pool (CPU work in a detached task), the session's time stands still,
    /// where a device's would pass: a vendor's callback would wait for the work to end. So if the
    /// clock has not moved by the time the deadline passes on the real clock, and such work is
    /// running, the timer fires then, as it would on a device.
    func hold(_ timer: DispatchTimer, after delay: Duration) -> Bool {
        let held: (order: UInt64, now: Duration)? = state.withLock { state in
            guard state.virtual else { return nil }
            state.order &+= 1
            state.held.append(Held(deadline: state.now + delay, order: state.order, wake: .timer(timer)))
            return (state.order, state.now)
        }
        guard let held else { return false }
        apphost_tasks_retain_queue(timer.queue)
        add(.held)
        watchOnTheRealClock(held.order, after: delay, since: held.now)
        return true
    }

    /// How often a held timer's deadline on the real clock is looked at again, at least.
    static let realClockRecheck = Duration.milliseconds(100)

    /// After `delay` of real time, lets the timer held as `order` go if it is still held, the
    /// session's clock has stood at `since` all along, and work of the session runs on the pool;
    /// otherwise looks again later.
    private func watchOnTheRealClock(_ order: UInt64, after delay: Duration, since: Duration) {
        HostWork.after(delay) { [weak self] in
            guard let self else { return }
            let (overdue, stillHeld, now): (Held?, Bool, Duration) = self.state.withLock { state in
                guard let index = state.held.firstIndex(where: { $0.order == order }) else { return (nil, false, state.now) }
                guard state.now == since, state.counts.pool > state.counts.yields else { return (nil, true, state.now) }
                return (state.held.remove(at: index), true, state.now)
            }
            if let overdue {
                self.wake(overdue)
            } else if stillHeld {
                self.watchOnTheRealClock(order, after: max(delay, Self.realClockRecheck), since: now)
            }
        }
    }

    /// Queues a due timer's work on its queue, counted as dispatched until it has run: a settle
    /// waits for it, as for a recorded network answer, for it lands at once. It runs as the
    /// session's code: its clock reads are the session's, and a timer it arms is held too.
    func run(_ timer: DispatchTimer) {
        add(.dispatched)
        if apphost_tasks_is_dispatch_block(timer.context, timer.work) != 0, let block = timer.context {
            // A work item's block (a barrier, a cancellable debounce) goes to its queue as it is,
            // for libdispatch to apply its flags; it counts until a job queued behind it on the
            // same queue runs (on a serial queue, such as the main queue, once it has run).
            apphost_tasks_dispatch_block(timer.queue, block)
            let jobs = Unmanaged.passRetained(self).toOpaque()
            apphost_tasks_dispatch(timer.queue, jobs) { jobs in
                guard let jobs else { return }
                Unmanaged<SessionJobs>.fromOpaque(jobs).takeRetainedValue().remove(.dispatched)
            }
            apphost_tasks_release_queue(timer.queue)
            return
        }
        let context = Unmanaged.passRetained(TimerRun(jobs: self, timer: timer)).toOpaque()
        apphost_tasks_dispatch(timer.queue, context) { context in
            guard let context else { return }
            let run = Unmanaged<TimerRun>.fromOpaque(context).takeRetainedValue()
            SessionJobs.running(for: run.jobs, job: nil) { run.timer.runWatched() }
            run.jobs.remove(.dispatched)
        }
        apphost_tasks_release_queue(timer.queue)
    }
}

extension SessionJobs {
    /// Queues work the session's code handed to libdispatch (`DispatchQueue.async`) on its queue,
    /// counted as the session's job of the pool until it has run, and run as the session's code.
    /// It carries the command's marker it was queued under, as a task the command starts does, so
    /// a settle waits for it while it is queued or running: a block on a global queue that hands
    /// its result to a block on the main queue is drawn when the command's screen is.
    func queue(_ work: DispatchTimer) {
        add(.pool)
        let context = Unmanaged.passRetained(QueuedWork(jobs: self, work: work, marker: CommandWork.current)).toOpaque()
        apphost_tasks_dispatch(work.queue, context) { context in
            guard let context else { return }
            let queued = Unmanaged<QueuedWork>.fromOpaque(context).takeRetainedValue()
            SessionJobs.running(for: queued.jobs, job: nil) {
                if let marker = queued.marker {
                    CommandWork.running(as: marker) { queued.work.runWatched() }
                } else {
                    queued.work.runWatched()
                }
            }
            queued.jobs.remove(.pool)
        }
    }
}

/// Work a session's code queued, on its way to its queue, with the session that counts it and the
/// marker of the command it was queued under.
private final class QueuedWork {
    let jobs: SessionJobs
    let work: DispatchTimer
    let marker: CommandWork?

    init(jobs: SessionJobs, work: DispatchTimer, marker: CommandWork?) {
        self.jobs = jobs
        self.work = work
        self.marker = marker
    }
}

/// A due timer on its way to its queue, with the session that counts it.
private final class TimerRun {
    let jobs: SessionJobs
    let timer: DispatchTimer

    init(jobs: SessionJobs, timer: DispatchTimer) {
        self.jobs = jobs
        self.timer = timer
    }
}

/// The task that made a sleep, kept alive while its sleep is held, so the session can see that it
/// was cancelled (and cancel it when the session ends).
/// Invariant for `@unchecked Sendable`: it holds a task, whose cancellation is read and set
/// atomically by the runtime from any thread; the reference is retained (a task is a reference-
/// counted object) for as long as this value lives, so the task is never used after it is freed.
package struct Sleeper: @unchecked Sendable {
    private let task: AnyObject

    /// The task running the caller, if any.
    package static var current: Sleeper? {
        withUnsafeCurrentTask { task in task.map(Sleeper.init) }
    }

    private init(_ current: UnsafeCurrentTask) {
        // An UnsafeCurrentTask is one reference to the task: as an object it is retained.
        task = unsafeBitCast(current, to: AnyObject.self)
    }

    private var unsafeTask: UnsafeCurrentTask { unsafeBitCast(task, to: UnsafeCurrentTask.self) }

    /// Whether the task was cancelled.
    package var isCancelled: Bool { unsafeTask.isCancelled }

    /// Cancels the task.
    package func cancel() { unsafeTask.cancel() }
}
