@_spi(Host) import AppHostKit

/// Something on a screen that `tap` or `type` can reach.
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

/// One layer of what is on screen, bottom first, as the screens give it to the layout pass.
public enum RenderLayer {
    /// A screen of a stack, with the titles of its stack as breadcrumbs (a full-screen cover is one too).
    case screen(body: [Node], breadcrumbs: Breadcrumbs)
    /// A sheet drawn over the layer under it.
    case sheet(body: [Node], breadcrumbs: Breadcrumbs)
    /// An alert or a confirmation dialog presented over the stack `depth` presentations up.
    case dialog(Alert, confirmation: Bool, depth: Int)
}

/// The titles of a stack, root first: the last ``kept`` of them at most, and how many there are in all.
///
/// A stack can be thousands of screens deep, but a header shows only the titles
/// nearest the top, so only those are gathered: drawing a screen costs the same
/// at any depth.
public struct Breadcrumbs: Equatable, Sendable, ExpressibleByArrayLiteral {
    /// The most titles kept, nearest the top.
    public static let kept = 32
    /// The last titles of the stack, root-most first.
    public var titles: [String]
    /// How many screens the stack has.
    public var count: Int

    /// The titles of a stack of `count` screens whose last ones are `titles`.
    public init(_ titles: [String], count: Int? = nil) {
        self.titles = titles
        self.count = count ?? titles.count
    }

    public init(arrayLiteral titles: String...) {
        self.init(titles)
    }

    /// How many titles at the bottom were left out.
    public var omitted: Int { count - titles.count }
}

/// The chrome of a shell: a tab bar under the screen, or a sidebar beside it.
public struct ShellChrome: Sendable, Equatable {
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

/// What is on screen after the layout pass, for any renderer: the layers with
/// their elements, and the actionable ones numbered as `tap N` takes them.
///
/// Only the top layer's buttons, links, toggles, text fields and dialog buttons
/// get numbers, 1, 2, … in the order they appear; `actions[N - 1]` is element N.
/// The numbering is made here, once, so every format shows the same numbers.
public struct ScreenLayout {
    /// The layers, bottom first.
    public var layers: [Layer]
    /// The shell's chrome, if the session has a shell.
    public var chrome: ShellChrome?
    /// The top layer's actionable elements; `tap N` reaches `actions[N - 1]`.
    public var actions: [ScreenAction]

    /// One layer: a screen, a sheet or a dialog.
    public struct Layer {
        /// What kind of layer.
        public enum Kind: String, Sendable {
            case screen, sheet, alert, confirmationDialog
        }

        /// What kind of layer.
        public var kind: Kind
        /// The screen's first title, else its route; a dialog's title.
        public var title: String
        /// The stack's titles (screens and sheets).
        public var breadcrumbs: Breadcrumbs
        /// A dialog's message.
        public var message: String?
        /// The elements, in order; a dialog's are its buttons.
        public var items: [Item]
        /// Whether this is the top layer, whose elements are numbered.
        public var isTop = false
    }

    /// An element after layout: groups flattened, titles taken into the layer, actionable ones numbered.
    public indirect enum Item {
        /// A paragraph.
        case text(String)
        /// An actionable element with its number, or nil in a layer under the top one.
        case action(ScreenAction, number: Int?)
        /// Rows, drawn indented.
        case list([Item])
        /// A group with an optional header.
        case section(header: String?, [Item])
        /// A rule.
        case divider
        /// Work in progress.
        case progress(String)
        /// An error shown on the screen.
        case error(String)
        /// An element of a newer kit than this host's.
        case unsupported
    }

    /// Lays out `layers` under `chrome`.
    public init(_ layers: [RenderLayer], chrome: ShellChrome? = nil) {
        var numbering = Numbering()
        self.layers = layers.enumerated().map { index, layer in
            numbering.active = index == layers.count - 1
            switch layer {
            case .screen(let body, let breadcrumbs), .sheet(let body, let breadcrumbs):
                let kind: Layer.Kind = if case .sheet = layer { .sheet } else { .screen }
                return Layer(
                    kind: kind,
                    title: body.firstTitle ?? breadcrumbs.titles.last ?? "",
                    breadcrumbs: breadcrumbs,
                    items: numbering.items(body)
                )
            case .dialog(let alert, let confirmation, let depth):
                return Layer(
                    kind: confirmation ? .confirmationDialog : .alert,
                    title: alert.title,
                    breadcrumbs: [],
                    message: alert.message,
                    items: alert.buttons.map { numbering.item(.dialogButton($0, depth: depth)) }
                )
            }
        }
        if !self.layers.isEmpty { self.layers[self.layers.count - 1].isTop = true }
        self.chrome = chrome
        self.actions = numbering.actions
    }

    private struct Numbering {
        var active = false
        var actions: [ScreenAction] = []

        mutating func item(_ action: ScreenAction) -> Item {
            guard active else { return .action(action, number: nil) }
            actions.append(action)
            return .action(action, number: actions.count)
        }

        mutating func items(_ nodes: [Node]) -> [Item] {
            var items: [Item] = []
            append(nodes, to: &items)
            return items
        }

        private mutating func append(_ nodes: [Node], to items: inout [Item]) {
            for node in nodes {
                switch node {
                case .title:
                    continue  // the layer's title
                case .text(let text):
                    items.append(.text(text))
                case .button(let label, let action):
                    items.append(item(.button(label: label, action: action)))
                case .link(let label, let destination, let failure):
                    items.append(item(.link(label: label, destination: destination, failure: failure)))
                case .toggle(let label, let isOn, let action):
                    items.append(item(.toggle(label: label, isOn: isOn, action: action)))
                case .textField(let label, let text, let action):
                    items.append(item(.textField(label: label, text: text, action: action)))
                case .list(let rows):
                    items.append(.list(self.items(rows)))
                case .section(let header, let content):
                    items.append(.section(header: header, self.items(content)))
                case .divider:
                    items.append(.divider)
                case .progress(let label):
                    items.append(.progress(label))
                case .error(let message):
                    items.append(.error(message))
                case .group(let content):
                    append(content, to: &items)
                @unknown default:
                    // A kind of element added to a newer kit than this host was built against.
                    items.append(.unsupported)
                }
            }
        }
    }
}
