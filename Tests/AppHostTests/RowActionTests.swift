@testable import AppHost
@testable import AppHostFlows
@testable import AppHostLoading
@testable import AppHostNavigation
import AppHostKit
import Foundation
import SwiftUI
import Testing

enum PantryNavigation: Navigation {
    case pantry

    static let routeName = "pantry"
}

/// A list whose every row has the same swipe and context actions, as most apps' lists do.
struct PantryView: View {
    @State private var items = ["Milk", "Bread", "Eggs"]
    @State private var favourites: Set<String> = []

    var body: some View {
        List {
            ForEach(items, id: \.self) { item in
                Text(favourites.contains(item) ? "\(item) ★" : item)
                    .swipeActions {
                        Button("Delete", role: .destructive) { items.removeAll { $0 == item } }
                    }
                    .contextMenu {
                        Button("Favorite") { favourites.insert(item) }
                    }
            }
        }
        .navigationTitle("Pantry")
    }
}

/// `tap ROW › ACTION` reaches a row's action by what the row says, with no element number: the
/// way a reader of the device reaches the actions of a row among rows that all have them.
@MainActor
@Suite
struct RowActionTests {
    private func session(_ errors: ErrorLines) throws -> Session {
        let registry = DestinationRegistry()
        try registry.register(PantryNavigation.self, root: .pantry, feature: "pantry") { _, router in Screen(PantryView(), router: router) }
        return Session(
            registry: registry, start: try #require(registry.root(named: "pantry")),
            options: Session.Options(width: 40, virtualTime: true), output: { _ in }, errorOutput: { errors.lines.append($0) }
        )
    }

    final class ErrorLines: @unchecked Sendable { var lines: [String] = [] }

