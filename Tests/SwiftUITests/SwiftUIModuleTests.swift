@_spi(Host) import AppHostKit
import SwiftUI
import Testing

/// The SwiftUI module drawing views as the host sees them: their elements, the work they name as
/// they appear and change, and their actions. (Sessions drive them end to end in the Gallery's flow.)
@MainActor
struct SwiftUIModuleTests {
    @Test
    func stateIsKeptBetweenDrawingsAndABindingWritesItBack() async throws {
        let screen = Screen(CounterView())
        #expect(screen.body.texts == ["Count: 0", "Add", "Reset 0"])
        try await screen.tap("Add")
        try await screen.tap("Add")
        #expect(screen.body.texts == ["Count: 2", "Add", "Reset 2"])
        try await screen.tap("Reset 2")
        #expect(screen.body.texts == ["Count: 0", "Add", "Reset 0"])
    }

    @Test
    func stateInsideAPropertyOfTheFeaturesOwnInAGenericViewAndInAClassIsKept() async throws {
        let screen = Screen(MadeAgain())
        try await screen.tap("Tap 7")
        try await screen.tap("Edit seven")
        try await screen.tap("Edit seven")
        try await screen.tap("Class count 0")
        #expect(screen.body.texts == [
            "7: 1 taps, draft '' after 0 edits", "Tap 7", "Edit 7",
            "seven: 0 taps, draft 'xx' after 2 edits", "Tap seven", "Edit seven",
            "Class count 1",
        ])
    }

    @Test
    func appearTaskChangeAndDisappearAreNamedAsWorkOnceEach() async throws {
        let log = Log()
        let screen = Screen(LifecycleView(log: log))
        await screen.drawAndRunWork()
        #expect(log.lines == ["appear", "task a"])
        await screen.drawAndRunWork()
        #expect(log.lines == ["appear", "task a"], "a drawing that shows the same names no work")

        try await screen.type("Query", "b")
        await screen.drawAndRunWork()
        #expect(log.lines == ["appear", "task a", "submit b", "change a → b", "task b"], "a change runs at once; a task starts beside")

        try await screen.tapToggle("Child")
        await screen.drawAndRunWork()
        #expect(log.lines.last == "disappear")
    }

    @Test
    func environmentKeysAndObjectsReachTheViewsAndModifiersBelow() {
        let basket = Basket()
        let screen = Screen(EnvironmentReader().environment(\.palette, Palette(name: "dusk")).environment(basket))
        #expect(screen.body.texts == ["frame dusk", "palette dusk, 1 item"])
        basket.items.append("pear")
        #expect(screen.body.texts == ["frame dusk", "palette dusk, 2 item"])
    }

    @Test
    func aSheetAndADialogCoverTheScreenAndDismissEndsThem() async throws {
        let screen = Screen(PresentingView())
        try await screen.tap("Pick")
        #expect(screen.body.texts == ["sheet pear", "Close"])
        try await screen.tap("Close")
        #expect(screen.body.texts == ["Pick", "Ask"])
        try await screen.tap("Ask")
        #expect(screen.body.texts == ["Really?", "It cannot be undone.", "Yes"])
        try await screen.tap("Yes")
        #expect(screen.body.texts == ["Pick", "Ask"], "a dialog's button also dismisses it")
    }

    @Test
    func aValueLinkPushesTheViewItsDestinationMakes() async throws {
        let screen = Screen(PushingView())
        try await screen.tap("Open pear")
        #expect(screen.body.texts == ["detail pear", "Back"])
        try await screen.tap("Back")
        #expect(screen.body.texts == ["Open pear"])
    }

    @Test
    func controlsDrawAsTheElementsAFlowUses() async throws {
        let screen = Screen(ControlsView())
        let body = screen.body
        guard case .section("Size", let choices) = body[0] else {
            Issue.record("the picker is not a section: \(body[0])")
            return
        }
        #expect(choices.map(\.summary) == ["toggle Small off", "toggle Medium on"])
        #expect(body[1].summary == "field Password •••")
        #expect(body.dropFirst(4).map(\.summary) == [
            "section More: button Share", "link Website: it opens https://example.org, outside the app",
            "text Disabled (disabled)", "button Delete", "text Rated",
        ])
        try await screen.tapToggle("Small")
        try await screen.type("Amount", "12")
        #expect(screen.body.texts.contains("amount 12"))
        try await screen.type("Amount", "twelve")
        #expect(screen.body.texts.contains("amount 12"), "text the format cannot read leaves the value")
        guard case .section(_, let after) = screen.body[0] else { return }
        #expect(after.map(\.summary) == ["toggle Small on", "toggle Medium off"])
    }
}

