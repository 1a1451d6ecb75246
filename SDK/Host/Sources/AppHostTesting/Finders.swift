// Finders: typed queries over the screen on top, for tests written as teams write them
// (`app.button("Save").tap()`, `app.row("Tiramisu").action("Delete").tap()`).
// - A finder names an element as a flow's `tap` does: by its label, ignoring case (equal, else
//   the start, else a part), or by its identifier.
// - It acts on it by the number the screen gives it, through the same session command.
// - It reports a failure at the test's own line through Swift Testing.

import AppHost
@_spi(Host) import AppHostKit
import Foundation
import Testing

/// An element of the screen on top, as a reader of the device hears it.
public struct ScreenElement: Equatable, Sendable {
    /// What an element is.
    public enum Kind: String, Sendable {
        case button, link, toggle, textField, dialogButton
    }

    public var kind: Kind
    /// Its label, as drawn.
    public var label: String
    /// The number `tap` takes.
    public var number: Int
    /// Its `accessibilityIdentifier`, if it has one.
    public var identifier: String?
    /// A text field's text.
    public var text: String?
    /// Whether a switch is on.
    public var isOn: Bool?
    /// The row it is an action of (a swipe action, a context menu's item).
    public var row: String?
}

/// What a finder looks for.
enum FinderQuery: Sendable {
    case label(String, kinds: Set<ScreenElement.Kind>, noun: String)
    case identifier(String)
    case rowAction(row: String, action: String)
}

/// One element of the screen on top, looked for each time it is read or acted on.
@MainActor
public struct ElementFinder {
    let harness: AppHarness
    let query: FinderQuery
    let sourceLocation: SourceLocation

    /// The element as the screen shows it now, or nil when the screen has none (or more than one).
    public var element: ScreenElement? {
        if case .success(let element) = harness.resolve(query) { element } else { nil }
    }

    /// Whether the screen shows the element now.
    public var exists: Bool { element != nil }

    /// Taps the element, as `tap N` does; returns what the command wrote. A missing element, or an
    /// error the command reports, is recorded as a failure at the test's line.
    @discardableResult
    public func tap() async -> String {
        await act { "tap \($0.number)" }
    }

    /// Flips a switch, as tapping it does.
    @discardableResult
    public func toggle() async -> String {
        await act { element in
            guard element.kind == .toggle else {
                Issue.record("'\(element.label)' is a \(element.kind.rawValue), not a switch", sourceLocation: sourceLocation)
                return nil
            }
            return "tap \(element.number)"
        }
    }

    /// Sets a text field's text, as `type N TEXT` does.
    @discardableResult
    public func type(_ text: String) async -> String {
        await act { element in
            guard element.kind == .textField else {
                Issue.record("'\(element.label)' is a \(element.kind.rawValue), not a text field", sourceLocation: sourceLocation)
                return nil
            }
            return "type \(element.number) \"\(text)\""
        }
    }

    /// Runs the command `command` makes for the element (none when it recorded why not).
    private func act(_ command: (ScreenElement) -> String?) async -> String {
        switch harness.resolve(query) {
        case .failure(let problem):
            Issue.record(Comment(rawValue: problem.description), sourceLocation: sourceLocation)
            return ""
        case .success(let element):
            guard let command = command(element) else { return "" }
            let before = harness.errorLines.count
            let written = await harness.run(command)
            for line in harness.errorLines.dropFirst(before) {
                Issue.record(Comment(rawValue: line.trimmingCharacters(in: .newlines)), sourceLocation: sourceLocation)
            }
            return written
        }
    }
}

/// A row of the screen on top, found by what it says; its actions are its swipe actions and
/// context menu's items.
@MainActor
public struct RowFinder {
    let harness: AppHarness
    let text: String
    let sourceLocation: SourceLocation

    /// The row's action labelled `label` (`app.row("Tiramisu").action("Delete")`).
    public func action(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) -> ElementFinder {
        ElementFinder(harness: harness, query: .rowAction(row: text, action: label), sourceLocation: sourceLocation)
    }
}

extension AppHarness {
    /// A button (or a link, or an alert's button) labelled `label`.
    public func button(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) -> ElementFinder {
        ElementFinder(harness: self, query: .label(label, kinds: [.button, .link, .dialogButton], noun: "button"), sourceLocation: sourceLocation)
    }

