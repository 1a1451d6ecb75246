@testable import AppHostFlows
import Foundation
import Testing

/// The lines between a crawl and its children: each node and edge reads back as it was written,
/// and reads as Foundation's JSON reader reads the same text.
@Suite
struct CrawlWireTests {
    private static let awkward = "quote \" backslash \\ tab \t newline \n control \u{1} é 😀"

    @Test
    func aNodeReadsBackAsItWasWrittenWithOrWithoutWhereBackLeads() throws {
        var node = CrawlNode(
            link: "replay:@main:home(home:home/main)\ntap 1", key: "@main:Home home/main › sheet", title: Self.awkward,
            route: "home/main", presented: 2, stack: 3, count: 4, labels: ["One", Self.awkward, ""], back: "@main:home(home:home/main)"
        )
        for back in [node.back, nil] {
            node.back = back
            let line = node.line

            #expect(!line.contains("\n"), "a node is one line")
            #expect(CrawlNode(line: Array(line.utf8)) == node)
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["title"] as? String == Self.awkward)
            #expect(object["labels"] as? [String] == node.labels)
            #expect((object["back"] as? String) == back)
        }
    }

    @Test
    func anEdgeReadsBackAsItWasWrittenWhicheverOfItsPartsItHas() throws {
        var full = CrawlEdge(number: 7, label: Self.awkward, command: "type 7 Sample", to: "character/list", toKey: "@main:Home character/list", problem: "leads to an error screen: \(Self.awkward)", crashed: true)
        full.via = "home-outgoing/characters"
        let bare = CrawlEdge(number: 1, label: "", command: "tap 1", to: nil, toKey: nil, problem: nil)

        for edge in [full, bare] {
            let line = edge.line

            #expect(!line.contains("\n"))
            #expect(CrawlEdge(line: Array(line.utf8)) == edge)
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["label"] as? String == edge.label)
            #expect(object["crashed"] as? Bool == edge.crashed)
            #expect((object["via"] as? String) == edge.via)
        }
    }

    @Test(arguments: [
        "end",
        "",
        #"{"number":1,"label":"A","command":"tap 1","crash"#,
        #"{"label":"A","command":"tap 1"}"#,
        #"{"number":"1","label":"A","command":"tap 1"}"#,
        #"{"number":1,"label":"A","command":"tap 1","to":3}"#,
        #"["number",1]"#,
    ])
    func aLineThatHoldsNoEdgeReadsAsNone(line: String) {
        #expect(CrawlEdge(line: Array(line.utf8)) == nil)
        #expect(CrawlNode(line: Array(line.utf8)) == nil)
    }
}
