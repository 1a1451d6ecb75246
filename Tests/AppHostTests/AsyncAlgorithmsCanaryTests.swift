import AppHost
@_spi(Host) import AppHostKit
import AsyncAlgorithms
import Observation
import Testing

enum TickerNavigation: Navigation {
    case ticker

    static let routeName = "ticker"
}

/// A model waiting the ways swift-async-algorithms waits: a timer sequence and a debounce.
@MainActor
@Observable
final class TickerModel {
    private(set) var ticks = 0
    private(set) var searched = "none"
    @ObservationIgnored let typed = AsyncChannel<String>()

    func run() async {
        async let ticking: Void = tick()
        async let searching: Void = search()
        _ = await (ticking, searching)
    }

    private func tick() async {
        for await _ in AsyncTimerSequence(interval: .seconds(1), clock: ContinuousClock()) {
            ticks += 1
        }
    }

    private func search() async {
        for await text in typed.debounce(for: .milliseconds(300), clock: ContinuousClock()) {
            searched = text
        }
    }

    func didType(_ text: String) {
        let typed = typed
        Task { await typed.send(text) }
    }
}

/// The canary for the runtime's footing in swift-async-algorithms 1.1.4 (the clock it reads, the
/// sleeps it makes): its timer and its debounce wait on a session's virtual time, exactly. If a
/// release moves where they read the clock, this fails naming the toolchain, not a flow later.
@MainActor
@Suite
struct AsyncAlgorithmsCanaryTests {
    private static let toolchain = "if this fails after a Swift or swift-async-algorithms update, see ARCHITECTURE.md, 'What the runtime stands on'"

    @Test
    func aTimerSequenceAndADebounceWaitOnVirtualTimeExactly() async throws {
        let model = TickerModel()
        let registry = DestinationRegistry()
        try registry.register(TickerNavigation.self, root: .ticker, feature: "ticker") { _, _ in
            Screen(model, task: { await $0.run() }) { model in
                Text("Ticks: \(model.ticks)")
                Text("Searched: \(model.searched)")
                TextField("Search", text: "") { model.didType($0) }
            }
        }
        let sut = Session(
            registry: registry, start: try #require(registry.root(named: "ticker")),
            options: Session.Options(width: 40, virtualTime: true), output: { _ in }, errorOutput: { _ in }
        )
        await sut.start()

        await sut.execute("wait 999ms")
        #expect(model.ticks == 0, "\(Self.toolchain)")
        await sut.execute("wait 1ms")
        #expect(model.ticks == 1, "\(Self.toolchain)")
        await sut.execute("wait 2s")
        #expect(model.ticks == 3, "\(Self.toolchain)")

        for text in ["r", "ri", "ric", "rick"] { await sut.execute("type Search \(text)") }
        await sut.execute("wait 299ms")
        #expect(model.searched == "none", "\(Self.toolchain)")
        await sut.execute("wait 1ms")
        #expect(model.searched == "rick", "\(Self.toolchain)")
        await sut.end()
    }
}