    /// A text field labelled `label`.
    public func textField(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) -> ElementFinder {
        ElementFinder(harness: self, query: .label(label, kinds: [.textField], noun: "text field"), sourceLocation: sourceLocation)
    }

    /// A switch labelled `label`.
    public func toggle(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) -> ElementFinder {
        ElementFinder(harness: self, query: .label(label, kinds: [.toggle], noun: "switch"), sourceLocation: sourceLocation)
    }

    /// The element whose `accessibilityIdentifier` is `identifier`.
    public func element(id identifier: String, sourceLocation: SourceLocation = #_sourceLocation) -> ElementFinder {
        ElementFinder(harness: self, query: .identifier(identifier), sourceLocation: sourceLocation)
    }

    /// The row that says `text`.
    public func row(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> RowFinder {
        RowFinder(harness: self, text: text, sourceLocation: sourceLocation)
    }

    /// Every numbered element of the screen on top, in reading order.
    public var elements: [ScreenElement] {
        guard let layer = session.current?.layout.layers.last else { return [] }
        let actions = layer.actions
        var found: [ScreenElement] = []
        var row: String?
        for element in layer.elements {
            if !element.isRowAction { row = element.isRow ? element.text : nil }
            let kind: ScreenElement.Kind
            switch element.kind {
            case .button: kind = .button
            case .link: kind = .link
            case .toggle: kind = .toggle
            case .textField: kind = .textField
            case .dialogButton: kind = .dialogButton
            default: continue
            }
            guard let number = layer.number(of: element) else { continue }
            found.append(
                ScreenElement(
                    kind: kind, label: element.text ?? "", number: number,
                    identifier: actions.indices.contains(element.action) ? actions[element.action].identifier : nil,
                    text: kind == .textField ? element.detail : nil, isOn: kind == .toggle ? element.flag : nil,
                    row: element.isRowAction ? row : nil
                )
            )
        }
        return found
    }

    /// The first text of the screen on top (a paragraph, or an element's label) that contains
    /// `text`, ignoring case; nil when none does.
    public func text(containing text: String) -> String? {
        let wanted = text.lowercased()
        return session.current?.layout.layers.last?.elements.lazy.compactMap(\.text).first { $0.lowercased().contains(wanted) }
    }

    /// The element `query` names, or why there is none, as a flow's `tap` would say it.
    func resolve(_ query: FinderQuery) -> Result<ScreenElement, FinderProblem> {
        let all = elements
        switch query {
        case .identifier(let identifier):
            guard let element = all.first(where: { $0.identifier == identifier }) else {
                return .failure(FinderProblem("no element with the identifier '\(identifier)' on this screen"))
            }
            return .success(element)
        case .label(let label, let kinds, let noun):
            let candidates = all.filter { kinds.contains($0.kind) }
            switch Session.match(label, in: candidates.map(\.label)) {
            case .one(let index):
                return .success(candidates[index])
            case .several(let indices):
                let named = indices.prefix(8).map { "\(candidates[$0].number) '\(candidates[$0].label)'" }.joined(separator: ", ")
                return .failure(FinderProblem("'\(label)' matches \(indices.count) of this screen's \(noun)s (\(named))"))
            case .none:
                let labels = candidates.prefix(8).map { "'\($0.label)'" }.joined(separator: ", ")
                return .failure(FinderProblem("no \(noun) labelled '\(label)' on this screen (\(labels.isEmpty ? "none" : labels))"))
            }
        case .rowAction(let row, let action):
            var rows: [String] = []
            for element in all { if let said = element.row, !rows.contains(said) { rows.append(said) } }
            let named: String
            switch Session.match(row, in: rows) {
            case .one(let index): named = rows[index]
            case .several(let indices):
                return .failure(FinderProblem("'\(row)' names \(indices.count) rows (\(indices.prefix(8).map { "'\(rows[$0])'" }.joined(separator: ", "))); name one by more of its text"))
            case .none:
                return .failure(FinderProblem("no row with actions says '\(row)' on this screen"))
            }
            let actions = all.filter { $0.row == named }
            guard case .one(let index) = Session.match(action, in: actions.map(\.label)) else {
                let labels = actions.map { "'\($0.label)'" }.joined(separator: ", ")
                return .failure(FinderProblem("the row '\(named)' has no one action labelled '\(action)' (its actions: \(labels))"))
            }
            return .success(actions[index])
        }
    }
}

/// Why a finder found nothing.
struct FinderProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
