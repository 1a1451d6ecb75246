@testable import AppHost
@testable import AppHostLoading
@testable import AppHostNavigation
@_spi(Host) import AppHostKit
import Testing

/// A book with one page, whose screen is made with a new view model each time it is opened.
private enum LedgerNavigation: Navigation {
    case book
    case page

    static let routeName = "ledger"
}

@MainActor
private final class LedgerLog {
    /// Each page model made, weakly.
    var made: [() -> PageModel?] = []
    /// The numbers of the models whose Sign button ran.
    var signed: [Int] = []
}

@MainActor
private final class PageModel: ViewModel {
    let number: Int
    let log: LedgerLog

    init(number: Int, log: LedgerLog) {
        self.number = number
        self.log = log
    }

    func sign() { log.signed.append(number) }
}

@MainActor
@Suite
struct DrawnScreensTests {
    /// Which of the screens' actions ran, by the name of the body that made it.
    private final class Presses {
        var names: [String] = []
    }

    private let presses = Presses()
    private let renderer = TextRenderer(width: 40)

    private func body(_ name: String, title: String = "Ledger", line: String = "Balance: 3") -> [Node] {
        let presses = presses
        return [
            .title(title),
            .text(line),
            .button("Sign", action: ButtonAction { presses.names.append(name) }),
        ]
    }

    private func draw(_ drawn: inout DrawnScreens, _ layers: [RenderLayer], chrome: ShellChrome? = nil) -> RenderedScreen {
        drawn.screen(layers, chrome: chrome) { renderer.drawBytes($0) }
    }

    @Test
    func aScreenThatShowsTheSameIsReusedWithTheNewBodysActions() async throws {
        var drawn = DrawnScreens()
        let first = draw(&drawn, [.screen(body: body("first"), breadcrumbs: ["Ledger"])])
        let second = draw(&drawn, [.screen(body: body("second"), breadcrumbs: ["Ledger"])])

        #expect(drawn.drawn == 1)
        #expect(drawn.reused == 1)
        #expect(second.bytes == first.bytes)
        #expect(second.text == renderer.render(body: body("third"), breadcrumbs: ["Ledger"]).text)
        guard case .button(_, let action)? = second.layout.action(number: 1) else {
            Issue.record("element 1 is not the Sign button: \(second.actions.map(\.label))")
            return
        }
        await action.perform()
        #expect(presses.names == ["second"])
    }

    @Test(arguments: ["line", "title", "breadcrumbs", "sheet", "chrome", "dialog"])
    func aScreenThatShowsSomethingElseIsDrawnAgain(_ changed: String) {
        var drawn = DrawnScreens()
        let alert = Alert(title: "Sign?", buttons: [AlertButton("Sign"), AlertButton("Cancel", role: .cancel)])
        let chrome = ShellChrome(style: .tabs, titles: ["Ledger", "Settings"], selected: 0)
        let original: [RenderLayer] = [.screen(body: body("a"), breadcrumbs: ["Ledger"]), .dialog(alert, confirmation: false, depth: 0)]
        let other: [RenderLayer] = switch changed {
        case "line": [.screen(body: body("b", line: "Balance: 4"), breadcrumbs: ["Ledger"]), .dialog(alert, confirmation: false, depth: 0)]
        case "title": [.screen(body: body("b", title: "Book"), breadcrumbs: ["Ledger"]), .dialog(alert, confirmation: false, depth: 0)]
        case "breadcrumbs": [.screen(body: body("b"), breadcrumbs: ["Home", "Ledger"]), .dialog(alert, confirmation: false, depth: 0)]
        case "sheet": [.sheet(body: body("b"), breadcrumbs: ["Ledger"]), .dialog(alert, confirmation: false, depth: 0)]
        case "chrome": original
        default: [.screen(body: body("b"), breadcrumbs: ["Ledger"]), .dialog(Alert(title: "Sign?", buttons: [AlertButton("Sign")]), confirmation: false, depth: 0)]
        }

        let first = draw(&drawn, original)
        let second = draw(&drawn, other, chrome: changed == "chrome" ? chrome : nil)

        #expect(drawn.drawn == 2)
        #expect(drawn.reused == 0)
        #expect(second.bytes != first.bytes)
    }

