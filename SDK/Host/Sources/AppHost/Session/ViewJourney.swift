// How a session brings back the navigation its views own. No link reaches a view pushed by a
// NavigationLink, a sheet a view's state presents, an alert, or the selected tab of a TabView: the
// app's own state holds them. What reaches them again is doing again what opened them, so the
// session keeps the commands since its views last owned no layer, and the state before them; a
// state file and a `--watch` reload open that state and replay the commands.

@_spi(Host) @_spi(Runtime) import AppHostKit
import AppHostRuntime
import AppHostSupport
import FoundationEssentials

/// The way to the layers the views own now: the state (as its deep link) before the first
/// command that opened one, and the commands since, taps by label where the label is unique.
public struct ViewJourney: Codable, Sendable, Equatable {
    /// The most commands a journey keeps. A longer one is dropped, and the layers it reached do
    /// not come back (the route does); the session says so once.
    public static let maximumCommands = 256

    /// The state before the commands, as `state` prints it.
    public var link: String
    /// The commands, in order, as a session reads them.
    public var commands: [String]

    /// The app's `@AppStorage` values at the link (absent when there were none): a journey brought
    /// back is replayed from them, so that a tap that changed one changes it once, not twice.
    @_spi(Runtime) public var defaults: [String: DefaultsValue]?

    public init(link: String, commands: [String]) {
        self.link = link
        self.commands = commands
    }

    @_spi(Runtime) public init(link: String, commands: [String], defaults: [String: DefaultsValue]) {
        self.link = link
        self.commands = commands
        self.defaults = defaults.isEmpty ? nil : defaults
    }
}

extension SessionCommand {
    /// Whether the command moves the session or its time, and so belongs to a journey: not those
    /// that only show or say something (`state`, `help`, `show`, `routes`, `record`, `quit`).
    package var isReplayable: Bool {
        switch self {
        case .tap, .type, .back, .root, .dismiss, .pop, .replace, .tab, .open, .wait, .waitUntil: true
        case .state, .stateURL, .help, .quit, .show, .showIdentifiers, .routes, .record: false
        }
    }
}

extension Session {
    /// The command as a journey keeps it: a tap or typing by number is kept by the element's
    /// label when that label names it alone (a rebuilt feature may number its elements anew).
    package func journeyText(for command: SessionCommand, text: String, on screen: RenderedScreen?) -> String {
        let number: Int
        let typing: Bool
        switch command {
        case .tap(.number(let aimed)): (number, typing) = (aimed, false)
        case .type(.number(let aimed), _): (number, typing) = (aimed, true)
        default: return text
        }
        guard let actions = screen?.actions, actions.indices.contains(number - 1) else { return text }
        let label = actions[number - 1].label
        // A label of digits would be read as a number; `type` takes a label of several words in
        // double quotes, so one holding a double quote is kept by number.
        guard !label.isEmpty, !label.allSatisfy(\.isNumber), !typing || !label.contains("\"") else { return text }
        guard Self.match(label, in: actions.map(\.label)) == .one(number - 1) else {
            // A label many rows share (`Delete`) is kept with its row, when that names it.
            guard !typing, let layer = screen?.layout.layers.last, let row = Self.row(of: number - 1, label: label, in: layer) else { return text }
            return "tap \(row) › \(label)"
        }
        guard typing else { return "tap \(label)" }
        let words = text.trimmingSpaces.split(maxSplits: 2, whereSeparator: { $0 == " " || $0 == "\t" })
        let field = label.contains(" ") ? "\"\(label)\"" : label
        return words.count == 3 ? "type \(field) \(words[2])" : text
    }

