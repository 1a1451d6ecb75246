import AppHostSupport
import CHostTasks

/// Time that passes only when a session says so: a view model's `Task.sleep` (a debounce, a delay
/// before a retry, a polling loop) costs no real time, and wakes exactly when the session's
/// `wait 300ms` reaches it.
///
/// The host's pool executor (``HostExecutors``) is where every `Task.sleep` schedules its wake-up,
/// main-actor work's included. While time is virtual, some sleeps are held instead of scheduled:
/// those made by a session's code (a task that carries a command's ``CommandWork``) on the
/// continuous or suspending clock. The session holds them (``SessionJobs``; each session has its
/// own clock). Each is due at the session's virtual now plus exactly the length asked.
/// `Task.sleep(for:)` hands the executor `now + d`, and the host knows that `now`: the last clock
/// read on the sleeping thread, which CHostTasks records. So a loaded machine never makes a
/// deadline early. A sleep of zero or less is not held: it returns at once, as on a device. The
/// session's `wait` hands held sleeps back, in deadline order, as far as it moves its clock.
///
/// Not virtual: the host's own sleeps, a sleep in `Task.detached` work (it carries no command's
/// marker), and a sleep on a clock of the feature's own (see docs/testing.md for injecting one).
public enum VirtualTime {
    /// Whether time can be virtual in this process: the host's executors are installed (every
    /// program that links the host has them, from before its first task).
    public static var isAvailable: Bool { HostExecutors.installed }

    /// Kept for programs written before the executors installed themselves: they are in place already.
    public static func installExecutors() {}

    /// How long from when it was asked for a sleep until `instant` on `clock` is: exactly the
    /// length asked.
    /// - On a thread that reads a session's virtual clock, `now` stands still until the session
    ///   moves it. It never moves while a job of the session is queued or running. So the deadline
    ///   less `now` is exact, whichever thread made the deadline (`clock.sleep(until:)` runs on the
    ///   pool, not where its deadline was computed).
    /// - On the real clock, it is taken from the clock read that made the deadline (the last on
    ///   this thread).
    /// Nil for a clock that is neither the continuous nor the suspending one.
    package static func delay<C: Clock>(until instant: C.Instant, clock: C) -> Duration? {
        let virtual = apphost_tasks_running_clock() != nil
        if let instant = instant as? ContinuousClock.Instant {
            let asked = apphost_tasks_last_continuous()
            let now = ContinuousClock.now
            if virtual { return now.duration(to: instant) }
            return exact(now.duration(to: instant), read: apphost_tasks_last_continuous(), asked: asked)
        }
        if let instant = instant as? SuspendingClock.Instant {
            let asked = apphost_tasks_last_suspending()
            let now = SuspendingClock.now
            if virtual { return now.duration(to: instant) }
            return exact(now.duration(to: instant), read: apphost_tasks_last_suspending(), asked: asked)
        }
        return nil
    }

    /// `remaining` (from the clock read `read`, in nanoseconds) plus the time since the read
    /// `asked` that made the deadline; `remaining` alone where no read was recorded.
    private static func exact(_ remaining: Duration, read: Int64, asked: Int64) -> Duration {
        guard asked > 0, read >= asked else { return remaining }
        return remaining + .nanoseconds(read - asked)
    }
}