    @Test
    func theLeastRecentlyUsedScreenIsForgottenFirst() {
        var drawn = DrawnScreens()
        func ledger(_ number: Int) -> [RenderLayer] {
            [.screen(body: body("\(number)", line: "Page \(number)"), breadcrumbs: ["Ledger"])]
        }
        _ = draw(&drawn, ledger(0))
        for number in 1..<DrawnScreens.kept {
            _ = draw(&drawn, ledger(number))
        }
        _ = draw(&drawn, ledger(0))  // used again: now the most recent
        _ = draw(&drawn, ledger(DrawnScreens.kept))  // one more: page 1 leaves
        #expect(drawn.reused == 1)

        _ = draw(&drawn, ledger(0))
        _ = draw(&drawn, ledger(1))

        #expect(drawn.reused == 2)
        #expect(drawn.drawn == DrawnScreens.kept + 2)
    }

    @Test
    func aScreenLargerThanTheLimitIsNotKept() {
        var drawn = DrawnScreens()
        let line = String(repeating: "word ", count: DrawnScreens.largestKept / 5 + 1)
        let layers: [RenderLayer] = [.screen(body: body("a", line: line), breadcrumbs: ["Ledger"])]

        let first = draw(&drawn, layers)
        let second = draw(&drawn, layers)

        #expect(first.bytes.count > DrawnScreens.largestKept)
        #expect(second.bytes == first.bytes)
        #expect(drawn.drawn == 2)
    }

    @Test
    func removeAllForgetsEveryScreen() {
        var drawn = DrawnScreens()
        let layers: [RenderLayer] = [.screen(body: body("a"), breadcrumbs: ["Ledger"])]
        _ = draw(&drawn, layers)

        drawn.removeAll()
        _ = draw(&drawn, layers)

        #expect(drawn.drawn == 2)
        #expect(drawn.reused == 0)
    }

