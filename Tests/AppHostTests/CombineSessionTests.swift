import AppHost
@_spi(Host) import AppHostKit
import SwiftUI
import Testing

enum CombineNavigation: Navigation {
    case score
    case clock
    case links

    static let routeName = "combine"
}

enum CombineFeature: FeatureModule {
    static let name = "combine"

    static func register(in context: FeatureContext) throws {
        try context.register(CombineNavigation.self, root: .score) { navigation, router in
            switch navigation {
            case .score: Screen(ScoreScreen(), router: router)
            case .clock: Screen(ClockScreen(), router: router)
            case .links: Screen(LinksScreen(), router: router)
            }
        }
    }
}

/// The ObservableObject family and Combine in a real session on virtual time: a change published
/// by an object redraws every view that reads it, a debounce on the main queue wakes exactly at its
/// deadline, work received on the main queue is waited for, and a timer ticks on the session's clock.
@MainActor
@Suite
struct CombineSessionTests {
    private final class Notes {
        var lines = ""
    }

    private let notes = Notes()

    private func makeSession(at navigation: CombineNavigation) throws -> Session {
        let registry = DestinationRegistry()
        try registry.register(CombineFeature.self)
        let notes = notes
        return Session(
            registry: registry, start: try Route(navigation), options: Session.Options(width: 40, virtualTime: true),
            output: { _ in }, errorOutput: { line in
                notes.lines += line
                if line.hasPrefix("error") { Issue.record("\(line)") }
            }
        )
    }

    @Test
    func aURLTheAppOpensIsOpenedByTheSessionAfterTheCommand() async throws {
        let sut = try makeSession(at: .links)
        await sut.start()

        await sut.execute("tap Open clock")
        #expect(sut.topRoute.description == "combine/clock")

        await sut.execute("back")
        await sut.execute("tap Clock through UIKit")
        #expect(sut.topRoute.description == "combine/clock")

        await sut.execute("back")
        await sut.execute("tap Website")
        #expect(sut.topRoute.description == "combine/links")
        #expect(notes.lines.contains("note: tap Website: the app opened https://example.com/help (outside the app: a device hands it to the system)"), "\(notes.lines)")
        await sut.end()
    }

    private func text(_ session: Session) -> String { session.current?.text ?? "" }

    @Test
    func aPublishedChangeRedrawsTheOwnerTheObservingViewAndTheEnvironmentsReader() async throws {
        let sut = try makeSession(at: .score)
        await sut.start()
        #expect(text(sut).contains("Owner: 0") && text(sut).contains("Badge: 0") && text(sut).contains("Footer: 0"), "\(text(sut))")

        await sut.execute("tap Increment")
        await sut.execute("tap Increment")

        #expect(text(sut).contains("Owner: 2"), "\(text(sut))")
        #expect(text(sut).contains("Badge: 2"))
        #expect(text(sut).contains("Footer: 2"))
        await sut.end()
    }

    @Test
    func aDebounceOnTheMainQueueWakesExactlyAtItsDeadlineOfVirtualTime() async throws {
        let sut = try makeSession(at: .score)
        await sut.start()

        await sut.execute("type search rick")
        #expect(text(sut).contains("Searched: nothing"), "\(text(sut))")
        let heldAfterTyping = sut.heldSleeps
        await sut.execute("wait 299ms")
        #expect(text(sut).contains("Searched: nothing"), "\(text(sut))")
        let heldBefore = sut.heldSleeps
        await sut.execute("wait 1ms")
        #expect(text(sut).contains("Searched: rick"), "held after typing \(heldAfterTyping), before \(heldBefore), after \(sut.heldSleeps): \(text(sut))")
        await sut.end()
    }

    @Test
    func workReceivedOnTheMainQueueIsWaitedForBeforeTheScreenIsDrawn() async throws {
        let sut = try makeSession(at: .score)
        await sut.start()

        // Each time: the value leaves for the global queue and comes back to the main queue before
        // the tap's screen is drawn.
        for fetch in 1...50 {
            await sut.execute("tap Fetch")
            #expect(text(sut).contains("Delivered: answer \(fetch)\n"), "\(text(sut))")
        }
        await sut.end()
    }

    @Test
    func aTimersPublisherTicksOnTheSessionsClock() async throws {
        let sut = try makeSession(at: .clock)
        await sut.start()
        #expect(text(sut).contains("Ticks: 0"), "\(text(sut))")

        await sut.execute("wait 3s")
        #expect(text(sut).contains("Ticks: 3"), "\(text(sut))")
        await sut.execute("wait 999ms")
        #expect(text(sut).contains("Ticks: 3"), "\(text(sut))")
        await sut.execute("wait 1ms")
        #expect(text(sut).contains("Ticks: 4"), "\(text(sut))")
        await sut.end()
    }
}

