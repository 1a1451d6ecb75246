@_spi(Host) import AppHostKit
import Testing

@MainActor
@Suite
struct NodeContentTests {
    private final class Model: ViewModel {
        var presses = 0
        func press() { presses += 1 }
    }

    /// Every kind of node once, its values given: a body a host could draw.
    @ViewBuilder
    private func body(
        _ model: Model,
        text: String = "Hello",
        label: String = "Press",
        isOn: Bool = true,
        field: String = "Rick",
        destination: Route = Route(name: "desk", destination: "front"),
        header: String? = "More",
        rows: [String] = ["a", "b"]
    ) -> [Node] {
        Title("Screen")
        Text(text)
        Button(label) { model.press() }
        Link("Go", to: destination)
        Toggle("Lights", isOn: isOn) { _ in model.press() }
        TextField("Name", text: field) { _ in model.press() }
        List(rows) { Text($0) }
        Section(header) {
            ForEach(rows) { Text($0) }
            Divider()
            ProgressIndicator("Loading")
            ErrorMessage("Failed")
        }
    }

    @Test
    func bodiesWithTheSameContentShowTheSameWhateverTheirActions() {
        let first = body(Model())
        let second = body(Model())

        #expect(first.showsSame(as: second))
        #expect(second.showsSame(as: first))
    }

    @Test(arguments: [
        "text", "label", "isOn", "field", "destination", "header", "rows", "row",
    ])
    func aDifferenceInAnyValueIsSeen(_ changed: String) {
        let model = Model()
        let original = body(model)
        let other = switch changed {
        case "text": body(model, text: "Hello!")
        case "label": body(model, label: "Push")
        case "isOn": body(model, isOn: false)
        case "field": body(model, field: "Morty")
        case "destination": body(model, destination: Route(name: "desk", destination: "room", parameters: [.init(name: "number", value: "7")]))
        case "header": body(model, header: nil)
        case "rows": body(model, rows: ["a", "b", "c"])
        default: body(model, rows: ["a", "B"])
        }

        #expect(!original.showsSame(as: other))
        #expect(!other.showsSame(as: original))
    }

    @Test
    func nodesOfDifferentKindsDoNotShowTheSameEvenWithTheSameText() {
        #expect(![Node.title("Hi")].showsSame(as: [.text("Hi")]))
        #expect(![Node.progress("Hi")].showsSame(as: [.error("Hi")]))
        #expect(![Node.list([.text("a")])].showsSame(as: [.group([.text("a")])]))
        #expect(![Node.link("Go", destination: nil, failure: "bad")].showsSame(as: [.link("Go", destination: nil, failure: "worse")]))
        #expect(![Node.divider].showsSame(as: []))
    }

    @Test
    func withoutActionsShowsTheSameAndKeepsNoModelAlive() async throws {
        weak var released: Model?
        var kept: [Node] = []
        do {
            let model = Model()
            released = model
            let original = body(model)
            kept = original.withoutActions
            #expect(kept.showsSame(as: original))
        }

        #expect(released == nil)
        // The actions kept do nothing, and can be run.
        for node in kept {
            if case .button(_, let action) = node { await action.perform() }
        }
        #expect(kept.showsSame(as: body(Model())))
    }

    /// `depth` lists, each holding a text and the next list.
    private func nested(_ depth: Int) -> [Node] {
        var nodes: [Node] = [.text("bottom")]
        for level in (1...depth).reversed() {
            nodes = [.list([.text("level \(level)")] + nodes)]
        }
        return nodes
    }

    @Test
    func nestingIsDeeperOnlyPastTheGivenDepthAndCountsEveryElement() {
        let atTheLimit = nested(4).nesting(deeperThan: 4, elements: 1_000)
        #expect(!atTheLimit.deeper)
        // Four lists, four texts in them and the text at the bottom.
        #expect(atTheLimit.count == 9)

        let pastIt = nested(5).nesting(deeperThan: 4, elements: 1_000)
        #expect(pastIt.deeper)
        #expect(pastIt.count == 11)

        let flat = body(Model()).nesting(deeperThan: 4, elements: 1_000)
        #expect(!flat.deeper)
        // Eight elements at the top, two rows in the list; in the section, ForEach's group with its
        // two rows, and three elements.
        #expect(flat.count == 16)
    }

    @Test
    func aBodyDeeperAndLargerThanTheLimitsIsToldSoWithoutBeingWalkedWhole() {
        let rows = (0..<10_000).map { Node.text("row \($0)") }
        let both = (nested(6) + [.list(rows)]).nesting(deeperThan: 4, elements: 100)
        #expect(both.deeper)
        #expect(both.count > 100)

        let largeOnly = [Node.list(rows)].nesting(deeperThan: 4, elements: 100)
        #expect(!largeOnly.deeper)
        #expect(largeOnly.count == 10_001)
    }
}
