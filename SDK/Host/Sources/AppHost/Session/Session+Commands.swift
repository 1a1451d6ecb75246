// The commands a session interprets: navigation through its Navigator, taps and typing.

@_spi(Host) import AppHostKit
@_spi(Host) import AppHostNavigation
import AppHostRuntime
import AppHostSupport
import FoundationEssentials
import Glibc

extension Session {

    /// What a command that may change the screen comes to.
    package enum Step {
        /// It failed, was reported, and changed nothing.
        case failed
        /// It changed the navigation state.
        case navigated
        /// A view model's action is to run.
        case model(ModelAction)
    }

    /// Carries out a command as far as it goes without waiting: navigation is done here; a view
    /// model's action is returned to be awaited.
    package func step(for command: SessionCommand, text: String) -> Step {
        switch command {
        case .tap(let target):
            guard let action = action(for: target, command: text) else { return .failed }
            switch action {
            case .button(_, let button):
                return .model(.button(button))
            case .toggle(_, let isOn, let toggle):
                return .model(.toggle(toggle, !isOn))
            default:
                return follow(action, command: text) ? .navigated : .failed
            }
        case .type(var target, var value):
            // `type Search recipes tiramisu`: the longest field label the line starts with.
            if case .label(let first) = target, let named = fieldLabel(startingLine: first + " " + value) {
                target = .label(named.label)
                value = named.text
            }
            guard let action = action(for: target, command: text) else { return .failed }
            guard case .textField(_, _, let field) = action else {
                _ = fail("\(text): '\(action.label)' is not a text field; use tap")
                return .failed
            }
            return .model(.textField(field, value))
        default:
            return navigate(command, text: text) ? .navigated : .failed
        }
    }

    /// The text field whose label of more than one word `line` starts with (the longest, ignoring
    /// case), and the text after it; nil when none does, and the first word is the label.
    package func fieldLabel(startingLine line: String) -> (label: String, text: String)? {
        let lowered = line.lowercased()
        var best: String?
        for element in current?.layout.layers.last?.elements ?? [] where element.kind == .textField {
            guard let label = element.text, label.contains(" "), label.count > (best?.count ?? 0),
                lowered.hasPrefix(label.lowercased() + " ")
            else { continue }
            best = label
        }
        guard let best else { return nil }
        let rest = String(line.dropFirst(best.count + 1)).trimmingSpaces
        return rest.isEmpty ? nil : (best, SessionCommand.typedText(rest))
    }

    /// A view model's action that a command runs.
    package enum ModelAction {
        case button(ButtonAction)
        case toggle(ToggleAction, Bool)
        case textField(TextFieldAction, String)
    }

    /// Carries out a command that only navigates; false if it failed and nothing changed.
    /// Taps and typing are ``step(for:text:)``'s.
    package func navigate(_ command: SessionCommand, text: String) -> Bool {
        do throws(NavigationCommandError) {
            switch command {
            case .back:
                if let closed = closeViewLayer(command: text) { return closed }
                try navigator.back()
            case .root:
                closeViewLayers()
                navigator.backToRoot()
                closeViewLayers()
            case .dismiss:
                if let closed = closeViewLayer(command: text) { return closed }
                try navigator.dismiss()
            case .pop(let target):
                guard let route = resolveReporting(target, command: text) else { return false }
                try navigator.pop(to: route)
            case .replace(let targets):
                var routes: [Route] = []
                for target in targets {
                    guard let route = resolveReporting(target, command: text) else { return false }
                    routes.append(route)
                }
                navigator.replaceStack(routes)
            default:
                return navigateFurther(command, text: text)
            }
        } catch {
            return fail(Self.message(for: error, command: text))
        }
        return true
    }

    /// Closes the layer on top that the screen's views own (a pushed view, a sheet, an alert), as
    /// SwiftUI's `dismiss` does: it writes the state that presented it. True if it did. False if it
    /// cannot be closed (said). Nil if the views own no layer there (the Router's top is next).
    private func closeViewLayer(command: String) -> Bool? {
        guard !navigator.showsDialogOnTop, let layer = viewLayers.last(where: { $0.kind != .tab }) else { return nil }
        guard let close = layer.close else {
            return fail("\(command): the \(layer.description) cannot be closed but by one of its own buttons (it has none of role .cancel)")
        }
        close()
        return true
    }

    /// Closes every layer the top screen's views own, top first, drawing the views again after
    /// each (what a layer's closing changes decides what is below it); at most ``ScreenStore/maximumLoadRounds``.
    private func closeViewLayers() {
        for _ in 0..<ScreenStore.maximumLoadRounds {
            guard let screen = screens.topScreen(navigator), let layer = screen.viewLayers.last(where: { $0.kind != .tab }), let close = layer.close else { return }
            close()
            _ = screen.body
        }
    }

