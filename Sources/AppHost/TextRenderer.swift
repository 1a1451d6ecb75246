import AppHostKit

/// Something on a rendered screen that `tap` can reach.
public enum ScreenAction {
    /// Runs a view-model action.
    case button(label: String, action: ButtonAction)
    /// Navigates to a route, or cannot, for the reason given.
    case link(label: String, destination: Route?, failure: String?)

    /// The label shown next to its number.
    public var label: String {
        switch self {
        case .button(let label, _), .link(let label, _, _): label
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

/// Draws screens as deterministic text: same input, same bytes.
///
/// A screen is a header (the title, then the stack as breadcrumbs once there is
/// more than one screen), the body,
/// and a closing rule. Buttons and links are numbered `[1]`, `[2]`, … in the
/// order they appear; links end with `›`.
public struct TextRenderer: Sendable {
    /// The narrowest width the renderer accepts.
    public static let minimumWidth = 20
    /// The width used when none is given.
    public static let defaultWidth = 60

    /// The number of columns every line fits in.
    public let width: Int

    /// Creates a renderer for `width` columns (at least ``minimumWidth``).
    public init(width: Int = TextRenderer.defaultWidth) {
        self.width = max(width, Self.minimumWidth)
    }

    /// Renders a screen whose body is `body`, reached through the titles in `breadcrumbs` (root first).
    public func render(body: [Node], breadcrumbs: [String]) -> RenderedScreen {
        var output = Output(width: width)
        let title = body.firstTitle ?? breadcrumbs.last ?? ""
        output.rule("═")
        output.wrap(title, indent: 0)
        if breadcrumbs.count > 1 {
            output.line(trail(breadcrumbs))
        }
        output.rule("─")
        output.draw(body, indent: 0)
        output.rule("═")
        return RenderedScreen(text: output.lines.joined(separator: "\n") + "\n", actions: output.actions)
    }

    /// The breadcrumbs joined with `›`, dropping the oldest ones to fit the width.
    func trail(_ titles: [String]) -> String {
        var shown = titles
        var text = shown.joined(separator: " › ")
        while text.count > width, shown.count > 1 {
            shown.removeFirst()
            text = "… › " + shown.joined(separator: " › ")
        }
        return text.count > width ? String(text.prefix(width - 1)) + "…" : text
    }

    private struct Output {
        let width: Int
        var lines: [String] = []
        var actions: [ScreenAction] = []

        static func isBlankOrRule(_ text: String) -> Bool {
            text.allSatisfy { $0 == " " || $0 == "─" || $0 == "═" }
        }

        mutating func line(_ text: String) {
            lines.append(text)
        }

        mutating func rule(_ character: Character, indent: Int = 0) {
            lines.append(String(repeating: " ", count: indent) + String(repeating: character, count: width - indent))
        }

        /// Wraps `text` at word boundaries; continuation lines are indented by `hanging` more.
        mutating func wrap(_ text: String, indent: Int, prefix: String = "", hanging: Int = 0) {
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
                while word.count > available {
                    if !current.isEmpty { flush(&lines) }
                    current = String(word.prefix(available))
                    word = word.dropFirst(available)
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

        mutating func numbered(_ action: ScreenAction, suffix: String, indent: Int) {
            actions.append(action)
            let marker = "[\(actions.count)] "
            wrap(action.label + suffix, indent: indent, prefix: marker, hanging: marker.count)
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
                }
            }
        }
    }
}
