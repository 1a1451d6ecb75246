@testable import AppHost
@testable import AppHostLoading
@testable import AppHostNavigation
@_spi(Host) import AppHostKit
import Testing

@MainActor
@Suite
struct TextRendererTests {
    private let renderer = TextRenderer(width: 30)

    private func nodes(@ViewBuilder _ content: () -> [Node]) -> [Node] {
        content()
    }

    @Test
    func drawsHeaderBodyAndNumberedActions() {
        let body = nodes {
            Title("Rick Sanchez")
            Section("Profile") {
                Text("Status: Alive")
            }
            Divider()
            Button("Back") {}
            Link("Morty Smith", to: Route(name: "character", destination: "detail", parameters: [.init(name: "identifier", value: "2")]))
        }

        let screen = renderer.render(body: body, breadcrumbs: ["Home", "Characters", "Rick Sanchez"])

        #expect(screen.text == """
            ══════════════════════════════
            Rick Sanchez
            … › Characters › Rick Sanchez
            ──────────────────────────────
            PROFILE
              Status: Alive
            ──────────────────────────────
            [1] Back
            [2] Morty Smith ›
            ══════════════════════════════

            """)
        #expect(screen.actions.map(\.label) == ["Back", "Morty Smith"])
    }

    @Test
    func aSingleScreenHasNoBreadcrumbs() {
        let screen = renderer.render(body: [Title("Home").node], breadcrumbs: ["Home"])

        #expect(screen.text == """
            ══════════════════════════════
            Home
            ──────────────────────────────
            ══════════════════════════════

            """)
    }

    @Test
    func wrapsTextAndLabelsAtTheWidth() {
        let body: [Node] = [
            Text("The quick brown fox jumps over the lazy dog twice").node,
            Button("A label that is much too long to fit") {}.node,
        ]

        let screen = renderer.render(body: body, breadcrumbs: ["Wrap"])

        #expect(screen.text == """
            ══════════════════════════════
            Wrap
            ──────────────────────────────
            The quick brown fox jumps over
            the lazy dog twice
            [1] A label that is much too
                long to fit
            ══════════════════════════════

            """)
    }

    @Test
    func drawsLoadingErrorAndEmptyListStates() {
        let body: [Node] = [
            ProgressIndicator("Loading characters…").node,
            ErrorMessage("character 99 not found").node,
            List {}.node,
        ]

        let screen = renderer.render(body: body, breadcrumbs: ["States"])

        #expect(screen.text == """
            ══════════════════════════════
            States
            ──────────────────────────────
            … Loading characters…
            error: character 99 not found
              (none)
            ══════════════════════════════

            """)
    }

    @Test
    func drawsTheSameBytesForTheSameInput() {
        let body = [Title("Same").node, Text("Again").node, Button("Go") {}.node]

        #expect(renderer.render(body: body, breadcrumbs: ["A", "Same"]).text
            == renderer.render(body: body, breadcrumbs: ["A", "Same"]).text)
    }

    @Test
    func keepsTheNewestBreadcrumbsWhenTheTrailIsTooLong() {
        #expect(TextRenderer.trail(["Home", "Characters", "Rick Sanchez", "Morty Smith"], width: renderer.width) == "… › Rick Sanchez › Morty Smith")
    }

    @Test
    func showsTheWholeTrailWhenItFitsAndMarksTitlesLeftOutOfADeepStack() {
        #expect(TextRenderer.trail(["Home", "About"], width: 60) == "Home › About")
        #expect(TextRenderer.trail(Breadcrumbs(["About", "Home"], count: 10_000), width: 60) == "… › About › Home")
        #expect(TextRenderer.trail(["Home", String(repeating: "x", count: 30)], width: 20) == "… › xxxxxxxxxxxxxxx…")
    }

    @Test
    func refusesWidthsBelowTheMinimum() {
        #expect(TextRenderer(width: 3).width == TextRenderer.minimumWidth)
    }
}
