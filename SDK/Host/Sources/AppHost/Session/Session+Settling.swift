// Settling: letting the work that view-model code started run until nothing of it can run, and
// letting time pass (`wait`, `wait until`, virtual time). Decided by counting the session's jobs
// (``SessionJobs``), never by a quiet spell of real time.

@_spi(Host) import AppHostKit
import AppHostRuntime
import AppHostSupport
import CHostTasks
import Dispatch
import Synchronization

extension Session {
    /// How long a command's work may keep running, or await what the host cannot see, unless told
    /// otherwise (`--settle-timeout`).
    public nonisolated static let defaultSettleTimeout = Duration.seconds(2)
    /// The longest settle a session allows.
    public nonisolated static let maximumSettleTimeout = Duration.seconds(60)
    /// How far `wait until TEXT` moves virtual time (or waits, on real time) for TEXT at most.
    public static let waitUntilLimit = Duration.seconds(10)
    /// How many deadlines one `wait` (or `wait until`) on virtual time wakes at most, unless told
    /// otherwise (``Options/maximumWakeUps``): a loop that sleeps a nanosecond would otherwise take
    /// hours of real time to cross a second, with the feature timeout renewed at every deadline.
    public nonisolated static let maximumWakeUps = 1_000_000

    /// Lets the work that the command's view-model code started run until it has settled: none of
    /// the session's jobs is queued or running, and each task the command started has finished or
    /// waits on time (a held sleep, a real timer). A task that is alive but neither runnable nor
    /// waiting on time awaits something the host cannot see (a continuation another thread
    /// resumes, I/O): it is waited for until the settle timeout, and then the command is reported
    /// as still awaiting. Work that keeps running is waited for, however long a loaded machine (or,
    /// in a test process, other tests holding the main actor) makes it take: work that never
    /// ends is the session guard's to catch (`SessionGuard.watch`, armed around each command).
    /// A command whose view-model code started no task that is still alive, and left nothing
    /// queued, settles at once: every task started while that code ran carries the command's
    /// ``CommandWork`` (a task-local value, which unstructured tasks copy), so the marker is held
    /// exactly as long as one lives.
    public func settle() async {
        defer { reportNetworkErrors() }
        settleRounds = 0
        // Moved out, not copied: the marker must be referenced from here alone for the work to be finished.
        var marker = startedWork.take()
        var counts = jobs.counts
        // A sleep whose task was cancelled (a restarted debounce) is no longer waited on.
        if counts.held > 0, jobs.dropCancelledSleeps() { counts = jobs.counts }
        // Nothing queued or running, and no task of the command alive: settled without a round.
        if counts.main == 0, counts.pool == 0, counts.dispatched == 0, marker == nil || isKnownUniquelyReferenced(&marker) { return }
        await settle(watching: &marker)
    }