    /// What the row before action `index` says, when `tap ROW › LABEL` names that action: the
    /// nearest text or element before it that names itself alone, with no element labelled
    /// `label` between them.
    package static func row(of index: Int, label: String, in layer: ScreenLayout.Layer) -> String? {
        let elements = layer.elements
        let actionable: Set<ScreenLayout.Element.Kind> = [.button, .link, .toggle, .textField, .dialogButton]
        guard let position = elements.firstIndex(where: { actionable.contains($0.kind) && $0.action == index }) else { return nil }
        let said = elements.map { $0.text ?? "" }
        var candidate = position - 1
        while candidate >= 0 {
            let text = said[candidate]
            if text.equalsIgnoringCase(label) { return nil }
            if !text.isEmpty, !text.allSatisfy(\.isNumber), !text.contains(" › "), !text.contains(" > "),
                match(text, in: said) == .one(candidate)
            {
                return text
            }
            candidate -= 1
        }
        return nil
    }

    /// Notes a command that ran (nil: the first screen was drawn): the journey grows while the
    /// views own a layer, and starts again from here once they own none. What it costs a command
    /// that opens no layer is a look at the layers and a copy of the state's value.
    package func noteJourney(_ command: SessionCommand?, text: String, on screen: RenderedScreen?) {
        let before = viewJourney
        if viewLayers.isEmpty {
            viewJourney = nil
            journeyAnchor = navigator.state
            journeyAnchorDefaults = defaults.values
        } else if let command {
            var journey = viewJourney ?? ViewJourney(link: journeyAnchorLink, commands: [], defaults: journeyAnchorDefaults)
            journey.commands.append(journeyText(for: command, text: text, on: screen))
            if journey.commands.count > ViewJourney.maximumCommands {
                if !warnedOfLongJourney {
                    warnedOfLongJourney = true
                    writeError("warning: more than \(ViewJourney.maximumCommands) commands since the views last owned no layer (ViewJourney.maximumCommands); a state file or a reload brings back the route, not the layers above it\n")
                }
                viewJourney = nil
            } else {
                viewJourney = journey
            }
        } else if viewJourney == nil {
            // Layers the views opened by themselves (a sheet shown as the screen appears).
            viewJourney = ViewJourney(link: journeyAnchorLink, commands: [], defaults: journeyAnchorDefaults)
        }
        if viewJourney != before { changed() }
    }

    /// The link of ``journeyAnchor``, or of the state now if there is none.
    private var journeyAnchorLink: String {
        (journeyAnchor.map { navigator.deepLink(of: $0) } ?? deepLink).description
    }

    /// Replays a journey's commands, from the state it was opened at: the layers the views owned
    /// come back. On virtual time the commands run as they ran (a `wait` among them moves time
    /// again); on real time, a command aimed at an element waits, up to ``waitUntilLimit``, for
    /// the element to be drawn (content behind a `.task` arrives as it did). A command that fails
    /// stops the replay, and the session says which layers did not come back.
    public func replayJourney(_ commands: [String]) async {
        for command in commands {
            if !usesVirtualTime { await waitForElement(of: command) }
            let before = errorCount
            await execute(command)
            if errorCount > before {
                writeError("warning: the views' own navigation did not all come back: replaying '\(command.visible)' failed; the session goes on from here\n")
                return
            }
        }
    }

    /// On real time, waits for the element `command` is aimed at to be drawn, at most ``waitUntilLimit``.
    private func waitForElement(of command: String) async {
        guard let parsed = try? SessionCommand.parse(command) else { return }
        let label: String
        switch parsed {
        case .tap(.label(let aimed)), .type(.label(let aimed), _): label = aimed
        default: return
        }
        let clock = ContinuousClock()
        let deadline = clock.now + Self.waitUntilLimit
        await SessionGuard.extending(by: Self.waitUntilLimit) {
            while !(current?.actions.contains { $0.identifier == label || Self.match(label, in: [$0.label]) != .none } ?? false), clock.now < deadline {
                _ = await jobs.waitForChange(since: jobs.counts.version, until: min(deadline, clock.now + .milliseconds(50)))
                await settle()
                await catchUp()
            }
        }
    }
}
