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
    /// that waited. The lane goes back to the idle ones when none waits.
    private func serve(_ lane: DispatchQueue, first: @escaping @Sendable () -> Void) {
        var work = first
        while true {
            work()
            let next: (@Sendable () -> Void)? = state.withLock { state in
                if let next = state.takeWaiting() { return next }
                state.idle.append(lane)
                return nil
            }
            guard let next else { return }
            work = next
        }
    }
}
