import AppHost
@_spi(Host) import AppHostKit
import Observation
import Testing

/// Screens written as real apps write them: a live screen whose task polls every millisecond, a
/// debounce, work that leaves the main actor (`@concurrent`) and comes back, sleeps of no length.
enum PulseNavigation: Navigation {
    case live
    case search
    case instant

    static let routeName = "pulse"
}

/// A data source that leaves the main actor, as networking code does.
nonisolated struct PulseSource: Sendable {
    @concurrent func matches(_ text: String) async -> Int {
        // Work on another thread, and a child task there, before the answer comes back.
        async let doubled = text.count * 2
        return await doubled / 2
    }
}

@MainActor
@Observable
final class PulseModel {
    private(set) var wakeUps = 0
    private(set) var found = "none"
    private(set) var instant = "waiting"
    @ObservationIgnored private var search: Task<Void, Never>?
    @ObservationIgnored private let source = PulseSource()

    /// A live screen: wakes every millisecond for as long as it is shown.
    func poll() async {
        while !Task.isCancelled {
            do { try await Task.sleep(for: .milliseconds(1)) } catch { return }
            wakeUps += 1
        }
    }

    /// A debounced search whose result comes from off the main actor.
    func didType(_ text: String) {
        search?.cancel()
        search = Task {
            do { try await Task.sleep(for: .milliseconds(300)) } catch { return }
            found = "\(await source.matches(text)) letters"
        }
    }

    /// Sleeps of no length, of a negative one and past a deadline return at once, as on a device.
    func sleepNotAtAll() async {
        try? await Task.sleep(for: .zero)
        try? await Task.sleep(for: .milliseconds(-5))
        try? await Task.sleep(until: ContinuousClock.now - .seconds(1), clock: .continuous)
        instant = "done"
    }
}

@MainActor
@Suite(.serialized)
struct RuntimeTests {
    private final class Capture {
        var errors = ""
    }

    private let capture = Capture()

    private func makeSession(at root: PulseNavigation, maximumWakeUps: Int = Session.maximumWakeUps) throws -> (Session, PulseModel) {
        let model = PulseModel()
        let registry = DestinationRegistry()
        try registry.register(PulseNavigation.self, root: root, feature: "pulse") { navigation, _ in
            switch navigation {
            case .live:
                Screen(model, task: { await $0.poll() }) { model in
                    Title("Live")
                    Text("Wake-ups: \(model.wakeUps)")
                }
            case .search:
                Screen(model) { model in
                    Title("Search")
                    TextField("Search", text: "") { model.didType($0) }
                    Text("Found: \(model.found)")
                }
            case .instant:
                Screen(model, task: { await $0.sleepNotAtAll() }) { model in
                    Text("Instant: \(model.instant)")
                }
            }
        }
        let capture = capture
        let session = Session(
            registry: registry, start: try #require(registry.root(named: "pulse")),
            options: Session.Options(width: 40, settleTimeout: .seconds(60), virtualTime: true, maximumWakeUps: maximumWakeUps),
            output: { _ in }, errorOutput: { capture.errors += $0 }
        )
        return (session, model)
    }

    @Test
    func theHostsExecutorsRunThisProcessAndHoldAMainActorSleep() async throws {
        // If a toolchain stops sending sleeps through the default executor, this fails first.
        #expect(VirtualTime.isAvailable)
        let (sut, model) = try makeSession(at: .live)

        await sut.start()

        #expect(sut.heldSleeps == 1)
        #expect(model.wakeUps == 0)
    }

    @Test
    func aOneMillisecondLoopWakesExactlyOnceAMillisecondOfVirtualTime() async throws {
        let (sut, model) = try makeSession(at: .live)
        await sut.start()

        await sut.execute("wait 1s")
        let afterOneSecond = model.wakeUps
        await sut.execute("wait 10s")

        #expect(afterOneSecond == 1000)
        #expect(model.wakeUps == 11_000)
        #expect(sut.current?.text.contains("Wake-ups: 11000") == true)
        #expect(capture.errors == "")
    }

    @Test
    func aWaitStopsAtItsMostWakeUpsNamingWhereTheClockIs() async throws {
        let (sut, model) = try makeSession(at: .live, maximumWakeUps: 500)
        await sut.start()

        await sut.execute("wait 500ms")
        let exactly = capture.errors
        await sut.execute("wait 1s")
        let wakeUpsAtTheStop = model.wakeUps
        let errorsBeforeTheUntil = capture.errors
        capture.errors = ""
        await sut.execute("wait until Wake-ups: 2000")

        // 500 deadlines in 500 ms is the most, not too many; the next second stops half way.
        #expect(exactly == "")
        #expect(wakeUpsAtTheStop == 1000)
        #expect(errorsBeforeTheUntil == "error: wait 1s: stopped after 500 wake-ups, at 1.000000 s of virtual time (Session.maximumWakeUps): a task sleeps too briefly, in a loop, to be waited for this long\n")
        #expect(capture.errors == "error: wait until Wake-ups: 2000: stopped after 500 wake-ups, at 1.500000 s of virtual time (Session.maximumWakeUps): a task sleeps too briefly, in a loop, to be waited for this long\n")
    }

    @Test
    func aDebouncedSearchWakesAtItsDeadlineAndItsResultComesBackFromThePool() async throws {
        let (sut, _) = try makeSession(at: .search)
        await sut.start()

        await sut.execute("type search rick")
        await sut.execute("wait 299ms")
        let early = sut.current?.text ?? ""
        await sut.execute("wait 1ms")

        #expect(early.contains("Found: none"))
        #expect(sut.current?.text.contains("Found: 4 letters") == true)
        // The wait that moved the clock short of the deadline says so; the one that reached it drew.
        #expect(capture.errors == "note: wait 299ms: the screen did not change (virtual time is now 0.299 s; 1 sleep still waiting)\n")
    }

    @Test
    func sleepsOfNoLengthReturnAtOnce() async throws {
        let (sut, model) = try makeSession(at: .instant)

        await sut.start()

        #expect(model.instant == "done")
        #expect(sut.heldSleeps == 0)
    }

    @Test
    func waitUntilTextThatCannotComeFailsAtOnceNamingIt() async throws {
        let (sut, _) = try makeSession(at: .search)
        await sut.start()

        await sut.execute("wait until Found: 9 letters")

        #expect(capture.errors == "error: wait until Found: 9 letters: the screen does not show 'Found: 9 letters', and no work is left that could change the screen\n")
        #expect(sut.virtualElapsed == .zero)
    }
}