    /// What a navigation command that did nothing says, after the command.
    private static func message(for error: NavigationCommandError, command: String) -> String {
        switch error {
        case .atFirstScreen(let root):
            return "back: already at the first screen (\(root))"
        case .nothingPresented:
            return "dismiss: nothing is presented"
        case .notInStack(let route, let stack):
            let shown = stack.suffix(8).map(\.description).joined(separator: " › ")
            return "\(command): \(route) is not in the stack (\(stack.count > 8 ? "… › " : "")\(shown))"
        }
    }

    /// Opens the URLs the app's code opened during the command (`openURL`,
    /// `UIApplication.shared.open`), in order, as a device would.
    /// - One of the app's own opens as `open URL` does: a link a feature resolves, or one its
    ///   views take with `.onOpenURL`.
    /// - A web, mail or phone link leaves the app, which the session says in a note.
    package func openURLsTheAppOpened() async {
        var urls = jobs.openedURLs.withLock { urls in
            defer { urls.removeAll() }
            return urls
        }
        guard !urls.isEmpty else { return }
        if urls.count > SessionJobs.maximumOpenedURLs {
            report("\(runningCommand): the app opened \(urls.count) URLs; the first \(SessionJobs.maximumOpenedURLs) are opened (SessionJobs.maximumOpenedURLs)")
            urls = Array(urls.prefix(SessionJobs.maximumOpenedURLs))
        }
        for url in urls {
            let scheme = url.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
            if ["http", "https", "mailto", "tel", "sms", "facetime"].contains(scheme) {
                writeError("note: \(runningCommand): the app opened \(url.visible) (outside the app: a device hands it to the system)\n")
                continue
            }
            if navigateFurther(.open(url), text: "open \(url)") { await refresh() }
        }
    }

    /// Tabs and links: the navigation commands that are not the navigator's alone.
    package func navigateFurther(_ command: SessionCommand, text: String) -> Bool {
        switch command {
        case .tab(let target):
            return selectTab(target, command: text)
        case .open(let link):
            // A URL no feature resolves goes to the views that asked for URLs (`.onOpenURL`), as on a device.
            if let url = DeepLinkURL(parsing: link), (try? navigator.registry.resolve(url: url)) == nil,
                let screen = screens.topScreen(navigator), screen.openURL(link)
            {
                return true
            }
            do {
                try navigator.open(link)
            } catch {
                let failed = fail("open \(link): \(error.described(within: link))")
                // A URL no handler resolves has opened the not-found destination: that is a change.
                return DeepLinkURL(parsing: link) != nil ? true : failed
            }
        default:
            return false
        }
        return true
    }

    /// Follows a link or a dialog's button; a text field is not tapped but typed into.
    package func follow(_ action: ScreenAction, command: String) -> Bool {
        switch action {
        case .link(_, let destination?, _):
            navigator.follow(destination)
        case .link(let label, nil, let failure):
            return fail("\(command): link '\(label)' has no valid destination: \(failure ?? "unknown")")
        case .dialogButton(let button, let depth):
            navigator.press(button, depth: depth)
        case .textField(let label, _, _):
            return fail("\(command): '\(label)' is a text field; use type \(label) TEXT")
        case .button, .toggle:
            return false  // a view model's action: step(for:text:) returns it to be awaited
        }
        return true
    }

    package func action(for target: SessionCommand.Target, command: String) -> ScreenAction? {
        switch target {
        case .number(let number):
            guard let action = current?.layout.action(number: number) else {
                let count = current?.layout.actionCount ?? 0
                let range = count == 0 ? "it has none" : "it has 1–\(count)"
                _ = fail("\(command): no element \(number) on this screen (\(range))")
                return nil
            }
            return action
        case .label(let label):
            let actions = current?.actions ?? []
            // An element's identifier (`accessibilityIdentifier`) names it exactly, whatever its label says.
            if let named = actions.first(where: { $0.identifier == label }) { return named }
            let matched = Self.match(label, in: actions.map(\.label))
            // A label no element has, of the form ROW › ACTION: the row's action.
            if matched == .none, let parts = Self.rowAndAction(label) { return rowAction(parts.row, parts.action, command: command) }
            switch matched {
            case .one(let index):
                return actions[index]
            case .several(let indices):
                let candidates = indices.prefix(8).map { "\($0 + 1) '\(actions[$0].label)'" }.joined(separator: ", ")
                _ = fail("\(command): '\(label)' matches \(indices.count) elements (\(candidates)\(indices.count > 8 ? ", …" : "")); tap one by its number")
                return nil
            case .none:
                var labels = actions.prefix(8).map { "'\($0.label)'" }.joined(separator: ", ")
                if actions.count > 8 { labels += " and \(actions.count - 8) more" }
                _ = fail("\(command): no element labelled '\(label)' on this screen (\(labels.isEmpty ? "none" : labels))")
                return nil
            }
        }
    }

