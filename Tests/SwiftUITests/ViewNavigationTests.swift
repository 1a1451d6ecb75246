@_spi(Host) import AppHostKit
import SwiftUI
import Testing

/// Navigation the views own (a stack's path, links, sheets, alerts, tabs, a list's selection): drawn
/// as on a device, and named as layers the session can show and close (`Screen.viewLayers`).
@MainActor
struct ViewNavigationTests {
    @Test
    func aStacksPathBindingPushesEachValueAndClosingALayerRemovesItFromThePath() async throws {
        let screen = Screen(PathStackView())
        #expect(screen.body.texts == ["Numbers", "Push 1", "Open 2", "path []"])
        #expect(screen.layers.isEmpty)

        try await screen.press("Push 1")
        #expect(screen.body.texts == ["number 1", "Open 3", "Share", "Back"])
        try await screen.press("Open 3")
        #expect(screen.body.texts == ["number 3", "Open 3", "Back"])
        #expect(screen.layers == [#"push "1""#, #"push "3""#], "a pushed view with no title is named by its value")

        screen.closeTop()
        #expect(screen.body.texts == ["number 1", "Open 3", "Share", "Back"], "closing the top push removes the path's last value")
        try await screen.press("Back")
        #expect(screen.body.texts == ["Numbers", "Push 1", "Open 2", "path []"])
    }

    @Test
    func aNavigationPathHoldsValuesOfAnyTypeAndATypedPathRefusesALinkOfAnother() async throws {
        let screen = Screen(MixedPathView())
        try await screen.press("Word")
        try await screen.press("Number")
        #expect(screen.layers == [#"push "Word""#, #"push "7""#], "named by the title the view shows, else by its value")

        let typed = Screen(PathStackView())
        try await typed.press("Push 1")
        let link = typed.body.flattened.first { $0.label == "Text" }
        #expect(link == nil, "the pushed view has no link to a String")
        let refused = Screen(WrongTypeLinkView()).body.flattened.first { $0.label == "Pear" }
        guard case .link(_, nil, let failure?)? = refused else {
            Issue.record("a link to a String in a path of Int is drawn as \(String(describing: refused))")
            return
        }
        #expect(failure == "the NavigationStack's path holds no String values")
    }

    @Test
    func aPushHidesTheViewsUnderItUntilItIsPopped() async throws {
        let log = Log()
        let screen = Screen(PathStackView(log: log))
        await screen.drawAndRunWork()
        #expect(log.lines == ["root appears"])
        try await screen.press("Push 1")
        await screen.drawAndRunWork()
        #expect(log.lines == ["root appears", "root disappears"])
        screen.closeTop()
        await screen.drawAndRunWork()
        #expect(log.lines == ["root appears", "root disappears", "root appears"])
    }

    @Test
    func siblingsAppearInTheTreesOrder() async throws {
        let log = Log()
        let screen = Screen(ManySiblings(log: log))
        await screen.drawAndRunWork()
        #expect(log.lines == (0..<24).map { "appear \($0)" })
    }

    @Test
    func aTabViewShowsTheSelectedTabKeepsEachTabsStateAndWritesItsSelection() async throws {
        let log = Log()
        let screen = Screen(TabsView(log: log))
        await screen.drawAndRunWork()
        #expect(screen.body.texts == ["first 0", "Add", "First", "Second", "selected first"])
        #expect(screen.layers == [#"tab "First""#])
        try await screen.press("Add")
        try await screen.tapToggle("Second")
        await screen.drawAndRunWork()
        #expect(screen.body.texts == ["second", "First", "Second", "selected second"])
        #expect(screen.layers == [#"tab "Second""#])
        #expect(log.lines == ["first appears", "first disappears"])
        try await screen.tapToggle("First")
        await screen.drawAndRunWork()
        #expect(screen.body.texts.first == "first 1", "a tab keeps its state while another is shown")
        #expect(log.lines == ["first appears", "first disappears", "first appears"])
    }

    @Test
    func aListsSelectionIsChosenByTappingARow() async throws {
        let screen = Screen(SelectingList())
        try await screen.tapToggle("pear")
        #expect(screen.body.texts.last == "chosen pear")
        try await screen.tapToggle("fig")
        #expect(screen.body.texts.last == "chosen fig")
        let rows = screen.body.flattened.compactMap { node -> String? in
            if case .toggle(let label, let isOn, _) = node { return "\(label) \(isOn)" }
            return nil
        }
        #expect(rows == ["pear false", "fig true"])
    }

    @Test
    func anAlertIsClosedByItsCancelButtonAndOneWithoutCannotBeClosedFromOutside() async throws {
        let log = Log()
        let screen = Screen(AlertsView(log: log))
        try await screen.press("Ask")
        #expect(screen.layers == [#"alert "Delete it?""#])
        screen.closeTop()
        #expect(log.lines == ["cancelled"], "closing an alert presses its cancel button")
        #expect(screen.body.texts.contains("Ask"))

        try await screen.press("Insist")
        #expect(screen.layers == [#"alert "Choose""#])
        #expect(screen.topLayer?.close == nil, "an alert with no cancel button is closed only by its buttons")

        let dialog = Screen(PresentingView())
        try await dialog.tap("Ask")
        #expect(dialog.layers == [#"dialog "Really?""#])
        dialog.closeTop()
        #expect(dialog.body.texts == ["Pick", "Ask"], "a confirmation dialog is cancelled by the system's own Cancel")
    }