extension SwiftUIModuleTests {
    @Test
    func everyListedViewModifierAndWrapperCompilesAndDraws() async throws {
        let screen = Screen(EveryListedAPI())
        let texts = screen.body.texts

        #expect(texts.first == "Everything")
        for shown in ["Hello, Rick", "layered", "lazy 1", "one two", "on", "first one", "erased", "Favourites", "Rows", "Delete one", "Copy two",
                      "Name", "Password", "Enabled", "Choice", "Count: 1", "Nothing", "Website", "More", "Share", "Tapped 0 (disabled)",
                      "Tap me 0", "Settings", "scheme light", "overlaid", "Search", "Done", "Refresh"] {
            #expect(texts.contains(shown), "\(shown) is not drawn: \(texts)")
        }
        #expect(!texts.contains("Secret"))
        try await screen.tap("Tap me 0")
        #expect(screen.body.texts.contains("Tap me 1"))
        try await screen.tap("Open sheet")
        #expect(screen.body.texts == ["sheet two"])
    }
}

struct NotFound: Error, CustomStringConvertible {
    let description: String
}

extension Screen {
    /// Draws the screen and runs the work its views named, as a session does after a command.
    func drawAndRunWork() async {
        _ = body
        for work in takeViewWork() { work() }
        // Let the tasks the work started run.
        for _ in 0..<10 { await Task.yield() }
    }

    /// Taps the button `label`; `at` picks one of several of that name, in drawing order.
    func tap(_ label: String, at position: Int = 0) async throws {
        let matches = body.flattened.filter { $0.label == label }
        guard position < matches.count, case .button(_, let button) = matches[position]
        else {
            throw NotFound(description: "no button '\(label)' in \(body.texts)")
        }
        await button.perform()
    }

    func tapToggle(_ label: String) async throws {
        guard let node = body.flattened.first(where: { $0.label == label }), case .toggle(_, let isOn, let toggle) = node else {
            throw NotFound(description: "no switch '\(label)' in \(body.texts)")
        }
        await toggle.perform(!isOn)
    }

    func type(_ label: String, _ text: String) async throws {
        guard let node = body.flattened.first(where: { $0.label == label }), case .textField(_, _, let field) = node else {
            throw NotFound(description: "no field '\(label)' in \(body.texts)")
        }
        await field.perform(text)
    }
}

extension Node {
    var label: String? {
        switch self {
        case .button(let label, _), .toggle(let label, _, _), .textField(let label, _, _), .link(let label, _, _): label
        default: nil
        }
    }

    var summary: String {
        switch self {
        case .text(let text): "text \(text)"
        case .button(let label, _): "button \(label)"
        case .toggle(let label, let isOn, _): "toggle \(label) \(isOn ? "on" : "off")"
        case .textField(let label, let text, _): "field \(label) \(text)"
        case .link(let label, _, let failure): "link \(label): \(failure ?? "route")"
        case .section(let header, let nodes): "section \(header ?? ""): \(nodes.map(\.summary).joined(separator: ", "))"
        default: "\(self)"
        }
    }
}

extension [Node] {
    var flattened: [Node] {
        flatMap { node -> [Node] in
            switch node {
            case .list(let nodes), .group(let nodes), .section(_, let nodes), .styled(_, let nodes): nodes.flattened
            default: [node]
            }
        }
    }

    var texts: [String] {
        flatMap { node -> [String] in
            switch node {
            case .title(let text), .text(let text), .error(let text), .progress(let text): [text]
            case .button(let text, _), .toggle(let text, _, _), .textField(let text, _, _), .link(let text, _, _): [text]
            case .list(let nodes), .group(let nodes), .styled(_, let nodes): nodes.texts
            case .section(let header, let nodes): (header.map { [$0] } ?? []) + nodes.texts
            default: []
            }
        }
    }
}