    /// Whether `screen` shows `text`, as a reader hears it.
    /// - On one line, or wrapped by the renderer over several: the screen's lines are also read
    ///   joined, each line's indentation and the line break read as one space.
    /// - In a header the renderer draws upper-case (`ALL RECIPES`), as the app wrote it
    ///   (`All recipes`), whatever its case.
    public nonisolated static func screen(_ screen: String, shows text: String) -> Bool {
        if screen.contains(text) { return true }
        let lines = screen.split(separator: "\n").map { String($0).trimmingWhitespace() }
        if lines.joined(separator: " ").contains(text) { return true }
        let wanted = text.lowercased()
        // A header: a line with letters, all of them capitals.
        return lines.contains { line in
            line.contains(where: \.isLetter) && line.uppercased() == line && line.lowercased().contains(wanted)
        }
    }

    /// `ROW › ACTION` (or `ROW > ACTION`): an action of a row, named by what the row says, as a
    /// reader of the device reaches a row's actions (a list whose every row has a `Delete`).
    package nonisolated static func rowAndAction(_ label: String) -> (row: String, action: String)? {
        for separator in [" › ", " > "] {
            guard let range = label.ranges(of: separator).last else { continue }
            let row = String(label[..<range.lowerBound]).trimmingWhitespace()
            let action = String(label[range.upperBound...]).trimmingWhitespace()
            if !row.isEmpty, !action.isEmpty { return (row, action) }
        }
        return nil
    }

    /// The first element after the row that says `row` (a text or an element, named as `tap`
    /// names one) whose label is `action` (else begins with it).
    private func rowAction(_ row: String, _ action: String, command: String) -> ScreenAction? {
        guard let layer = current?.layout.layers.last else {
            _ = fail("\(command): nothing is on screen")
            return nil
        }
        let elements = layer.elements
        let said = elements.map { $0.text ?? "" }
        let anchor: Int
        switch Self.match(row, in: said) {
        case .one(let index):
            anchor = index
        case .several(let indices):
            let candidates = indices.prefix(8).map { "'\(said[$0])'" }.joined(separator: ", ")
            _ = fail("\(command): '\(row)' names \(indices.count) rows (\(candidates)\(indices.count > 8 ? ", …" : "")); name one by more of its text")
            return nil
        case .none:
            _ = fail("\(command): no row says '\(row)' on this screen")
            return nil
        }
        let actionable: Set<ScreenLayout.Element.Kind> = [.button, .link, .toggle, .textField, .dialogButton]
        let after = elements[(anchor + 1)...].filter { actionable.contains($0.kind) }
        let wanted = action.lowercased()
        guard let found = after.first(where: { ($0.text ?? "").lowercased() == wanted })
            ?? after.first(where: { ($0.text ?? "").lowercased().hasPrefix(wanted) }),
            let chosen = layer.action(at: found.action)
        else {
            _ = fail("\(command): no element labelled '\(action)' after '\(said[anchor])' on this screen")
            return nil
        }
        return chosen
    }

    /// Which of some labels a typed label names.
    public enum LabelMatch: Equatable, Sendable {
        case one(Int)
        case several([Int])
        case none
    }

    /// The label `text` names, case-insensitively: the one equal to it; else the only one that starts
    /// with it; else the only one that contains it. Several at the first level that has any are
    /// ambiguous, and listed.
    public static func match(_ text: String, in labels: [String]) -> LabelMatch {
        let typed = text.lowercased()
        let lowered = labels.map { $0.lowercased() }
        for rule in [{ (label: String) in label == typed }, { $0.hasPrefix(typed) }, { $0.contains(typed) }] {
            let indices = lowered.indices.filter { rule(lowered[$0]) }
            if indices.count == 1 { return .one(indices[0]) }
            if indices.count > 1 {
                // The same label twice (an element repeated) is still ambiguous; the first equal one wins only if exact.
                return .several(indices)
            }
        }
        return .none
    }

    package func selectTab(_ target: SessionCommand.Target, command: String) -> Bool {
        guard let shell = navigator.shell else {
            return fail("\(command): this session has no tabs; start it with a shell's name")
        }
        let index: Int?
        switch target {
        case .number(let number):
            index = shell.items.indices.contains(number - 1) ? number - 1 : nil
        case .label(let label):
            index = shell.items.firstIndex { $0.name.equalsIgnoringCase(label) }
                ?? { if case .one(let index) = Self.match(label, in: shell.items.map(\.title)) { index } else { nil } }()
        }
        guard let index else {
            let names = shell.items.enumerated().map { "\($0.offset + 1) \($0.element.title)" }.joined(separator: ", ")
            var hint = ""
            if case .label(let label) = target {
                hint = Suggestion.phrase(for: label, in: shell.items.map(\.title) + shell.items.map(\.name))
            }
            return fail("\(command): no such tab (\(names))\(hint)")
        }
        navigator.select(index)
        return true
    }

    package func resolveReporting(_ text: String, command: String) -> Route? {
        do {
            return try navigator.resolve(text)
        } catch {
            _ = fail("\(command): \(error)")
            return nil
        }
    }

}
