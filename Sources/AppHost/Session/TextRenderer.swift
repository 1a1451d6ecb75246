@_spi(Host) import AppHostKit

/// A screen as a session wrote it, with the layout it was drawn from.
public struct RenderedScreen {
    /// What was written, in the session's format; text ends with a newline.
    public var text: String
    /// The layers, their elements and the numbered actions.
    public var layout: ScreenLayout

    /// The actionable elements; `tap N` reaches `actions[N - 1]`.
    public var actions: [ScreenAction] { layout.actions }
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
    public func render(body: [Node], breadcrumbs: Breadcrumbs) -> RenderedScreen {
        render([.screen(body: body, breadcrumbs: breadcrumbs)])
    }

    /// Lays out and draws layers bottom first with a shell's chrome, if any.
    public func render(_ layers: [RenderLayer], chrome: ShellChrome? = nil) -> RenderedScreen {
        let layout = ScreenLayout(layers, chrome: chrome)
        return RenderedScreen(text: draw(layout), layout: layout)
    }

    /// Draws a laid-out screen.
    public func draw(_ layout: ScreenLayout) -> String {
        guard let chrome = layout.chrome else { return draw(layout.layers) }
        if chrome.style == .split, width >= Self.splitMinimumWidth {
            let detailWidth = width - Self.sidebarWidth - 3
            let detail = TextRenderer(width: detailWidth).draw(layout.layers)
            var sidebar = ["SIDEBAR"] + chrome.titles.enumerated().map { index, title in
                (index == chrome.selected ? "▸ " : "  ") + title.visible
            }
            var lines = detail.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            let height = max(lines.count, sidebar.count)
            sidebar += Array(repeating: "", count: height - sidebar.count)
            lines += Array(repeating: "", count: height - lines.count)
            return zip(sidebar, lines).map { side, line in
                let cell = String(side.prefix(Self.sidebarWidth))
                return (cell + String(repeating: " ", count: Self.sidebarWidth - cell.count) + " │ " + line)
                    .replacingTrailingSpaces()
            }.joined(separator: "\n") + "\n"
        }
        let label = chrome.style == .tabs ? "tabs" : "sidebar"
        let items = chrome.titles.enumerated().map { index, title in
            index == chrome.selected ? "[\(title.visible)]" : title.visible
        }
        return draw(layout.layers) + "\(label): \(items.joined(separator: " · "))\n"
    }

    /// Draws layers bottom first.
    private func draw(_ layers: [ScreenLayout.Layer]) -> String {
        var lines: [String] = []
        for layer in layers {
            switch layer.kind {
            case .screen:
                var output = Output(width: width)
                output.rule("═")
                output.header(title: layer.title, breadcrumbs: layer.breadcrumbs)
                output.rule("─")
                output.draw(layer.items, indent: 0)
                output.rule("═")
                lines += output.lines
            case .sheet:
                var output = Output(width: width - 4)
                output.header(title: layer.title, breadcrumbs: layer.breadcrumbs)
                output.rule("─")
                output.draw(layer.items, indent: 0)
                lines += box(output.lines, label: "sheet")
            case .alert, .confirmationDialog:
                var output = Output(width: width - 4)
                output.wrap(layer.title, indent: 0)
                if let message = layer.message {
                    output.wrap(message, indent: 0)
                }
                output.rule("─")
                output.draw(layer.items, indent: 0)
                lines += box(output.lines, label: layer.kind == .alert ? "alert" : "confirmation dialog")
            }
        }
        return lines.map(\.visible).joined(separator: "\n") + "\n"
    }

    /// The breadcrumbs joined with `›`, dropping the oldest ones (after `… › `) to fit the width.
    /// It reads only the titles ``Breadcrumbs`` keeps, so its cost does not grow with the stack.
    static func trail(_ breadcrumbs: Breadcrumbs, width: Int) -> String {
        let titles = breadcrumbs.titles
        guard !titles.isEmpty else { return "" }
        let counts = titles.map(\.count)
        var first = 0
        var ellipsis = breadcrumbs.omitted > 0
        func length() -> Int {
            (ellipsis ? 4 : 0) + counts[first...].reduce(0, +) + 3 * (titles.count - first - 1)
        }
        while length() > width, first < titles.count - 1 {
            first += 1
            ellipsis = true
        }
        let text = (ellipsis ? "… › " : "") + titles[first...].joined(separator: " › ")
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
        var lines: [String] = []

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

        mutating func header(title: String, breadcrumbs: Breadcrumbs) {
            wrap(title, indent: 0)
            if breadcrumbs.count > 1 {
                line(TextRenderer.trail(breadcrumbs, width: width))
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

        mutating func numbered(_ action: ScreenAction, number: Int?, indent: Int) {
            let marker = number.map { "[\($0)] " } ?? "[·] "
            let text = switch action {
            case .button(let label, _): label
            case .link(let label, _, _): label + " ›"
            case .toggle(let label, let isOn, _): (isOn ? "[x] " : "[ ] ") + label
            case .textField(let label, let text, _): "\(label): \(text)_"
            case .dialogButton(let button, _): button.label + (button.role == .default ? "" : " (\(button.role.rawValue))")
            }
            wrap(text, indent: indent, prefix: marker, hanging: marker.count)
        }

        mutating func draw(_ items: [ScreenLayout.Item], indent: Int) {
            for item in items {
                switch item {
                case .text(let text):
                    wrap(text, indent: indent)
                case .action(let action, let number):
                    numbered(action, number: number, indent: indent)
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
                case .unsupported:
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
