@_spi(Host) import AppHostKit

/// Something on a rendered screen that `tap` can reach.
public enum ScreenAction {
    /// Runs a view-model action.
    case button(label: String, action: ButtonAction)
    /// Navigates to a route, or cannot, for the reason given.
    case link(label: String, destination: Route?, failure: String?)
    /// A button of the alert or dialog presented over the stack `depth` presentations up.
    case dialogButton(AlertButton, depth: Int)
    /// A switch and its current value.
    case toggle(label: String, isOn: Bool, action: ToggleAction)
    /// A text field and its current text.
    case textField(label: String, text: String, action: TextFieldAction)

    /// The label shown next to its number.
    public var label: String {
        switch self {
        case .button(let label, _), .link(let label, _, _), .toggle(let label, _, _), .textField(let label, _, _): label
        case .dialogButton(let button, _): button.label
        }
    }
}

/// A screen drawn as text, with its numbered actions.
public struct RenderedScreen {
    /// The text, ending with a newline.
    public var text: String
    /// The actionable elements; `tap N` reaches `actions[N - 1]`.
    public var actions: [ScreenAction]
}

/// One layer of what is on screen, bottom first.
public enum RenderLayer {
    /// A screen of a stack, with the titles of its stack as breadcrumbs (a full-screen cover is one too).
    case screen(body: [Node], breadcrumbs: [String])
    /// A sheet drawn over the layer under it.
    case sheet(body: [Node], breadcrumbs: [String])
    /// An alert or a confirmation dialog presented over the stack `depth` presentations up.
    case dialog(Alert, confirmation: Bool, depth: Int)
}

/// The chrome of a shell: a tab bar under the screen, or a sidebar beside it.
public struct ShellChrome: Sendable {
    /// Tabs or split.
    public var style: ShellStyle
    /// The items' titles, in order.
    public var titles: [String]
    /// The index of the selected item.
    public var selected: Int

    /// Creates the chrome of a shell.
    public init(style: ShellStyle, titles: [String], selected: Int) {
        self.style = style
        self.titles = titles
        self.selected = selected
    }
}

/// Draws screens as deterministic text: same input, same bytes.
///
/// A screen is a header (the title, then the stack as breadcrumbs once there is
/// more than one screen), the body, and a closing rule. Sheets, alerts and
/// confirmation dialogs are drawn in boxes over the layer under them. Only the
/// top layer's buttons and links are numbered `[1]`, `[2]`, …, in the order
/// they appear; those of the layers under it show `[·]`. Links end with `›`.
public struct TextRenderer: Sendable {
    /// The narrowest width the renderer accepts.
    public static let minimumWidth = 20
    /// The width used when none is given.
    public static let defaultWidth = 60
    /// The widest width the renderer accepts: wider ones are drawn at this width.
    public static let maximumWidth = 1000

    /// The number of columns every line fits in.
    public let width: Int

    /// The narrowest width at which a split layout draws its sidebar beside the detail;
    /// below it the layout collapses to one stack with the items listed under it, like tabs.
    public static let splitMinimumWidth = 80
    /// The columns of a sidebar drawn beside the detail.
    public static let sidebarWidth = 20

    /// Creates a renderer for `width` columns (from ``minimumWidth`` to ``maximumWidth``).
    public init(width: Int = TextRenderer.defaultWidth) {
        self.width = min(max(width, Self.minimumWidth), Self.maximumWidth)
    }

    /// Renders a screen whose body is `body`, reached through the titles in `breadcrumbs` (root first).
    public func render(body: [Node], breadcrumbs: [String]) -> RenderedScreen {
        render([.screen(body: body, breadcrumbs: breadcrumbs)])
    }

