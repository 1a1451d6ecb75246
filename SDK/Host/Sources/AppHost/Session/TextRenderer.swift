@_spi(Host) import AppHostKit

/// A screen as a session wrote it, with the layout it was drawn from.
public struct RenderedScreen {
    /// What was written, in the session's format, as UTF-8; text ends with a newline. A screen of
    /// a session whose output takes no screens is drawn when this is first read.
    public var bytes: [UInt8] {
        get { pending?.bytes ?? drawnBytes }
        set {
            drawnBytes = newValue
            pending = nil
        }
    }
    /// The layers, their elements and the numbered actions.
    public var layout: ScreenLayout

    private var drawnBytes: [UInt8]
    private var pending: PendingDrawing?

    /// A screen drawn as `bytes` from `layout`.
    public init(bytes: [UInt8], layout: ScreenLayout) {
        self.drawnBytes = bytes
        self.layout = layout
    }

    /// A screen laid out as `layout`, drawn by `pending` when its bytes are first read.
    package init(layout: ScreenLayout, pending: PendingDrawing) {
        self.drawnBytes = []
        self.layout = layout
        self.pending = pending
    }

    /// A screen drawn as `text` from `layout`.
    public init(text: String, layout: ScreenLayout) {
        self.init(bytes: Array(text.utf8), layout: layout)
    }

    /// What was written, as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The actionable elements; `tap N` reaches `actions[N - 1]`.
    public var actions: [ScreenAction] { layout.actions }
}