    // Long: the settle's loop: each round yields, waits or gives up on counts the rounds share; split, that state would pass through every call.
    /// Settles as ``settle()`` does. With no marker, it settles until nothing of the session can
    /// run. With `awaited` (the command's action, its loads), it settles until that work has
    /// returned. While nothing of the session can run and the work has not returned, it waits:
    /// - on time, which moves to the earliest held deadline (on virtual time) or the next real timer;
    /// - else on something the host cannot see, for up to the settle timeout.
    /// False if the settle gave up waiting (and said so).
    @discardableResult
    private func settle(watching marker: inout CommandWork?, awaiting awaited: AwaitedWork? = nil) async -> Bool {
        let clock = ContinuousClock()
        let jobs = self.jobs
        var wakeUps = 0
        while true {
            // One round: what is queued on the main actor runs; this task is queued behind it.
            // With nothing of the session queued there, there is nothing to let run: a yield
            // would only cost two hops between threads.
            let before = jobs.counts
            if before.main > 0 {
                settleRounds += 1
                await Self.yieldMainActor()
                let after = jobs.counts
                if after.main > 0, after.version == before.version {
                    // The yield ran nothing of the session's: a job it counts is not queued yet
                    // (the thread that counted it has not queued it: on a loaded machine, it waits
                    // for a core). Yielding again would spin until it does; its run is a change.
                    _ = await jobs.waitForChange(since: after.version, until: nil)
                    continue
                }
            }
            let counts = jobs.counts
            if counts.main > 0 || counts.version != before.version { continue }
            if counts.pool > 0 {
                // Work off the main actor is running. What the command awaits has returned: the
                // settle after it waits for the tasks the command started, if any are alive.
                if let awaited, awaited.isFinished { return true }
                // No task of the session's commands is alive (the marker, if any, is the settle's
                // own): the work is none of theirs (a detached task nobody awaits), and it runs
                // on beside the session, its changes drawn when they land.
                if awaited == nil, marker == nil || isKnownUniquelyReferenced(&marker),
                    !jobs.commandTasksAlive(besides: marker == nil ? 0 : 1)
                {
                    return true
                }
                // Wait for it to end, or for more to arrive.
                _ = await jobs.waitForChange(since: counts.version, until: nil)
                continue
            }
            if counts.requests > 0 || counts.dispatched > 0 {
                // A network request served from recorded answers is in flight, or a due timer's
                // work is queued on its dispatch queue: it lands soon, whatever the machine's load.
                // What the command awaits has returned, or its arrival is a change.
                if let awaited, awaited.isFinished { return true }
                _ = await jobs.waitForChange(since: counts.version, until: nil)
                continue
            }
            // Nothing of the session can run.
            if let awaited {
                if awaited.isFinished { return true }
                // What the command awaits waits on time: time passes, as on a device, to the
                // earliest deadline (everything due then wakes, the command's work or not).
                if counts.held > 0, jobs.dropCancelledSleeps() { continue }
                if counts.held > 0 {
                    guard wakeUps < options.maximumWakeUps else {
                        reportTooManyWakeUps()
                        return false
                    }
                    if jobs.release(upTo: nil) {
                        wakeUps += 1
                        SessionGuard.renew()
                        continue
                    }
                }
                if counts.timers > 0 {
                    _ = await jobs.waitForChange(since: counts.version, until: nil)
                    continue
                }
            } else {
                if marker == nil || isKnownUniquelyReferenced(&marker) { return true }
                if counts.held > 0 || counts.timers > 0 { return true }
            }
            // Alive, and waiting on nothing the host counts: wait, up to the settle timeout, for a
            // job of the session to arrive, the awaited work to return, or the last task holding the
            // marker to end (a task a callback's thread resumed, which then finished).
            guard await waitForUnseenWork(since: counts.version, watching: &marker, until: clock.now + options.settleTimeout) else {
                report(
                    "\(runningCommand): a task it \(awaited == nil ? "started" : "awaits") still awaits something the host cannot see after \(options.settleTimeout) "
                        + "(a continuation another thread resumes, I/O); raise --settle-timeout if it is slow, or see docs/testing.md"
                )
                return false
            }
        }
    }

    /// Reports what went wrong with the recorded network while the command's work ran (a request
    /// no recording answers), as the command's errors.
    package func reportNetworkErrors() {
        let errors = jobs.networkErrors.withLock { errors in
            defer { errors.removeAll() }
            return errors
        }
        for error in errors { report("\(runningCommand): \(error)") }
    }

    /// Waits for a change of the counts since `version`, or until `deadline`; true if one came.
    /// The marker is held weakly meanwhile, so that the end of the last task holding it (which
    /// says so, see ``CommandWork``) is a change too.
    private func waitForUnseenWork(since version: UInt64, watching marker: inout CommandWork?, until deadline: ContinuousClock.Instant) async -> Bool {
        weak let watched = marker
        marker = nil
        let changed = await jobs.waitForChange(since: version, until: deadline)
        marker = watched
        return changed || (watched == nil && version != jobs.counts.version)
    }

    /// Ends the session as a device ends an app's scene.
    /// - Every screen goes, and its task is cancelled.
    /// - Each sleep held on the virtual clock is cancelled and woken, so that the task waiting in
    ///   it ends instead of waiting forever (as NIO's `EmbeddedEventLoop` cancels its remaining
    ///   scheduled tasks); each held `asyncAfter` timer's work runs now.
    /// - What that runs settles.
    /// Nothing the session made is left alive: its view models are freed once their tasks have
    /// ended. The screen last drawn stays readable. No command runs after this.
    public func end() async {
        let tasks = screens.removeAll()
        jobs.drain()
        var none: CommandWork?
        await settle(watching: &none)
        // Each screen's task has been cancelled and woken: it ends when it next runs, and what it
        // holds (its view model) goes with it. One that awaits what no cancellation ends (a
        // continuation never resumed) is left after the settle timeout.
        for task in tasks {
            guard await Self.ends(task, within: options.settleTimeout) else {
                report("the session ended, but a screen's task still awaits something the host cannot see after \(options.settleTimeout); it is left running")
                return
            }
        }
    }

