@_spi(Host) import AppHostKit
import NavigationSamples
import Testing

@MainActor
@Suite
struct ViewBuilderTests {
    private func labels(_ nodes: [Node]) -> [String] {
        nodes.flatMap { node -> [String] in
            switch node {
            case .title(let text): ["title:\(text)"]
            case .text(let text): ["text:\(text)"]
            case .button(let label, _): ["button:\(label)"]
            case .link(let label, let route, _): ["link:\(label)->\(route?.description ?? "nil")"]
            case .list(let rows): ["list("] + labels(rows) + [")"]
            case .section(let header, let content): ["section:\(header ?? "")("] + labels(content) + [")"]
            case .toggle(let label, let isOn, _): ["toggle:\(label)=\(isOn)"]
            case .textField(let label, let text, _): ["field:\(label)=\(text)"]
            case .divider: ["divider"]
            case .progress(let label): ["progress:\(label)"]
            case .error(let message): ["error:\(message)"]
            case .group(let content), .styled(_, let content): labels(content)
            @unknown default: ["unknown"]
            }
        }
    }

    @ViewBuilder
    private func sample(loaded: Bool, items: [Int]) -> [Node] {
        Title("Items")
        if loaded {
            List(items) { item in
                Link("Item \(item)", to: SampleNavigation.detail(identifier: item))
            }
        } else {
            ProgressIndicator("Loading items…")
        }
        Section("More") {
            ForEach(["a", "b"]) { Text($0) }
            Divider()
            Button("Retry") {}
        }
        ErrorMessage("none")
    }

    @Test
    func buildsTheTreeWithConditionsAndLoops() {
        #expect(labels(sample(loaded: true, items: [1, 2])) == [
            "title:Items",
            "list(", "link:Item 1->sample/detail?identifier=1", "link:Item 2->sample/detail?identifier=2", ")",
            "section:More(", "text:a", "text:b", "divider", "button:Retry", ")",
            "error:none",
        ])
    }

    @Test
    func takesTheOtherBranch() {
        #expect(labels(sample(loaded: false, items: [])).prefix(2) == ["title:Items", "progress:Loading items…"])
    }

    @Test
    func aLinkToAnInvalidValueCarriesTheReason() {
        let node = Link("Broken", to: NestedNavigation(identifiers: [1])).node

        guard case .link(_, nil, let failure?) = node else {
            Issue.record("expected a link without a destination, got \(node)")
            return
        }
        #expect(failure == "nested: lists are not supported in navigation values; use primitives only")
    }

    @Test
    func aScreensTitleIsItsFirstTitle() {
        let screen = Screen { Section { Title("Inner") }; Title("Second") }

        #expect(screen.title == "Inner")
    }
}
