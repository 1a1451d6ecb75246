import Observation

/// A live screen, as real apps have (a sync status, a countdown): while it is shown, its task
/// checks every `interval`, and the screen shows how many checks have run. Tests inject a
/// longer interval or none; a session runs the loop on virtual time, so `wait 1s` is exactly
/// 1,000 checks.
@MainActor
@Observable
final class SyncStatusViewModel {
    private(set) var checks = 0
    @ObservationIgnored private let interval: Duration

    init(interval: Duration = .milliseconds(1)) {
        self.interval = interval
    }

    /// The screen appeared: check until it goes away (its task is cancelled then).
    func didAppear() async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            checks += 1
        }
    }

    /// How long the screen has been checking, in milliseconds of the interval.
    var elapsedMilliseconds: Int {
        let (seconds, attoseconds) = interval.components
        return checks * Int(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