    @Test
    func aScreenMadeAgainIsDrawnAsBeforeAndRunsItsNewModelsActions() async throws {
        let log = LedgerLog()
        let registry = DestinationRegistry()
        try registry.register(LedgerNavigation.self, root: .book, feature: "ledger") { navigation, _ in
            switch navigation {
            case .book:
                return Screen {
                    Title("Ledger")
                    Link("Page", to: LedgerNavigation.page)
                }
            case .page:
                let model = PageModel(number: log.made.count + 1, log: log)
                log.made.append { [weak model] in model }
                return Screen(model) { model in
                    Title("Page")
                    Button("Sign") { model.sign() }
                }
            }
        }
        var errors: [String] = []
        let session = Session(
            registry: registry,
            start: try #require(registry.root(named: "ledger")),
            options: Session.Options(width: 40),
            output: { _ in },
            errorOutput: { errors.append($0) }
        )

        await session.start()
        await session.execute("tap 1")
        let page = session.current?.text
        await session.execute("back")
        #expect(log.made.count == 1)
        #expect(log.made.first?() == nil, "the first page's model outlived its screen")
        await session.execute("tap 1")
        await session.execute("tap 1")

        #expect(log.made.count == 2)
        #expect(session.current?.text == page)
        #expect(page == """
            ════════════════════════════════════════
            Page
            Ledger › Page
            ────────────────────────────────────────
            [1] Sign
            ════════════════════════════════════════

            """)
        #expect(log.signed == [2])
        #expect(errors.isEmpty)
    }

    @Test
    func aResizedSessionDrawsAScreenItDrewBeforeAtItsNewWidth() async throws {
        let registry = DestinationRegistry()
        try registry.register(DeskFeature.self)
        let session = Session(
            registry: registry,
            start: try #require(registry.root(named: "desk")),
            options: Session.Options(width: 40),
            output: { _ in },
            errorOutput: { Issue.record("unexpected error: \($0)") }
        )
        func front(width: Int) -> String {
            let rule = String(repeating: "═", count: width)
            return "\(rule)\nFront desk\n\(String(repeating: "─", count: width))\n"
                + "Taps: 0, loads: 1\n[1] Count\n[2] Room 7 ›\n[3] Weather ›\n\(rule)\n"
        }

        await session.start()
        await session.execute("tap 2")
        await session.execute("back")
        #expect(session.current?.text == front(width: 40))
        session.resize(width: 60)
        await session.redraw()

        #expect(session.current?.text == front(width: 60))
    }

    /// A draw that counts its calls.
    private final class Draws {
        var count = 0
    }

    @Test
    func aScreenDrawnLazilyIsDrawnWhenFirstReadOnceAndAsAtOnce() {
        var drawn = DrawnScreens()
        let draws = Draws()
        let renderer = renderer
        let layers: [RenderLayer] = [.screen(body: body("a"), breadcrumbs: ["Ledger"])]

        let first = drawn.screen(layers, chrome: nil, lazily: true) { layout in
            draws.count += 1
            return renderer.drawBytes(layout)
        }
        let again = drawn.screen(layers, chrome: nil, lazily: true) { _ in
            draws.count += 100
            return []
        }

        #expect(draws.count == 0, "nothing read the screens yet")
        #expect(first.actions.map(\.label) == ["Sign"])
        #expect(first.text == renderer.render(layers).text)
        #expect(again.bytes == first.bytes)
        #expect(draws.count == 1)
        #expect(drawn.reused == 1)
    }

    @Test
    func aScreenDrawnLazilyKeepsNoViewModelWhileItWaits() {
        final class Model {}
        var drawn = DrawnScreens()
        weak var watched: Model?
        var screen: RenderedScreen?
        do {
            let model = Model()
            watched = model
            let body: [Node] = [.title("Ledger"), .button("Sign", action: ButtonAction { _ = model })]
            screen = drawn.screen([.screen(body: body, breadcrumbs: ["Ledger"])], chrome: nil, lazily: true) { renderer.drawBytes($0) }
        }
        #expect(watched != nil, "the screen's own actions hold the model")
        #expect(screen?.actions.count == 1)

        screen = nil

        #expect(watched == nil, "the kept drawing held the model")
    }

    @Test
    func aScreenDrawnLazilyAsMoreThanTheLimitIsNotKeptOnceDrawn() {
        var drawn = DrawnScreens()
        let line = String(repeating: "word ", count: DrawnScreens.largestKept / 5 + 1)
        let layers: [RenderLayer] = [.screen(body: body("a", line: line), breadcrumbs: ["Ledger"])]

        let first = drawn.screen(layers, chrome: nil, lazily: true) { renderer.drawBytes($0) }
        #expect(first.bytes.count > DrawnScreens.largestKept)
        _ = drawn.screen(layers, chrome: nil, lazily: true) { renderer.drawBytes($0) }

        #expect(drawn.drawn == 2)
        #expect(drawn.reused == 0)
    }

    @Test
    func aSessionWhoseOutputTakesNoScreensShowsTheScreensAnotherWrites() async throws {
        let registry = DestinationRegistry()
        try registry.register(DeskFeature.self)
        let start = try #require(registry.root(named: "desk"))
        var written: [String] = []
        let writing = Session(registry: registry, start: start, options: Session.Options(width: 40), output: { written.append($0) }, errorOutput: { Issue.record("\($0)") })
        let reading = Session(registry: registry, start: start, options: Session.Options(width: 40), output: ErrorOutput { Issue.record("\($0)") })

        var screens: [String?] = []
        for session in [writing, reading] {
            await session.start()
            await session.execute("tap 2")
            await session.execute("back")
            screens.append(session.current?.text)
        }

        #expect(screens[0] == screens[1])
        #expect(screens[0]?.hasPrefix("════") == true)
        #expect(written.contains { $0 == screens[0] }, "the writing session wrote its screen")
    }
}
