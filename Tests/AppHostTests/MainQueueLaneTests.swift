@testable import AppHost
@testable import AppHostLoading
@testable import AppHostNavigation
@testable import AppHostRuntime
import Testing

/// The settle's yield (`MainQueueLane`): every job queued on the main actor before it runs before
/// it returns, and its own hops are counted as nobody's work. (That it wakes no other thread is
/// a matter of speed, seen in the benchmarks, not asserted here.)
@MainActor
struct MainQueueLaneTests {
    private final class Order {
        var lines: [String] = []
    }

    @Test
    func theYieldLetsEveryJobQueuedOnTheMainActorRunFirstAndIsCountedAsNobodysWork() async throws {
        let order = Order()
        let session = SessionJobs()
        // Two jobs queued on the main actor, counted as a session's, before the yield.
        // Kept alive to the end: a marker let go says so to its session, a change of its own.
        let marker = CommandWork(jobs: session)
        CommandWork.running(as: marker) {
            Task { @MainActor in order.lines.append("first") }
            Task { @MainActor in order.lines.append("second") }
        }
        let before = session.counts
        #expect(before.main == 2)

        await MainQueueLane.shared.pass()
        order.lines.append("after the yield")

        #expect(order.lines == ["first", "second", "after the yield"])
        let after = session.counts
        #expect(after.main == 0 && after.pool == 0)
        // Only the two jobs' ends were counted: neither hop of the yield was the session's.
        #expect(after.version == before.version &+ 2)
        withExtendedLifetime(marker) {}
    }
}
