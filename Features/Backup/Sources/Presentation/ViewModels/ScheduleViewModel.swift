import FoundationEssentials
import Observation

/// The schedule: while it is shown, a countdown ticks each second on deadlines it computes from
/// the continuous clock, and a heartbeat every two seconds on the suspending clock; each tick says
/// how much time the clocks (and the wall clock) saw pass.
@Observable
final class ScheduleViewModel {
    private(set) var secondsLeft: Int
    private(set) var heartbeats = 0
    private(set) var measured = Duration.zero
    private(set) var wallSeconds = 0.0

    init(secondsLeft: Int = 10) {
        self.secondsLeft = secondsLeft
    }

    /// The screen appeared: both timers run until it goes away.
    func didAppear() async {
        async let countdown: Void = countDown()
        async let heartbeat: Void = beat()
        _ = await (countdown, heartbeat)
    }

    /// Ticks on the whole seconds after it started, each deadline computed from the last: a late
    /// tick never moves the next one.
    private func countDown() async {
        let clock = ContinuousClock()
        let started = clock.now
        let startedAt = Date()
        var next = started
        while secondsLeft > 0 {
            next = next.advanced(by: .seconds(1))
            do { try await Task.sleep(until: next, clock: .continuous) } catch { return }
            secondsLeft -= 1
            measured = started.duration(to: clock.now)
            wallSeconds = Date().timeIntervalSince(startedAt)
        }
    }

    /// Beats every two seconds of the suspending clock, for as long as the screen is shown.
    private func beat() async {
        let clock = SuspendingClock()
        while !Task.isCancelled {
            do { try await clock.sleep(until: clock.now.advanced(by: .seconds(2))) } catch { return }
            heartbeats += 1
        }
    }
}
