import CHostTasks
import Dispatch
import Synchronization

/// The global pool as one session sees it: up to ``width`` of the session's pool jobs run at once,
/// each on a thread no other work shares, whatever else the process runs and however many cores
/// the machine has.
///
/// On a device the pool is the app's alone and as wide as the phone's cores. Dispatch's pools here
/// are as wide as this machine's cores and shared by everything in the process: every session of a
/// test process, and the app's own `DispatchQueue.global()` work. Run there, a `Task.detached` that
/// computes for seconds held one of two threads; on one core it held the only one, so a vendor's
/// callback queued on `DispatchQueue.global()` waited for it, and whether `tap Check server` returned
/// depended on the machine. Here the session's jobs run on lanes of its own (serial queues, each
/// served by a thread of its own while it works), and its callbacks find dispatch's pool free.
package final class SessionPool: Sendable {
    /// How many of a session's pool jobs run at once: the six cores of a phone, not this
    /// machine's, so that work which holds threads (CPU-bound detached tasks, a thread blocked on a
    /// semaphore) starves the rest at the same point on every machine.
    package static let width = 6

    private struct State {
        /// Lanes made and not running a job.
        var idle: [DispatchQueue] = []
        /// How many lanes were made, at most ``width``.
        var made = 0
        /// Jobs waiting for a lane, oldest first from `next`.
        var waiting: [@Sendable () -> Void] = []
        var next = 0

        mutating func takeWaiting() -> (@Sendable () -> Void)? {
            guard next < waiting.count else { return nil }
            defer {
                next += 1
                if next == waiting.count {
                    waiting.removeAll(keepingCapacity: true)
                    next = 0
                }
            }
            return waiting[next]
        }
    }

    private let state = Mutex(State())

    package init() {}

    /// How many lanes the pool has made so far.
    package var lanesMade: Int { state.withLock { $0.made } }

    /// Runs `work` on a lane of the session's: at once if one is free, else after the jobs that
    /// waited before it, in the order they came.
    package func run(_ work: @escaping @Sendable () -> Void) {
        let lane: DispatchQueue? = state.withLock { state in
            if let idle = state.idle.popLast() { return idle }
            guard state.made < Self.width else {
                state.waiting.append(work)
                return nil
            }
            state.made += 1
            return DispatchQueue(label: "apphost.session-pool")
        }
        guard let lane else { return }
        HostWork.asHost { lane.async { self.serve(lane, first: work) } }
    }

    /// Runs `first`, then each job that waits, on `lane`'s thread: no thread is woken for a job
    /// that waited, or for one handed over to the lane (``handOver(_:)``). The lane goes back to
    /// the idle ones when none waits.
    private func serve(_ lane: DispatchQueue, first: @escaping @Sendable () -> Void) {
        let serving = Serving(pool: self)
        let previous = apphost_tasks_set_serving_lane(Unmanaged.passUnretained(serving).toOpaque())
        defer {
            apphost_tasks_set_serving_lane(previous)
            withExtendedLifetime(serving) {}
        }
        var work = first
        while true {
            work()
            if let handed = serving.next {
                serving.next = nil
                work = handed
                continue
            }
            let next: (@Sendable () -> Void)? = state.withLock { state in
                if let next = state.takeWaiting() { return next }
                state.idle.append(lane)
                return nil
            }
            guard let next else { return }
            work = next
        }
    }

    /// A lane's thread while it serves the pool: what the job it runs handed over to it. Only that
    /// thread reads or writes it.
    private final class Serving {
        unowned let pool: SessionPool
        var next: (@Sendable () -> Void)?
        /// Whether the job running resumes a task that yielded.
        var resumingYield = false

        init(pool: SessionPool) {
            self.pool = pool
        }
    }

    /// The lane of this pool this thread serves, if any.
    private var serving: Serving? {
        guard let lane = apphost_tasks_serving_lane() else { return nil }
        let serving = Unmanaged<Serving>.fromOpaque(lane).takeUnretainedValue()
        return serving.pool === self ? serving : nil
    }

    /// Runs `work` on this thread's lane once the job it runs has returned, instead of on another
    /// lane: true if it will. Only for work queued as the job's last act (a task that yields queues
    /// the job that resumes it, and suspends), so that it waits for nothing but the job's return,
    /// and only while no job waits for a lane, so that it is not run before them. A job that
    /// yields, and the task it resumes, then wake no thread: a loop that polls by yielding costs
    /// one thread's time, not three threads' wake-ups a turn.
    package func handOver(_ work: @escaping @Sendable () -> Void) -> Bool {
        guard let serving, serving.next == nil, state.withLock({ $0.next == $0.waiting.count }) else { return false }
        serving.next = work
        return true
    }

    /// Runs `body`, a job that resumes a task that yielded, marked so: the task's own job, which it
    /// queues on the pool as its last act, may be handed over (``handOverResumption(_:)``).
    package func resumingYield(_ body: () -> Void) {
        guard let serving else { return body() }
        serving.resumingYield = true
        body()
        serving.resumingYield = false
    }

    /// Hands `work` over to this thread's lane (``handOver(_:)``) if the job running resumes a task
    /// that yielded: the work is that task, queued as the job's last act.
    package func handOverResumption(_ work: @escaping @Sendable () -> Void) -> Bool {
        guard let serving, serving.resumingYield else { return false }
        serving.resumingYield = false
        return handOver(work)
    }
}
