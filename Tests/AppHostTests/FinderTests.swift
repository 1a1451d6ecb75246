import AppHost
import AppHostTesting
import Foundation
import Testing

/// AppHarness's finders over the real Gallery library: elements by label, identifier and row, acted
/// on through the session's own commands, and failures recorded at the test's line.
@MainActor
@Suite
struct FinderTests {
    private func gallery() async throws -> AppHarness {
        let app = try await AppHarness(features: ["Gallery"], start: "gallery", options: .init(width: 60, virtualTime: true))
        await app.run("wait until 4 items")
        return app
    }

    @Test
    func elementsAreFoundByLabelIdentifierAndRowAndActedOn() async throws {
        let app = try await gallery()

        #expect(app.button("Increment").exists)
        #expect(app.textField("search").element?.text == "")
        #expect(app.element(id: "gallery.details").element?.label == "Show details")
        let delete = try #require(app.row("Plumbus").action("Delete").element)
        #expect(delete.label == "Delete Plumbus" && delete.row == "Plumbus household")

        await app.button("Increment").tap()
        #expect(app.text(containing: "quantity:") == "Quantity: 2")
        await app.textField("Search").type("plumb")
        #expect(app.text(containing: "1 item") != nil, "\(app.screen)")
        await app.textField("Search").type("")
        await app.row("Plumbus").action("Mark").tap()
        #expect(app.text(containing: "Favourite Plumbus") != nil, "\(app.screen)")
        await app.row("Meeseeks").action("Delete").tap()
        #expect(app.text(containing: "Meeseeks") == nil)
        #expect(app.text(containing: "3 items") != nil)
        await app.element(id: "gallery.details").tap()
        #expect(app.session.topRoute.description == "gallery/main", "a sheet over the same route")
        #expect(app.screen.contains("Items 3"), "\(app.screen)")
        await app.end()
    }

    @Test
    func aFinderThatFindsNothingFailsAtTheTestsLine() async throws {
        let app = try await gallery()
        let line = #_sourceLocation.line + 3
        await withKnownIssue {
            // The next line is the one the failure names.
            await app.button("Launch").tap()
        } matching: { issue in
            issue.sourceLocation?.line == line && "\(issue)".contains("no button labelled 'Launch' on this screen")
        }
        await withKnownIssue {
            await app.row("Plumbus").action("Share").tap()
        } matching: { issue in
            "\(issue)".contains("the row 'Plumbus household' has no one action labelled 'Share' (its actions: 'Delete Plumbus', 'Mark Plumbus')")
        }
        await withKnownIssue {
            await app.button("Increment").type("3")
        } matching: { issue in
            "\(issue)".contains("'Increment' is a button, not a text field")
        }
        #expect(!app.button("Launch").exists)
        await app.end()
    }
}
