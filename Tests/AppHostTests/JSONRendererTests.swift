import AppHost
@_spi(Host) import AppHostKit
import Foundation
import Testing

@MainActor
@Suite
struct JSONRendererTests {
    private func nodes(@ViewBuilder _ content: () -> [Node]) -> [Node] {
        content()
    }

    @Test
    func writesTheTreeAsOneSortedLineWithTheTopLayersNumbers() {
        let body = nodes {
            Title("Profile \"A\"")
            Text("line\nbreak")
            Toggle("Dark mode", isOn: true) { _ in }
            Link("Rick", to: Route(name: "character", destination: "detail", parameters: [.init(name: "identifier", value: "1")]))
        }
        let layers: [RenderLayer] = [
            .screen(body: body, breadcrumbs: ["Home", "Profile \"A\""]),
            .dialog(Alert(title: "Saved"), confirmation: false, depth: 0),
        ]

        let line = JSONRenderer().render(layers, chrome: ShellChrome(style: .tabs, titles: ["Home", "Settings"], selected: 1))

        #expect(line == #"""
            {"layers":[{"breadcrumbs":["Home","Profile \"A\""],"kind":"screen","nodes":[{"text":"line\nbreak","type":"text"},{"isOn":true,"label":"Dark mode","type":"toggle"},{"label":"Rick","route":"character/detail?identifier=1","type":"link"}],"title":"Profile \"A\""},{"buttons":[{"label":"OK","number":1,"role":"cancel"}],"kind":"alert","title":"Saved"}],"shell":{"items":["Home","Settings"],"selected":1,"style":"tabs"}}

            """#)
    }

    @Test
    func aJSONSessionNumbersElementsAsTheTextFormDoes() async throws {
        let registry = DestinationRegistry()
        try registry.register(DeskFeature.self)
        var lines: [String] = []
        let session = Session(
            registry: registry,
            start: try #require(registry.root(named: "desk")),
            options: .init(format: .json),
            output: { lines.append($0) },
            errorOutput: { _ in }
        )
        await session.start()

        await session.execute("tap 2")

        #expect(lines.count == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        let layer = try #require((object["layers"] as? [[String: Any]])?.first)
        #expect(layer["title"] as? String == "Room 7")
        #expect(layer["breadcrumbs"] as? [String] == ["Front desk", "Room 7"])
        #expect((layer["nodes"] as? [[String: Any]])?.first?["number"] as? Int == 1)
        #expect(session.current?.actions.map(\.label) == ["Leave"])
    }
}
