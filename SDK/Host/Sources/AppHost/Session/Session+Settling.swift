// Settling: letting the work view-model code started run until it has ended or only sleeps, and
// letting time pass (`wait`, `wait until`, virtual time in flows).

@_spi(Host) import AppHostKit
import CHostTasks
import FoundationEssentials
import Glibc

extension Session {
    /// How long a command settles at most unless told otherwise (`--settle-timeout`).
    public nonisolated static let defaultSettleTimeout = Duration.seconds(2)
    /// The longest settle a session allows.
    public nonisolated static let maximumSettleTimeout = Duration.seconds(60)
    /// How long `wait until TEXT` waits for TEXT before it reports that it never came.
    public static let waitUntilLimit = Duration.seconds(10)
    /// Main-actor rounds in a row with nothing new that make a command settled.
    static let quietRounds = 16
    /// How long after the last job sent to the global pool a command is still taken as busy: work
    /// off the main actor comes back to it when done, and the runtime does not say when that is.
    static let globalQuiet = Duration.milliseconds(20)
    /// The longest a settle waits for the global pool once the main actor is quiet. The count of
    /// global jobs is the whole process's: where other work runs beside the session (tests in
    /// parallel, several sessions), it may never fall silent, and a settle must not last until a
    /// view model's sleeping work (a 300 ms debounce) wakes.
    static let globalWaitLimit = Duration.milliseconds(100)

    /// Lets the work that view-model code started run until it has settled: finished, or only
    /// sleeping. The main actor is yielded until ``quietRounds`` rounds in a row bring no change
    /// an observable body read and no job for the global pool, and none has gone there for
    /// ``globalQuiet`` (work off the main actor is given that long to come back, but no more than
    /// ``globalWaitLimit`` once the main actor is quiet), for at most the settle timeout. It
    /// yields rather than sleeps: a sleep would itself send a job to the global pool.
    /// A command whose view-model code started no task that is still alive settles at once: every
    /// task started while that code ran carries the command's ``CommandWork`` (a task-local value,
    /// which unstructured tasks copy), so the marker is held exactly as long as one lives.
    public func settle() async {
        settleRounds = 0
        // Moved out, not copied: the marker must be referenced from here alone for the work to be finished.
        var marker = startedWork.take()
        guard marker != nil else { return }
        await settle(watching: &marker)
    }

    /// Settles as ``settle()`` does; with no marker, it ends only when the work goes quiet.
    private func settle(watching marker: inout CommandWork?) async {
        var finished: Bool { marker != nil && isKnownUniquelyReferenced(&marker) }
        guard !finished else { return }
        let ownJobs = await Self.jobsPerYield()
        let clock = ContinuousClock()
        let deadline = clock.now + options.settleTimeout
        var quiet = 0
        // When a job of the view models' was last seen going to the global pool, if ever.
        var lastGlobal: ContinuousClock.Instant?
        // When the main actor first went quiet, while the global pool had not.
        var quietSince: ContinuousClock.Instant?
        func globalBusy() -> Bool { lastGlobal.map { clock.now - $0 < Self.globalQuiet } ?? false }
        while quiet < Self.quietRounds || globalBusy() {
            guard clock.now < deadline, !finished else { return }
            if quiet >= Self.quietRounds {
                let since = quietSince ?? clock.now
                quietSince = since
                if clock.now - since >= Self.globalWaitLimit { return }
            }
            let changes = work.changeCount
            let before = apphost_tasks_global_jobs()
            settleRounds += 1
            await Self.yieldMainActor()
            if apphost_tasks_global_jobs() &- before > ownJobs {
                lastGlobal = clock.now
                quiet = 0
            } else if work.changeCount != changes {
                quiet = 0
                quietSince = nil
            } else {
                quiet += 1
            }
        }
    }

    /// Lets every job already waiting for the main actor run, then resumes: a task made now is
    /// queued behind them, and it resumes this one. (`Task.yield()` would hop through the global
    /// pool first, a varying number of times, which the count of global jobs could not tell apart
    /// from a view model's work.)
    private static func yieldMainActor() async {
        await withUnsafeContinuation { (resume: UnsafeContinuation<Void, Never>) in
            Task { @MainActor in resume.resume() }
        }
    }

    /// The jobs ``yieldMainActor()`` sends to the global pool itself, measured once: the fewest
    /// seen over a few yields.
    private static var measuredJobsPerYield: UInt?

    private static func jobsPerYield() async -> UInt {
        if let measuredJobsPerYield { return measuredJobsPerYield }
        var fewest = UInt.max
        for _ in 0..<5 {
            let before = apphost_tasks_global_jobs()
            await yieldMainActor()
            fewest = min(fewest, apphost_tasks_global_jobs() &- before)
        }
        measuredJobsPerYield = fewest
        return fewest
    }

    /// Draws the screen again if work beside the session changed what an observable body read
    /// since the screen was last drawn; the screen is written only if it looks different.
    public func catchUp() async {
        guard hasUndrawnChange else { return }
        await refresh(writingUnchanged: false)
    }

    /// Whether work beside the session changed what an observable body read since the screen was drawn.
    public var hasUndrawnChange: Bool { work.changeCount != drawnChanges }



    /// Runs view-model code (an action, loads, results) so that the tasks it starts carry the
    /// command's marker.
    func runningViewModelCode(_ body: () async -> Void) async {
        let marker = startedWork ?? CommandWork()
        startedWork = marker
        await CommandWork.$current.withValue(marker) { await body() }
    }

    /// Moves virtual time on by `duration`: each held sleep due by then wakes, in deadline order,
    /// and what it started settles before the next wakes.
    func passVirtualTime(_ duration: Duration) async {
        let target = VirtualTime.elapsed + duration
        while VirtualTime.release(upTo: target) {
            var none: CommandWork?
            await settle(watching: &none)
        }
        VirtualTime.advance(to: target)
    }

    /// Waits, drawing each change, until the screen shows `text` (or ``waitUntilLimit`` passes).
    /// On virtual time, held sleeps due within the limit wake one deadline at a time until it does.
    func waitUntil(_ text: String) async {
        let clock = ContinuousClock()
        let deadline = clock.now + Self.waitUntilLimit
        let virtualDeadline = VirtualTime.elapsed + Self.waitUntilLimit
        await SessionGuard.extending(by: Self.waitUntilLimit) {
            while !(current?.text.contains(text) ?? false) {
                if VirtualTime.isActive, VirtualTime.release(upTo: virtualDeadline) {
                    var none: CommandWork?
            await settle(watching: &none)
                    await catchUp()
                    continue
                }
                guard clock.now < deadline else {
                    report("wait until \(text): the screen did not show it within \(Self.waitUntilLimit) (Session.waitUntilLimit)")
                    return
                }
                try? await Task.sleep(for: .milliseconds(1))
                await catchUp()
            }
        }
    }

}
