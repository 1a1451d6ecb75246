import AppHost
@_spi(Host) import AppHostKit
import Observation
import Testing

/// A feature written as for a device: an `@Observable` model with no AppHost protocol, its
/// appearing work named by the screen's task, and work it starts itself in tasks.
enum StudioNavigation: Navigation {
    case desk
    case gallery

    static let routeName = "studio"
}

@MainActor
@Observable
final class StudioModel {
    private(set) var status = "idle"
    private(set) var appearances = 0
    /// Not read by any body: changing it must not redraw anything.
    var unread = 0
    @ObservationIgnored private(set) var bodies = 0
    @ObservationIgnored private var held: CheckedContinuation<Void, Never>?
    @ObservationIgnored private(set) var appearingTask: Task<Void, Never>?

    func didAppear() async {
        appearances += 1
    }

    /// Work in a task of its own that suspends several times on the main actor before it ends.
    /// (Work that leaves the main actor is waited for only as long as the global pool stays busy,
    /// which in a test process shared with other tests is a matter of timing: not tested here.)
    func didTapOnRefreshButton() {
        Task {
            status = "refreshing"
            var steps = 0
            for _ in 0..<5 {
                let step = Task { @MainActor in 1 }
                steps += await step.value
            }
            status = steps == 5 ? "refreshed" : "lost a step"
        }
    }

    /// Work that suspends until something else resumes it, as sleeping work does.
    func didTapOnHoldButton() {
        Task {
            status = "holding"
            await withCheckedContinuation { held = $0 }
            status = "released"
        }
    }

    /// Resumes the held work from outside any command, as a timer would.
    func release() {
        held?.resume()
        held = nil
    }

    func didTapOnTouchButton() {
        unread += 1
    }

    func countBody() {
        bodies += 1
    }

}

enum StudioFeature: FeatureModule {
    static let name = "studio"
    /// The desk's model, for the tests to look at and to poke from outside a command.
    @MainActor static var desk: StudioModel?

    static func register(in context: FeatureContext) throws {
        try context.register(StudioNavigation.self, root: .desk) { navigation, router in
            switch navigation {
            case .desk:
                let model = StudioModel()
                desk = model
                return Screen(model, task: { await $0.didAppear() }) { model in
                    let _ = model.countBody()
                    Title("Studio")
                    Text("Status: \(model.status), appeared \(model.appearances)")
                    Button("Refresh") { model.didTapOnRefreshButton() }
                    Button("Hold") { model.didTapOnHoldButton() }
                    Button("Touch") { model.didTapOnTouchButton() }
                    Link("Gallery", to: StudioNavigation.gallery)
                }
            case .gallery:
                return Screen {
                    Title("Gallery")
                    Button("Leave") { router.goBack() }
                }
            }
        }
    }
}

@MainActor
@Suite(.serialized)
struct BackgroundWorkTests {
    private final class Capture {
        var output = ""
        var errors = ""
    }

    private let capture = Capture()

    /// A session over the studio feature. Its settle may take as long as a test may last: the work
    /// these tests start ends in a few main-actor turns, but in a test process other tests may hold the
    /// main actor for seconds (a child process waited for), and a settle that gave up early would draw
    /// the work half done. A settle ends as soon as the work does, so this costs nothing otherwise.
    private func makeSession(settleTimeout: Duration = .seconds(60)) throws -> Session {
        let registry = DestinationRegistry()
        try registry.register(StudioFeature.self)
        let capture = capture
        return Session(
            registry: registry,
            start: try #require(registry.root(named: "studio")),
            options: Session.Options(width: 40, settleTimeout: settleTimeout),
            output: { capture.output += $0 },
            errorOutput: { capture.errors += $0 }
        )
    }

    private func status(_ sut: Session) -> String {
        sut.current?.text.split(separator: "\n").first { $0.hasPrefix("Status:") }.map(String.init) ?? ""
    }

    @Test
    func theScreensTaskRunsWhenItAppearsAndTheScreenShowsWhatItDid() async throws {
        let sut = try makeSession()

        await sut.start()

        #expect(status(sut) == "Status: idle, appeared 1")
    }

    @Test
    func workAViewModelStartsInATaskIsDrawnOnceTheCommandHasSettled() async throws {
        let sut = try makeSession()
        await sut.start()

        await sut.execute("tap Refresh")

        #expect(status(sut) == "Status: refreshed, appeared 1")
        #expect(capture.errors == "")
    }

    @Test(.timeLimit(.minutes(1)))
    func workAwaitingWhatTheHostCannotSeeIsWaitedForThenNamedAndItsLaterChangeIsDrawnOnCatchUp() async throws {
        // The settle limit is the one real-time bound: past it, the command is named as still awaiting.
        let sut = try makeSession(settleTimeout: .milliseconds(200))
        await sut.start()

        await sut.execute("tap Hold")
        let held = status(sut)
        let errors = capture.errors
        let written = capture.output
        let changes = sut.work.changeCount
        try #require(StudioFeature.desk).release()
        // The released work runs when the main actor is next free; its change is then heard.
        for _ in 0..<1000 where sut.work.changeCount == changes { await Task.yield() }
        await sut.catchUp()

        #expect(held == "Status: holding, appeared 1")
        #expect(errors.hasPrefix("error: tap Hold: a task it started still awaits something the host cannot see after 0.2 seconds"))
        #expect(status(sut) == "Status: released, appeared 1")
        #expect(capture.output.count > written.count, "the change was written")
    }