    /// Renders layers bottom first with a shell's chrome, if any.
    public func render(_ layers: [RenderLayer], chrome: ShellChrome?) -> RenderedScreen {
        guard let chrome else { return render(layers) }
        if chrome.style == .split, width >= Self.splitMinimumWidth {
            let detailWidth = width - Self.sidebarWidth - 3
            var detail = TextRenderer(width: detailWidth).render(layers)
            var sidebar = ["SIDEBAR"] + chrome.titles.enumerated().map { index, title in
                (index == chrome.selected ? "▸ " : "  ") + title
            }
            var lines = detail.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            let height = max(lines.count, sidebar.count)
            sidebar += Array(repeating: "", count: height - sidebar.count)
            lines += Array(repeating: "", count: height - lines.count)
            detail.text = zip(sidebar, lines).map { side, line in
                let cell = String(side.prefix(Self.sidebarWidth))
                return (cell + String(repeating: " ", count: Self.sidebarWidth - cell.count) + " │ " + line)
                    .replacingTrailingSpaces()
            }.joined(separator: "\n") + "\n"
            return detail
        }
        var screen = render(layers)
        let label = chrome.style == .tabs ? "tabs" : "sidebar"
        let items = chrome.titles.enumerated().map { index, title in
            index == chrome.selected ? "[\(title)]" : title
        }
        screen.text += "\(label): \(items.joined(separator: " · "))\n"
        return screen
    }

    /// Renders layers bottom first; only the last one's actions are numbered.
    public func render(_ layers: [RenderLayer]) -> RenderedScreen {
        var lines: [String] = []
        var actions: [ScreenAction] = []
        for (index, layer) in layers.enumerated() {
            let isTop = index == layers.count - 1
            switch layer {
            case .screen(let body, let breadcrumbs):
                var output = Output(width: width, numbering: isTop)
                output.rule("═")
                output.header(title: body.firstTitle ?? breadcrumbs.last ?? "", trail: trail(breadcrumbs, width: width), breadcrumbs: breadcrumbs.count)
                output.rule("─")
                output.draw(body, indent: 0)
                output.rule("═")
                lines += output.lines
                actions += output.actions
            case .sheet(let body, let breadcrumbs):
                var output = Output(width: width - 4, numbering: isTop)
                output.header(title: body.firstTitle ?? breadcrumbs.last ?? "", trail: trail(breadcrumbs, width: width - 4), breadcrumbs: breadcrumbs.count)
                output.rule("─")
                output.draw(body, indent: 0)
                lines += box(output.lines, label: "sheet")
                actions += output.actions
            case .dialog(let alert, let confirmation, let depth):
                var output = Output(width: width - 4, numbering: isTop)
                output.wrap(alert.title, indent: 0)
                if let message = alert.message {
                    output.wrap(message, indent: 0)
                }
                output.rule("─")
                for button in alert.buttons {
                    let role = button.role == .default ? "" : " (\(button.role.rawValue))"
                    output.numbered(.dialogButton(button, depth: depth), suffix: role, indent: 0)
                }
                lines += box(output.lines, label: confirmation ? "confirmation dialog" : "alert")
                actions += output.actions
            }
        }
        return RenderedScreen(text: lines.map(\.visible).joined(separator: "\n") + "\n", actions: actions)
    }

    /// The breadcrumbs joined with `›`, dropping the oldest ones to fit the width.
    func trail(_ titles: [String], width: Int? = nil) -> String {
        let width = width ?? self.width
        var shown = titles
        var text = shown.joined(separator: " › ")
        while text.count > width, shown.count > 1 {
            shown.removeFirst()
            text = "… › " + shown.joined(separator: " › ")
        }
        return text.count > width ? String(text.prefix(width - 1)) + "…" : text
    }

    /// Frames lines drawn at `width - 4` columns: `┌─ label ─┐`, `│ line │`, `└──┘`.
    private func box(_ content: [String], label: String) -> [String] {
        let inner = width - 4
        let head = "┌─ \(label) "
        var lines = [head + String(repeating: "─", count: max(width - head.count - 1, 0)) + "┐"]
        for line in content {
            lines.append("│ " + line + String(repeating: " ", count: max(inner - line.count, 0)) + " │")
        }
        lines.append("└" + String(repeating: "─", count: width - 2) + "┘")
        return lines
    }

    private struct Output {
        let width: Int
        let numbering: Bool
        var lines: [String] = []
        var actions: [ScreenAction] = []

        static func isBlankOrRule(_ text: String) -> Bool {
            text.allSatisfy { $0 == " " || $0 == "─" || $0 == "═" }
        }

        mutating func line(_ text: String) {
            lines.append(text)
        }

        /// Indentation stops growing at half the width, so deeply nested sections still fit.
        func capped(_ indent: Int) -> Int {
            min(max(indent, 0), width / 2)
        }