    /// Whether `task` ends within `limit` of real time.
    private static func ends(_ task: Task<Void, Never>, within limit: Duration) async -> Bool {
        let first = Mutex(false)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let answer: @Sendable (Bool) -> Void = { ended in
                if first.withLock({ taken in defer { taken = true }; return !taken }) { continuation.resume(returning: ended) }
            }
            Task {
                await task.value
                answer(true)
            }
            Task {
                try? await Task.sleep(for: limit)
                answer(false)
            }
        }
    }

    /// Lets every job already waiting for the main actor run, then resumes: the task hops to
    /// ``MainQueueLane``, whose jobs run on the main queue behind every job already there, and
    /// back. Both hops are jobs put on the main queue by the thread that serves it, so no other
    /// thread is woken. (A continuation resumed from the main queue, or `Task.yield()`, resumes
    /// the task on the global pool first, and then hops back: two threads woken for each yield.)
    /// The hops run outside any session's job, so the session's own resumption is never counted
    /// as its work.
    private static func yieldMainActor() async {
        await MainQueueLane.shared.pass()
    }

    /// Draws the screen again if work beside the session changed what an observable body read
    /// since the screen was last drawn; the screen is written only if it looks different.
    public func catchUp() async {
        guard hasUndrawnChange else { return }
        await refresh(writingUnchanged: false)
    }

    /// ``catchUp()`` bounded by the watchdog within `limit` seconds, as a command is (see ``SessionGuard``):
    /// what a program that waits for input between commands calls when a change arrives.
    public func catchUp(watchedWithin limit: Int) async {
        await SessionGuard.watch("drawing a change the screen's own work made", limit: limit) { await catchUp() }
    }

    /// Whether work beside the session changed what an observable body read since the screen was drawn.
    public var hasUndrawnChange: Bool { work.changeCount != drawnChanges }

    /// Runs view-model code the command awaits (an action, loads, results), so that the tasks it
    /// starts carry the command's marker. It returns when the code has returned.
    ///
    /// The code runs in a task of its own, started at once on the main actor (`Task.immediate`).
    /// Code that never suspends returns before this does, with no hop. While it is suspended, the
    /// session settles around it (``settle(watching:awaiting:)``). Its own sleeps move the virtual
    /// clock to their deadlines, as a device's clock would pass. So do the sleeps of what it awaits
    /// (a `@concurrent` function, a detached task's value). So `try await Task.sleep(for:
    /// .milliseconds(300))` in an action returns at exactly 300 ms of virtual time and no real time.
    /// It may await what the host cannot see for longer than the settle timeout. Then the session
    /// says so and goes on. The code goes on too, and what it changes later is drawn when it lands.
    package func runningViewModelCode(_ body: @escaping @MainActor () async -> Void) async {
        let marker = startedWork ?? CommandWork(jobs: jobs)
        startedWork = marker
        let awaited = AwaitedWork(jobs: jobs)
        _ = jobs.readingClock {
            CommandWork.running(as: marker) {
                Task.immediate {
                    await body()
                    awaited.finish()
                }
            }
        }
        if awaited.isFinished { return }
        var none: CommandWork?
        if await !settle(watching: &none, awaiting: awaited) {
            // Given up on: the settle that follows does not wait for it again.
            startedWork = nil
        }
    }

    /// Runs view-model code that never suspends (a SwiftUI control's action, a view's lifecycle
    /// work) in place, so that the tasks it starts carry the command's marker, as
    /// ``runningViewModelCode(_:)`` does with no task of its own: nothing to await, no hop.
    package func runningViewModelCodeNow(_ body: () -> Void) {
        let marker = startedWork ?? CommandWork(jobs: jobs)
        startedWork = marker
        jobs.readingClock {
            CommandWork.running(as: marker) { body() }
        }
    }

    /// Moves virtual time on by `duration`: each held sleep due by then wakes, in deadline order,
    /// and what it started settles before the next wakes.
    package func passVirtualTime(_ duration: Duration) async {
        let target = jobs.elapsed + duration
        var wakeUps = 0
        while jobs.release(upTo: target) {
            wakeUps += 1
            SessionGuard.renew()
            var none: CommandWork?
            await settle(watching: &none)
            if wakeUps == options.maximumWakeUps, jobs.holdsSleep(dueBy: target) { return reportTooManyWakeUps() }
        }
        jobs.advance(to: target)
    }

    /// Lets virtual time pass, one deadline at a time, drawing what changes, until no sleep of the
    /// session is held: nothing the screen's work awaits is pending. It passes at most `limit` of
    /// virtual time and `wakeUps` deadlines. The crawl does this on each state, so that content
    /// behind a `.task`'s sleep is seen, while a screen that polls forever costs a few wake-ups.
    /// False if the limit came first (a poll or a timer that never ends). On real time it does nothing.
    @discardableResult
    public func passTimeUntilIdle(limit: Duration = waitUntilLimit, wakeUps maximum: Int? = nil) async -> Bool {
        guard usesVirtualTime else { return true }
        let target = jobs.elapsed + limit
        let maximum = min(maximum ?? options.maximumWakeUps, options.maximumWakeUps)
        var wakeUps = 0
        while heldSleeps > 0 {
            if jobs.dropCancelledSleeps() { continue }
            guard wakeUps < maximum, jobs.release(upTo: target) else { return false }
            wakeUps += 1
            SessionGuard.renew()
            var none: CommandWork?
            await settle(watching: &none)
            await catchUp()
        }
        return true
    }

    /// Says that the running command's code armed a run-loop timer (`Timer.scheduledTimer`,
    /// `RunLoop.main.add(_:forMode:)`) since `count` (of ``apphost_tasks_run_loop_timers``) was read,
    /// if this session's code armed the last one (another's, in a process running several, is not
    /// this command's, and code of no session, such as Foundation's `Process`, is the host's). The
    /// host runs no run loop (the main actor is the main dispatch queue, whose thread serves no
    /// `RunLoop`), so such a timer never fires: refused by name, never accepted and ignored.
    package func reportRunLoopTimers(since count: UInt64) {
        guard apphost_tasks_run_loop_timers() != count else { return }
        let owner = apphost_tasks_run_loop_timer_owner()
        guard owner == UnsafeRawPointer(Unmanaged.passUnretained(jobs).toOpaque()) else { return }
        report(
            "\(runningCommand): the app scheduled a Timer on a run loop (Timer.scheduledTimer, RunLoop.add), which the host does not run: "
                + "it would never fire. Sleep in a task instead (Task.sleep, or an AsyncTimerSequence), which runs on the session's time; see docs/testing.md"
        )
    }

    /// Says that a wait on virtual time stopped at its most wake-ups, and where the clock is.
    private func reportTooManyWakeUps() {
        let elapsed = jobs.elapsed
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        report(
            "\(runningCommand): stopped after \(options.maximumWakeUps) wake-ups, at \(NumberText.fixed(seconds, digits: 6)) s of virtual time "
                + "(Session.maximumWakeUps): a task sleeps too briefly, in a loop, to be waited for this long"
        )
    }

    /// Lets time pass, drawing each change, until the screen shows `text`. On virtual time, held
    /// sleeps wake one deadline at a time, up to ``waitUntilLimit`` of virtual time; with none
    /// left to wake, the text will not come, and the step fails at once. On real time, it waits
    /// up to ``waitUntilLimit``.
    package func waitUntil(_ text: String) async {
        if usesVirtualTime {
            let limit = jobs.elapsed + Self.waitUntilLimit
            var wakeUps = 0
            while !(current.map { Self.screen($0.text, shows: text) } ?? false) {
                guard wakeUps < options.maximumWakeUps else { return reportTooManyWakeUps() }
                wakeUps += 1
                guard jobs.release(upTo: limit) else {
                    let why = heldSleeps == 0
                        ? "no work is left that could change the screen"
                        : "nothing due within \(Self.waitUntilLimit) of it (Session.waitUntilLimit) changed the screen to show it"
                    return report("wait until \(text): the screen does not show '\(text)', and \(why)")
                }
                SessionGuard.renew()
                var none: CommandWork?
                await settle(watching: &none)
                await catchUp()
            }
            return
        }
        let clock = ContinuousClock()
        let deadline = clock.now + Self.waitUntilLimit
        await SessionGuard.extending(by: Self.waitUntilLimit) {
            while !(current.map { Self.screen($0.text, shows: text) } ?? false) {
                guard clock.now < deadline else {
                    report("wait until \(text): the screen did not show it within \(Self.waitUntilLimit) (Session.waitUntilLimit)")
                    return
                }
                _ = await jobs.waitForChange(since: jobs.counts.version, until: min(deadline, clock.now + .milliseconds(50)))
                var none: CommandWork?
                await settle(watching: &none)
                await catchUp()
            }
        }
    }
}

/// Whether the view-model code a command awaits has returned (see
/// ``Session/runningViewModelCode(_:)``); its return wakes the settle waiting for it.
@MainActor
package final class AwaitedWork {
    private let jobs: SessionJobs
    private(set) var isFinished = false

    package init(jobs: SessionJobs) {
        self.jobs = jobs
    }

    package func finish() {
        isFinished = true
        jobs.touch()
    }
}

/// The session runs its screens' view-model code and settles it (``ScreenStore/bringInLine(_:running:)``).
extension Session: ViewModelCodeRunner {}