    @Test
    func anObservableBodyIsBuiltAgainOnlyWhenWhatItReadChanged() async throws {
        let sut = try makeSession()
        await sut.start()
        let model = try #require(StudioFeature.desk)
        let built = model.bodies

        await sut.execute("show")
        await sut.execute("tap Touch")
        await sut.catchUp()
        let afterUnreadChange = model.bodies
        await sut.execute("tap Refresh")

        #expect(afterUnreadChange == built, "nothing the body read changed")
        #expect(model.bodies > built, "the status changed")
    }

    @Test
    func aCommandThatStartsNoTaskSettlesWithoutYieldingAndOneThatDoesYields() async throws {
        let sut = try makeSession()
        await sut.start()

        // A link and a button whose action starts nothing: every marker is back, nothing to wait for.
        await sut.execute("tap Gallery")
        #expect(sut.settleRounds == 0)
        await sut.execute("back")
        #expect(sut.settleRounds == 0)
        await sut.execute("tap Touch")
        #expect(sut.settleRounds == 0)
        // A button that starts a task that suspends: the session yields until it has ended.
        await sut.execute("tap Refresh")
        #expect(sut.settleRounds > 0)
        #expect(status(sut) == "Status: refreshed, appeared 1")
    }

    @Test
    func aCatchUpWithNothingChangedWritesNothing() async throws {
        let sut = try makeSession()
        await sut.start()
        let written = capture.output

        await sut.catchUp()

        #expect(capture.output == written)
    }

    @Test
    func waitLetsTimePassAndDrawsOnlyAChange() async throws {
        let sut = try makeSession()
        await sut.start()
        let written = capture.output

        await sut.execute("wait 5ms")

        #expect(capture.output == written)
        // Nothing is drawn again; the wait says what it did instead.
        #expect(capture.errors == "note: wait 5ms: the screen did not change (on real time; 0 sleeps still waiting)\n")
    }

    @Test
    func waitUntilTextAlreadyShownReturnsWritingNothing() async throws {
        let sut = try makeSession()
        await sut.start()
        let written = capture.output

        await sut.execute("wait until Status: idle")

        #expect(capture.errors == "")
        #expect(capture.output == written)
    }

    @Test
    func aScreensTaskIsCancelledWhenTheScreenGoesAway() async throws {
        final class Flag: @unchecked Sendable {
            // Set on the main actor only, by the task below.
            var cancelled = false
        }
        let flag = Flag()
        let registry = DestinationRegistry()
        try registry.register(StudioNavigation.self, root: .desk, feature: "studio") { navigation, router in
            switch navigation {
            case .desk:
                Screen {
                    Title("Desk")
                    Link("Gallery", to: StudioNavigation.gallery)
                }
            case .gallery:
                Screen(StudioModel(), task: { _ in
                    try? await Task.sleep(for: .seconds(3600))
                    flag.cancelled = Task.isCancelled
                }) { _ in Title("Gallery") }
            }
        }
        let sut = Session(
            registry: registry, start: try #require(registry.root(named: "studio")), options: Session.Options(width: 40),
            output: { _ in }, errorOutput: { _ in }
        )
        await sut.start()

        await sut.execute("tap Gallery")
        await sut.execute("back")
        await sut.execute("wait until Desk")
        for _ in 0..<100 where !flag.cancelled { await Task.yield() }

        #expect(flag.cancelled)
    }
}

@Suite
struct WaitCommandTests {
    @Test(arguments: [
        ("wait 300ms", SessionCommand.wait(.milliseconds(300))),
        ("wait 2s", .wait(.seconds(2))),
        ("wait 1.5s", .wait(.milliseconds(1500))),
        ("wait 0ms", .wait(.zero)),
        ("wait until 5 characters", .waitUntil("5 characters")),
        ("WAIT until  Morty ", .waitUntil("Morty")),
    ])
    func waitIsRead(line: String, command: SessionCommand) throws {
        #expect(try SessionCommand.parse(line) == command)
    }

    @Test(arguments: [
        ("wait", "wait: wait needs a time or 'until TEXT', e.g. wait 300ms or wait 2s (at most 60s)"),
        ("wait 2 hours", "wait 2 hours: '2 hours' is not a time; e.g. wait 300ms or wait 2s (at most 60s)"),
        ("wait 61s", "wait 61s: 61s is longer than a wait may be (SessionCommand.maximumWait); e.g. wait 300ms or wait 2s (at most 60s)"),
        ("wait -1s", "wait -1s: '-1s' is not a time; e.g. wait 300ms or wait 2s (at most 60s)"),
        ("wait 1e9s", "wait 1e9s: '1e9s' is not a time; e.g. wait 300ms or wait 2s (at most 60s)"),
        ("wait until", "wait until: wait until needs a text to wait for, e.g. wait until Morty"),
    ])
    func aBadWaitIsRefusedNamingTheFix(line: String, message: String) {
        #expect(throws: SessionError.self) { try SessionCommand.parse(line) }
        do {
            _ = try SessionCommand.parse(line)
        } catch {
            #expect(error.description == message)
        }
    }
}