        mutating func rule(_ character: Character, indent: Int = 0) {
            let indent = capped(indent)
            lines.append(String(repeating: " ", count: indent) + String(repeating: character, count: width - indent))
        }

        mutating func header(title: String, trail: String, breadcrumbs: Int) {
            wrap(title, indent: 0)
            if breadcrumbs > 1 {
                line(trail)
            }
        }

        /// Wraps `text` at word boundaries; continuation lines are indented by `hanging` more.
        mutating func wrap(_ text: String, indent: Int, prefix: String = "", hanging: Int = 0) {
            let indent = capped(indent)
            let available = max(width - indent - prefix.count, 8)
            var current = ""
            var first = true
            func flush(_ lines: inout [String]) {
                let lead = first ? String(repeating: " ", count: indent) + prefix
                    : String(repeating: " ", count: indent + hanging)
                lines.append(lead + current)
                first = false
                current = ""
            }
            for word in text.split(separator: " ", omittingEmptySubsequences: true) {
                var word = Substring(word)
                // A word longer than a line is cut into lines; each step walks one line's worth, so a long word costs its length.
                while let cut = word.index(word.startIndex, offsetBy: available, limitedBy: word.endIndex), cut < word.endIndex {
                    if !current.isEmpty { flush(&lines) }
                    current = String(word[..<cut])
                    word = word[cut...]
                    flush(&lines)
                }
                if current.isEmpty {
                    current = String(word)
                } else if current.count + 1 + word.count <= available {
                    current += " " + word
                } else {
                    flush(&lines)
                    current = String(word)
                }
            }
            if !current.isEmpty || first { flush(&lines) }
        }

        mutating func numbered(_ action: ScreenAction, prefix: String = "", suffix: String, indent: Int) {
            let marker: String
            if numbering {
                actions.append(action)
                marker = "[\(actions.count)] "
            } else {
                marker = "[·] "
            }
            wrap(prefix + action.label + suffix, indent: indent, prefix: marker, hanging: marker.count)
        }

        mutating func draw(_ nodes: [Node], indent: Int) {
            for node in nodes {
                switch node {
                case .title:
                    continue  // drawn in the header
                case .text(let text):
                    wrap(text, indent: indent)
                case .button(let label, let action):
                    numbered(.button(label: label, action: action), suffix: "", indent: indent)
                case .link(let label, let destination, let failure):
                    numbered(.link(label: label, destination: destination, failure: failure), suffix: " ›", indent: indent)
                case .toggle(let label, let isOn, let action):
                    numbered(.toggle(label: label, isOn: isOn, action: action), prefix: isOn ? "[x] " : "[ ] ", suffix: "", indent: indent)
                case .textField(let label, let text, let action):
                    numbered(.textField(label: label, text: text, action: action), suffix: ": \(text)_", indent: indent)
                case .list(let rows):
                    if rows.isEmpty {
                        wrap("(none)", indent: indent + 2)
                    }
                    draw(rows, indent: indent + 2)
                case .section(let header, let content):
                    if let last = lines.last, !Output.isBlankOrRule(last) {
                        line("")
                    }
                    if let header {
                        wrap(header.uppercased(), indent: indent)
                    }
                    draw(content, indent: indent + 2)
                case .divider:
                    rule("─", indent: indent)
                case .progress(let label):
                    wrap(label, indent: indent, prefix: "… ", hanging: 2)
                case .error(let message):
                    wrap(message, indent: indent, prefix: "error: ", hanging: 7)
                case .group(let content):
                    draw(content, indent: indent)
                @unknown default:
                    // A kind of element added to a newer kit than this host was built against.
                    wrap("(an element this host cannot draw; update the host)", indent: indent)
                }
            }
        }
    }
}

extension String {
    fileprivate func replacingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension String {
    /// The text with control characters shown, never sent to a terminal: C0 and DEL in caret notation
    /// (`ESC` becomes `^[`), C1 as `\u{9B}`. Text from features, routes and state files passes through this.
    var visible: String {
        guard unicodeScalars.contains(where: \.isControl) else { return self }
        var shown = ""
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20: shown += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            case 0x7F: shown += "^?"
            case 0x80..<0xA0: shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}

extension Unicode.Scalar {
    /// A C0 or C1 control character, or DEL.
    var isControl: Bool { value < 0x20 || (0x7F..<0xA0).contains(value) }
}