/// A screen's bytes, drawn the first time they are read and kept from then on. Drawing is a pure
/// function of the layout, so drawing later gives the bytes drawing at once would have given. The
/// layout it keeps has no actions: a screen not drawn yet keeps no view model alive.
package final class PendingDrawing {
    private var layout: ScreenLayout?
    private var draw: ((ScreenLayout) -> [UInt8])?
    private var drawn: [UInt8]?

    package init(layout: ScreenLayout, draw: @escaping (ScreenLayout) -> [UInt8]) {
        self.layout = layout
        self.draw = draw
    }

    package var bytes: [UInt8] {
        if let drawn { return drawn }
        let bytes = draw.map { draw in layout.map(draw) ?? [] } ?? []
        (drawn, layout, draw) = (bytes, nil, nil)
        return bytes
    }

    /// How many bytes it was drawn as; nil while it is not drawn.
    package var drawnCount: Int? { drawn?.count }
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
    /// Whether to emphasise with terminal escape sequences (ANSI SGR): bold titles, the selected
    /// tab in reverse video, errors and destructive buttons in red, the layers under the top dim.
    /// Off for pipes and scripts, whose bytes stay the same as without it.
    public let color: Bool

    /// The narrowest width at which a split layout draws its sidebar beside the detail;
    /// below it the layout collapses to one stack with the items listed under it, like tabs.
    public static let splitMinimumWidth = 80
    /// The columns of a sidebar drawn beside the detail.
    public static let sidebarWidth = 20

    /// Creates a renderer for `width` columns (from ``minimumWidth`` to ``maximumWidth``).
    public init(width: Int = TextRenderer.defaultWidth, color: Bool = false) {
        self.width = min(max(width, Self.minimumWidth), Self.maximumWidth)
        self.color = color
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
        String(decoding: drawBytes(layout), as: UTF8.self)
    }

    /// Draws a laid-out screen as UTF-8, the form a session writes.
    public func drawBytes(_ layout: ScreenLayout) -> [UInt8] {
        guard let chrome = layout.chrome else { return draw(layout.layers) }
        if chrome.style == .split, width >= Self.splitMinimumWidth {
            let detailWidth = width - Self.sidebarWidth - 3
            let detail = String(decoding: TextRenderer(width: detailWidth, color: color).draw(layout.layers), as: UTF8.self)
            var sidebar = ["SIDEBAR"] + chrome.titles.enumerated().map { index, title in
                (index == chrome.selected ? "▸ " : "  ") + "\(index + 1) " + title.visible
            }
            var lines = detail.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            let height = max(lines.count, sidebar.count)
            sidebar += Array(repeating: "", count: height - sidebar.count)
            lines += Array(repeating: "", count: height - lines.count)
            return zip(sidebar, lines).enumerated().map { row, pair in
                let (side, line) = pair
                let cell = String(side.prefix(Self.sidebarWidth))
                let padded = cell + String(repeating: " ", count: Self.sidebarWidth - cell.count)
                let shown = color && row == chrome.selected + 1 ? Style.selected.wrap(padded) : padded
                return (shown + " │ " + line).replacingTrailingSpaces()
            }.joined(separator: "\n").utf8 + [0x0A]
        }
        let label = chrome.style == .tabs ? "tabs" : "sidebar"
        // Numbered as `tab N` takes them; the selected one in brackets. The bar wraps at the width
        // between items (an item is never cut), continuations under the first item.
        var bar = "\(label): "
        var column = bar.count
        let indent = String(repeating: " ", count: column)
        for (index, title) in chrome.titles.enumerated() {
            let plain = index == chrome.selected ? "[\(index + 1) \(title.visible)]" : "\(index + 1) \(title.visible)"
            let shown = color && index == chrome.selected ? Style.selected.wrap(plain) : plain
            if index > 0 {
                if column + 3 + plain.count > width {
                    bar += "\n" + indent
                    column = indent.count
                } else {
                    bar += " · "
                    column += 3
                }
            }
            bar += shown
            column += plain.count
        }
        return draw(layout.layers) + "\(bar)\n".utf8
    }

    /// Draws layers bottom first.
    private func draw(_ layers: [ScreenLayout.Layer]) -> [UInt8] {
        var screen: [UInt8] = []
        screen.reserveCapacity(4096)
        for layer in layers {
            switch layer.kind {
            case .screen:
                // Drawn straight into the screen's bytes: the buffer moves in and back out, uncopied.
                var output = Output(width: width, color: color, active: layer.isTop, appendingTo: consume screen)
                output.rule(Output.doubleRule)
                output.header(title: layer.title, breadcrumbs: layer.breadcrumbs)
                output.rule(Output.singleRule)
                output.draw(layer)
                output.rule(Output.doubleRule)
                screen = output.bytes
            case .sheet:
                var output = Output(width: width - 4, color: color, active: layer.isTop)
                output.header(title: layer.title, breadcrumbs: layer.breadcrumbs)
                output.rule(Output.singleRule)
                output.draw(layer)
                box(output, label: "sheet", into: &screen)
            case .alert, .confirmationDialog:
                var output = Output(width: width - 4, color: color, active: layer.isTop)
                output.wrap(layer.title, indent: 0, style: .title)
                if let message = layer.message {
                    output.wrap(message, indent: 0)
                }
                output.rule(Output.singleRule)
                output.draw(layer)
                box(output, label: layer.kind == .alert ? "alert" : "confirmation dialog", into: &screen)
            }
        }
        // Control characters from features were made visible as they were drawn (Output.visible).
        return screen
    }

    /// The breadcrumbs joined with `›`, dropping the oldest ones (after `… › `) to fit the width.
    /// It reads only the titles ``Breadcrumbs`` keeps, so its cost does not grow with the stack.
    package static func trail(_ breadcrumbs: Breadcrumbs, width: Int) -> String {
        measuredTrail(breadcrumbs, width: width).text
    }

    /// ``trail(_:width:)`` and its width in characters, measured from the titles it joins.
    package static func measuredTrail(_ breadcrumbs: Breadcrumbs, width: Int) -> (text: String, width: Int) {
        // A screen with no title is no crumb: the trail reads the titles there are, and ends with
        // ` ›` when the screen on top is the untitled one (`Notes ›`: somewhere past Notes).
        if breadcrumbs.titles.contains(where: \.isEmpty) {
            let kept = breadcrumbs.titles.filter { !$0.isEmpty }
            let titled = Breadcrumbs(kept, count: kept.count + breadcrumbs.omitted)
            guard breadcrumbs.titles.last?.isEmpty == true, !titled.titles.isEmpty else { return measuredTrail(titled, width: width) }
            let trail = measuredTrail(titled, width: max(width - 2, 1))
            return (trail.text + " ›", trail.width + 2)
        }
        let titles = breadcrumbs.titles
        guard let last = titles.last else { return ("", 0) }
        // Grow the shown titles from the top down while they fit; only the titles shown are measured.
        var first = titles.count - 1
        var length = last.characterCount
        while first > 0 {
            let next = length + 3 + titles[first - 1].characterCount
            let ellipsis = first - 1 > 0 || breadcrumbs.omitted > 0
            if next + (ellipsis ? 4 : 0) > width { break }
            length = next
            first -= 1
        }
        let shown = titles[first...].joined(separator: " › ")
        let ellipsis = first > 0 || breadcrumbs.omitted > 0
        let text = ellipsis ? "… › " + shown : shown
        let measured = length + (ellipsis ? 4 : 0)
        return measured > width ? (String(text.prefix(width - 1)) + "…", width) : (text, measured)
    }

    /// Frames lines drawn at `width - 4` columns: `┌─ label ─┐`, `│ line │`, `└──┘`.
    private func box(_ content: Output, label: String, into screen: inout [UInt8]) {
        let inner = width - 4
        let head = "┌─ \(label) "
        screen += head.utf8
        Output.repeatBytes(Output.singleRule, max(width - head.count - 1, 0), into: &screen)
        screen += "┐\n".utf8
        for line in content.lines {
            screen += "│ ".utf8
            screen += content.bytes[line.start..<line.end]
            Output.repeatBytes(Output.space, max(inner - line.width, 0), into: &screen)
            screen += " │\n".utf8
        }
        screen += "└".utf8
        Output.repeatBytes(Output.singleRule, width - 2, into: &screen)
        screen += "┘\n".utf8
    }

}

/// Emphasis on a terminal, as ANSI SGR escape sequences; never part of a line's measured width.
package enum Style {
    case title, selected, error, destructive, inactive

    /// The sequence that turns the style on.
    package var on: [UInt8] {
        switch self {
        case .title: Array("\u{1B}[1m".utf8)
        case .selected: Array("\u{1B}[1;7m".utf8)
        case .error, .destructive: Array("\u{1B}[31m".utf8)
        case .inactive: Array("\u{1B}[2m".utf8)
        }
    }

    /// The sequence that turns every style off.
    package static let off = Array("\u{1B}[0m".utf8)

    /// `text` in this style.
    package func wrap(_ text: String) -> String {
        String(decoding: on, as: UTF8.self) + text + String(decoding: Style.off, as: UTF8.self)
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
    /// The number of characters, counted from the bytes when the text is ASCII (most titles are).
    package var characterCount: Int {
        let ascii = utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } }
            ?? utf8.allSatisfy { $0 < 0x80 }
        return ascii ? utf8.count : count
    }
}