    @Test
    func anAlertPresentingNothingIsNotShown() async throws {
        let screen = Screen(AlertsView(log: Log()))
        try await screen.press("Ask about nothing")
        #expect(screen.layers.isEmpty)
        #expect(screen.body.texts.contains("Ask"))
    }

    @Test
    func aSheetFromAPushedViewIsALayerAboveItAndEachCloses() async throws {
        let screen = Screen(PathStackView())
        try await screen.press("Push 1")
        try await screen.press("Share")
        #expect(screen.layers == [#"push "1""#, #"sheet "Sharing 1""#])
        screen.closeTop()
        #expect(screen.layers == [#"push "1""#])
    }
}

extension ViewNavigationTests {
    @Test
    func eachKindOfPresentationIsALayerAndClosingItWritesItsBinding() async throws {
        let log = Log()
        let screen = Screen(EveryPresentation(log: log))
        for (button, layer) in [
            ("Cover", #"cover "Covered""#), ("Popover", #"popover "popover""#), ("Flag", #"push "Flagged""#),
            ("Item", #"push "pear""#), ("Sheet item", #"sheet "Sheet fig""#), ("Confirm", #"dialog "Sure?""#),
        ] {
            try await screen.press(button)
            #expect(screen.layers == [layer], "\(button)")
            screen.closeTop()
            #expect(screen.layers.isEmpty, "closing \(layer) writes the state that presented it")
        }
        #expect(log.lines == ["cover dismissed", "sheet dismissed"], "onDismiss runs when the host closes a sheet or a cover")
    }
}

struct EveryPresentation: View {
    let log: Log
    @State private var covers = false
    @State private var pops = false
    @State private var flagged = false
    @State private var item: String?
    @State private var sheetItem: Fruit?
    @State private var confirms = false

    var body: some View {
        VStack {
            Button("Cover") { covers = true }
            Button("Popover") { pops = true }
            Button("Flag") { flagged = true }
            Button("Item") { item = "pear" }
            Button("Sheet item") { sheetItem = Fruit(id: "fig") }
            Button("Confirm") { confirms = true }
        }
        .fullScreenCover(isPresented: $covers, onDismiss: { log.lines.append("cover dismissed") }) {
            Text("cover").navigationTitle("Covered")
        }
        .popover(isPresented: $pops) { Text("popover") }
        .navigationDestination(isPresented: $flagged) { Text("flag").navigationTitle("Flagged") }
        .navigationDestination(item: $item) { value in Text("item \(value)") }
        .sheet(item: $sheetItem, onDismiss: { log.lines.append("sheet dismissed") }) { fruit in
            Text("fruit").navigationTitle("Sheet \(fruit.id)")
        }
        .confirmationDialog("Sure?", isPresented: $confirms, presenting: "data") { value in
            Button("Yes, \(value)") {}
        }
    }
}

extension Screen {
    /// The layers its views own, as a drawing now finds them (`viewLayers` is the last drawing's).
    var layers: [String] {
        _ = body
        return viewLayers.map(\.description)
    }

    var topLayer: ViewLayer? {
        _ = body
        return viewLayers.last
    }

    /// Closes the top layer, as `back` and `dismiss` do.
    func closeTop() {
        topLayer?.close?()
    }

    /// Presses the button labelled `label`, wherever it is drawn.
    func press(_ label: String) async throws {
        guard let node = body.flattened.first(where: { $0.label == label }), case .button(_, let button) = node else {
            throw NotFound(description: "no button '\(label)' in \(body.texts)")
        }
        await button.perform()
    }
}

struct PathStackView: View {
    var log = Log()
    @State private var path: [Int] = []

    var body: some View {
        NavigationStack(path: $path) {
            VStack {
                Text("Numbers")
                Button("Push 1") { path.append(1) }
                NavigationLink("Open 2", value: 2)
                Text("path \(path)")
            }
            .onAppear { log.lines.append("root appears") }
            .onDisappear { log.lines.append("root disappears") }
            .navigationDestination(for: Int.self) { number in
                NumberView(number: number)
            }
        }
    }
}

struct NumberView: View {
    let number: Int
    @State private var shares = false

    var body: some View {
        Text("number \(number)")
        NavigationLink("Open 3", value: 3)
        if number == 1 {
            Button("Share") { shares = true }
                .sheet(isPresented: $shares) {
                    Text("Sharing \(number)").navigationTitle("Sharing \(number)")
                }
        }
    }
}

struct MixedPathView: View {
    @State private var path = NavigationPath()

    var body: some View {
        NavigationStack(path: $path) {
            Button("Word") { path.append("pear") }
                .navigationDestination(for: String.self) { word in
                    Text("word \(word)").navigationTitle("Word")
                    Button("Number") { path.append(7) }
                }
                .navigationDestination(for: Int.self) { number in Text("number \(number)") }
        }
    }
}

struct WrongTypeLinkView: View {
    @State private var path: [Int] = []

    var body: some View {
        NavigationStack(path: $path) {
            NavigationLink("Pear", value: "pear")
        }
    }
}

struct ManySiblings: View {
    let log: Log

    var body: some View {
        VStack {
            ForEach(0..<24) { index in
                Text("row \(index)").onAppear { log.lines.append("appear \(index)") }
            }
        }
    }
}

enum TabName: Hashable {
    case first, second
}

struct TabsView: View {
    let log: Log
    @State private var selection = TabName.first

    var body: some View {
        TabView(selection: $selection) {
            FirstTab(log: log)
                .tabItem { Label("First", systemImage: "1.circle") }
                .tag(TabName.first)
            Text("second")
                .tabItem { Text("Second") }
                .tag(TabName.second)
        }
        Text("selected \(selection == .first ? "first" : "second")")
    }
}

struct FirstTab: View {
    let log: Log
    @State private var count = 0

    var body: some View {
        VStack {
            Text("first \(count)")
            Button("Add") { count += 1 }
        }
        .onAppear { log.lines.append("first appears") }
        .onDisappear { log.lines.append("first disappears") }
    }
}

struct SelectingList: View {
    @State private var chosen: String?

    var body: some View {
        List(selection: $chosen) {
            ForEach(["pear", "fig"], id: \.self) { fruit in
                Text(fruit)
            }
        }
        Text("chosen \(chosen ?? "none")")
    }
}

struct AlertsView: View {
    let log: Log
    @State private var asks = false
    @State private var insists = false
    @State private var asksAboutNothing = false

    var body: some View {
        Button("Ask") { asks = true }
        Button("Insist") { insists = true }
        Button("Ask about nothing") { asksAboutNothing = true }
            .alert("Delete it?", isPresented: $asks) {
                Button("Delete", role: .destructive) { log.lines.append("deleted") }
                Button("Cancel", role: .cancel) { log.lines.append("cancelled") }
            }
            .alert("Choose", isPresented: $insists) {
                Button("This") {}
                Button("That") {}
            }
            .alert("About", isPresented: $asksAboutNothing, presenting: Optional<String>.none) { value in
                Button(value) {}
            }
    }
}

/// A screen's size is bounded while it is built: a ForEach of a million rows builds 100,000, a
/// Text of megabytes draws its first one; each bound is said on the screen.
@MainActor
struct ScreenBoundTests {
    @Test
    func aForEachOfAMillionRowsBuildsOnlyWhatAScreenMayHold() {
        let screen = Screen(MillionRows())
        let body = screen.body
        #expect(body.count == ForEach<Range<Int>, Int, SwiftUI.Text>.maximumRows + 1)
        #expect(body.last?.summary == "error(\"a ForEach of 1000000 rows is drawn to its first 100000 (ForEach.maximumRows)\")")
    }

    @Test
    func aTextOfMegabytesIsCutAtItsBound() {
        let screen = Screen(SwiftUI.Text(String(repeating: "é", count: 2_000_000)))
        let body = screen.body
        guard case .text(let shown)? = body.first else {
            Issue.record("\(body.prefix(1))")
            return
        }
        #expect(shown.utf8.count <= SwiftUI.Text.maximumBytes + 4)
        #expect(shown.hasSuffix(" …"))
        #expect(body.last?.summary == "error(\"a Text of 4000000 bytes is drawn to its first 1048576 (Text.maximumBytes)\")")
    }
}

struct MillionRows: View {
    var body: some View {
        ForEach(0..<1_000_000) { index in
            Text("row \(index)")
        }
    }
}

/// A view whose body draws itself `levels` times over, each inside a section and a stack.
struct Nested: View {
    let levels: Int

    var body: some View {
        if levels > 0 {
            Section("level \(levels)") {
                VStack { Nested(levels: levels - 1) }
            }
        } else {
            Text("bottom")
        }
    }
}

extension ScreenBoundTests {
    @Test
    func aBodyThatDrawsItselfTenThousandDeepIsCutNotCrashed() {
        let body = Screen(Nested(levels: 10_000)).body
        let texts = body.texts
        #expect(!texts.contains("bottom"))
        #expect(body.flattenedErrors.first?.hasPrefix("Nested is drawn more than 1024 views deep") == true, "\(body.flattenedErrors.prefix(1))")
        let shallow = Screen(Nested(levels: 40)).body
        #expect(shallow.texts.contains("bottom"), "a deep real screen is drawn whole")
    }
}

extension [Node] {
    /// The error lines among these nodes and their children, in order.
    var flattenedErrors: [String] {
        flatMap { node -> [String] in
            switch node {
            case .error(let text): [text]
            case .list(let nodes), .group(let nodes), .section(_, let nodes): nodes.flattenedErrors
            default: []
            }
        }
    }
}
