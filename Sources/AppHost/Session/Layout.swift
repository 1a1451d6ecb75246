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
///
/// A layer's elements are one flat array: a list or a section opens, its content
/// follows, and it closes. Renderers read it front to back with no recursion and
/// no boxes, and the kit's nodes are read once, here.
public struct ScreenLayout {
    /// The layers, bottom first.
    public var layers: [Layer]
    /// The shell's chrome, if the session has a shell.
    public var chrome: ShellChrome?

    /// The top layer's actionable elements; `tap N` reaches `actions[N - 1]`.
    public var actions: [ScreenAction] { layers.last?.actions ?? [] }

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
        /// The elements, in order, lists and sections opening and closing around their content;
        /// a dialog's are its buttons.
        public var elements: [Element]
        /// The layer's actionable elements in order; an actionable element is `actions[element.action]`.
        public var actions: [ScreenAction]
        /// Whether this is the top layer, whose elements are numbered.
        public var isTop = false

        /// The number `tap` takes for an actionable element of this layer; nil under the top layer.
        public func number(of element: Element) -> Int? {
            isTop ? element.action + 1 : nil
        }
    }

    /// An element after layout: groups flattened, titles taken into the layer, actionable ones
    /// standing for an entry of their layer's ``Layer/actions``.
    public struct Element: Sendable, Equatable {
        /// What an element is.
        public enum Kind: Sendable, Equatable {
            /// A paragraph: ``Element/text``.
            case text
            /// A button: ``Element/text`` is its label.
            case button
            /// A link: ``Element/text`` is its label.
            case link
            /// A switch: ``Element/text`` is its label, ``Element/flag`` whether it is on.
            case toggle
            /// A text field: ``Element/text`` is its label, ``Element/detail`` its text.
            case textField
            /// A button of an alert or a dialog: ``Element/text`` is its label, ``Element/detail`` its
            /// role unless it is the default one, ``Element/flag`` whether it is destructive.
            case dialogButton
            /// Rows follow, drawn indented, up to ``endList``.
            case list
            /// The end of the innermost list.
            case endList
            /// A group follows, with ``Element/text`` as its header if any, up to ``endSection``.
            case section
            /// The end of the innermost section.
            case endSection
            /// A rule.
            case divider
            /// Work in progress: ``Element/text`` says what.
            case progress
            /// An error shown on the screen: ``Element/text``.
            case error
            /// An element of a newer kit than this host's.
            case unsupported
        }

        /// What the element is.
        public var kind: Kind
        /// A paragraph's text, an actionable element's label, a section's header, a progress
        /// indicator's label, an error's message.
        public var text: String?
        /// A text field's text; a dialog button's role, unless it is the default one.
        public var detail: String?
        /// Whether a switch is on; whether a dialog button is destructive.
        public var flag = false
        /// An actionable element's index in its layer's ``Layer/actions``.
        public var action = 0

        /// An element of `kind`.
        public init(_ kind: Kind, text: String? = nil) {
            self.kind = kind
            self.text = text
        }
    }

    /// Lays out `layers` under `chrome`.
    public init(_ layers: [RenderLayer], chrome: ShellChrome? = nil) {
        var laid: [Layer] = []
        laid.reserveCapacity(layers.count)
        for layer in layers {
            var builder = Builder()
            builder.elements.reserveCapacity(32)
            builder.actions.reserveCapacity(16)
            switch layer {
            case .screen(let body, let breadcrumbs), .sheet(let body, let breadcrumbs):
                let kind: Layer.Kind = if case .sheet = layer { .sheet } else { .screen }
                builder.append(body)
                laid.append(
                    Layer(
                        kind: kind,
                        title: body.firstTitle ?? breadcrumbs.titles.last ?? "",
                        breadcrumbs: breadcrumbs,
                        elements: builder.elements,
                        actions: builder.actions
                    )
                )
            case .dialog(let alert, let confirmation, let depth):
                for button in alert.buttons { builder.append(button, depth: depth) }
                laid.append(
                    Layer(
                        kind: confirmation ? .confirmationDialog : .alert,
                        title: alert.title,
                        breadcrumbs: [],
                        message: alert.message,
                        elements: builder.elements,
                        actions: builder.actions
                    )
                )
            }
        }
        if !laid.isEmpty { laid[laid.count - 1].isTop = true }
        self.layers = laid
        self.chrome = chrome
    }

    /// Flattens the kit's nodes into elements, collecting the actionable ones.
    private struct Builder {
        var elements: [Element] = []
        var actions: [ScreenAction] = []

        /// Appends an actionable element drawn as `element`, reaching `action`.
        mutating func append(_ element: Element, _ action: ScreenAction) {
            var element = element
            element.action = actions.count
            elements.append(element)
            actions.append(action)
        }

        mutating func append(_ button: AlertButton, depth: Int) {
            var element = Element(.dialogButton, text: button.label)
            element.detail = button.role == .default ? nil : button.role.rawValue
            element.flag = button.role == .destructive
            append(element, .dialogButton(button, depth: depth))
        }

        mutating func append(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .title:
                    continue  // the layer's title
                case .text(let text):
                    elements.append(Element(.text, text: text))
                case .button(let label, let action):
                    append(Element(.button, text: label), .button(label: label, action: action))
                case .link(let label, let destination, let failure):
                    append(Element(.link, text: label), .link(label: label, destination: destination, failure: failure))
                case .toggle(let label, let isOn, let toggle):
                    var element = Element(.toggle, text: label)
                    element.flag = isOn
                    append(element, .toggle(label: label, isOn: isOn, action: toggle))
                case .textField(let label, let text, let field):
                    var element = Element(.textField, text: label)
                    element.detail = text
                    append(element, .textField(label: label, text: text, action: field))
                case .list(let rows):
                    elements.append(Element(.list))
                    append(rows)
                    elements.append(Element(.endList))
                case .section(let header, let content):
                    elements.append(Element(.section, text: header))
                    append(content)
                    elements.append(Element(.endSection))
                case .divider:
                    elements.append(Element(.divider))
                case .progress(let label):
                    elements.append(Element(.progress, text: label))
                case .error(let message):
                    elements.append(Element(.error, text: message))
                case .group(let content):
                    append(content)
                @unknown default:
                    // A kind of element added to a newer kit than this host was built against.
                    elements.append(Element(.unsupported))
                }
            }
        }
    }
}