    @Test
    func aRowsActionIsTappedByTheRowsTextAndTheActionsLabel() async throws {
        let errors = ErrorLines()
        let sut = try session(errors)
        await sut.start()

        await sut.execute("tap Bread › Favorite")
        await sut.execute("tap Eggs > delete")
        let screen = sut.current?.text ?? ""
        await sut.execute("tap Delete")
        await sut.execute("tap Butter › Delete")
        await sut.execute("tap Milk › Share")
        await sut.end()

        #expect(screen.contains("Bread ★"), "\(screen)")
        #expect(!screen.contains("Eggs"), "\(screen)")
        #expect(screen.contains("Milk"))
        #expect(errors.lines == [
            "error: tap Delete: 'Delete' matches 2 elements (1 'Delete', 3 'Delete'); tap one by its number\n",
            "error: tap Butter › Delete: no row says 'Butter' on this screen\n",
            "error: tap Milk › Share: no element labelled 'Share' after 'Milk' on this screen\n",
        ], "\(errors.lines)")
    }

    /// Each row's actions are drawn on its line, numbered, as a reader offers them on the row; the
    /// JSON names the row of each action and gives an element's identifier.
    @Test
    func aRowsActionsAreDrawnOnItsLineAndTheJSONNamesTheirRow() async throws {
        let registry = DestinationRegistry()
        try registry.register(PantryNavigation.self, root: .pantry, feature: "pantry") { _, router in
            Screen(PantryView().toolbar { Button("Add") {}.accessibilityIdentifier("pantry.add").accessibilityHint("Adds an item") }, router: router)
        }
        var json: [String] = []
        let sut = Session(
            registry: registry, start: try #require(registry.root(named: "pantry")),
            options: Session.Options(width: 40, format: .json, virtualTime: true), output: { json.append($0) }, errorOutput: { _ in }
        )
        await sut.start()
        let text = TextRenderer(width: 40).draw(try #require(sut.current?.layout))
        await sut.end()

        #expect(text.contains("""
            [1] Add
              Milk (actions: [2] Delete, [3]
                Favorite)
              Bread (actions: [4] Delete, [5]
                Favorite)
            """), "\(text)")
        let line = try #require(json.last)
        #expect(line.contains(#"{"hint":"Adds an item","identifier":"pantry.add","label":"Add","number":1,"type":"button"}"#), "\(line)")
        #expect(!text.contains("Adds an item"), "a hint is left out of the text, as a reader says it only after a pause")
        #expect(line.contains(#"{"text":"Bread","type":"text"},{"label":"Delete","number":4,"row":"Bread","type":"button"}"#), "\(line)")
    }

    /// `show --ids` lists the elements that have an identifier, with their numbers: what a flow's
    /// author needs to address them by a name that does not change with the text.
    @Test
    func showIdsListsTheElementsThatHaveAnIdentifier() async throws {
        let registry = DestinationRegistry()
        try registry.register(PantryNavigation.self, root: .pantry, feature: "pantry") { _, router in
            Screen(PantryView().toolbar { Button("Add") {}.accessibilityIdentifier("pantry.add") }, router: router)
        }
        var written = ""
        let sut = Session(
            registry: registry, start: try #require(registry.root(named: "pantry")),
            options: Session.Options(width: 40), output: { written += $0 }, errorOutput: { _ in }
        )
        await sut.start()
        written = ""
        await sut.execute("show --ids")
        #expect(written == "identifiers:\n  [1] Add  pantry.add\n", "\(written)")
        await sut.execute("tap pantry.add")
        await sut.end()
    }

    /// The kit's own `RowAction` is a row's action as a swipe action is.
    @Test
    func theKitsRowActionIsDrawnOnItsRowsLine() {
        let body: [Node] = [AppHostKit.List { AppHostKit.Text("Milk"); RowAction("Delete") {} }.node]
        let text = TextRenderer(width: 40).render(body: body, breadcrumbs: []).text
        #expect(text.contains("  Milk (actions: [1] Delete)\n"), "\(text)")
    }

    /// A tap by number on an action many rows share is kept (in a journey of the views' layers)
    /// with its row: `tap 4` on Bread's Delete is `tap Bread › Delete`, which taps the same element.
    @Test
    func aSharedActionTappedByNumberIsKeptWithItsRow() async throws {
        let sut = try session(ErrorLines())
        await sut.start()
        let layer = try #require(sut.current?.layout.layers.last)
        let actions = layer.actions.map(\.label)
        let breadDelete = try #require(actions.indices.filter { actions[$0] == "Delete" }.dropFirst().first)

        #expect(Session.row(of: breadDelete, label: "Delete", in: layer) == "Bread")
        #expect(Session.row(of: 0, label: actions[0], in: layer) == "Milk")
        await sut.end()
    }
}

/// Two search fields, as a screen with a scoped search has: labels of several words.
struct FinderView: View {
    @State private var recipes = ""
    @State private var anything = ""

    var body: some View {
        Form {
            TextField("Search recipes", text: $recipes)
            TextField("Search", text: $anything)
        }
        .navigationTitle("Finder")
    }
}

/// `type` takes a field's label of several words, as the line starts with it or in double quotes.
@MainActor
@Suite
struct TypingByLabelTests {
    @Test
    func aLabelOfSeveralWordsIsTheLongestTheLineStartsWith() async throws {
        let registry = DestinationRegistry()
        try registry.register(PantryNavigation.self, root: .pantry, feature: "finder") { _, router in Screen(FinderView(), router: router) }
        var errors: [String] = []
        let sut = Session(
            registry: registry, start: try #require(registry.root(named: "pantry")),
            options: Session.Options(width: 50, virtualTime: true), output: { _ in }, errorOutput: { errors.append($0) }
        )
        await sut.start()
        await sut.execute("type Search recipes tiramisu cake")
        await sut.execute("type search rick")
        let screen = sut.current?.text ?? ""
        await sut.execute(#"type "Search recipes" "two  spaces""#)
        let quoted = sut.current?.text ?? ""
        await sut.execute(#"type "Search recipes""#)
        await sut.end()

        #expect(screen.contains("[1] Search recipes: tiramisu cake_") && screen.contains("[2] Search: rick_"), "\(screen)")
        #expect(quoted.contains("[1] Search recipes: two  spaces_"), "\(quoted)")
        #expect(errors == [#"error: type "Search recipes": type needs a field and a text, e.g. type "Search recipes" tiramisu"# + "\n"], "\(errors)")
    }
}

enum ShelfNoteNavigation: Navigation {
    case notes
    case note

    static let routeName = "notes"
}

/// A screen with no title has none, as its navigation bar on a device: its route never stands in,
/// in the header, the breadcrumbs or the crawl.
@MainActor
@Suite
struct UntitledScreenTests {
    @Test
    func aScreenWithNoTitleHasNoneAndIsNoCrumb() async throws {
        let registry = DestinationRegistry()
        try registry.register(ShelfNoteNavigation.self, root: .notes, feature: "notes") { destination, router in
            switch destination {
            case .notes: Screen { Title("Notes"); Link("A note", to: ShelfNoteNavigation.note) }
            case .note: Screen { AppHostKit.Text("Buy milk") }
            }
        }
        var written = ""
        let sut = Session(
            registry: registry, start: try #require(registry.root(named: "notes")),
            options: Session.Options(width: 30), output: { written += $0 }, errorOutput: { _ in }
        )
        await sut.start()
        await sut.execute("tap A note")
        await sut.end()

        let rule = String(repeating: "═", count: 30), thin = String(repeating: "─", count: 30)
        #expect(written.hasSuffix("\(rule)\nNotes ›\n\(thin)\nBuy milk\n\(rule)\n"), "the trail leads past Notes: \(written)")
        #expect(!written.contains("notes/note"), "\(written)")
        let node = CrawlNode(link: "notes/main>notes/note", key: "notes/note", title: "", route: "notes/note", presented: 0, stack: 1, count: 2)
        let reached = CrawlReport.Reached(node: node, path: ["tap 1 (A note)"], edges: [])
        #expect(reached.line == "  notes/note  tap 1 (A note)")
    }

    /// A destination may name the title its screen has while the view names none: a detail that
    /// is still loading, a screen with no `navigationTitle`.
    @Test
    func aFallbackTitleTheDestinationNamesStandsInUntilTheViewNamesOne() async throws {
        let registry = DestinationRegistry()
        try registry.register(TitledNoteNavigation.self, root: .notes, feature: "notes") { destination, router in
            switch destination {
            case .notes: Screen { Title("Notes"); Link("A note", to: TitledNoteNavigation.note); Link("Draft", to: TitledNoteNavigation.draft) }
            case .note: Screen { AppHostKit.Text("Buy milk") }
            case .draft: Screen { Title("Shopping"); AppHostKit.Text("Eggs") }
            }
        }
        var written = ""
        let sut = Session(
            registry: registry, start: try #require(registry.root(named: "titled")),
            options: Session.Options(width: 30), output: { written += $0 }, errorOutput: { _ in }
        )
        await sut.start()
        await sut.execute("tap A note")
        let note = written
        written = ""
        await sut.execute("back")
        await sut.execute("tap Draft")
        await sut.end()

        let rule = String(repeating: "═", count: 30), thin = String(repeating: "─", count: 30)
        #expect(note.hasSuffix("\(rule)\nNote\nNotes › Note\n\(thin)\nBuy milk\n\(rule)\n"), "\(note)")
        #expect(written.hasSuffix("\(rule)\nShopping\nNotes › Shopping\n\(thin)\nEggs\n\(rule)\n"), "the view's own title wins: \(written)")
    }
}

enum TitledNoteNavigation: Navigation {
    case notes
    case note
    case draft

    static let routeName = "titled"

    var fallbackTitle: String? {
        switch self {
        case .notes: nil
        case .note: "Note"
        case .draft: "Draft"
        }
    }
}
