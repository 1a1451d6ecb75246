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

    /// The name a flow can use besides the label, if the element has one (`accessibilityIdentifier`).
    public var identifier: String? {
        switch self {
        case .button(_, let action): action.identifier
        case .toggle(_, _, let action): action.identifier
        case .textField(_, _, let action): action.identifier
        case .link, .dialogButton: nil
        }
    }

    /// What acting on the element does, if its feature says (`accessibilityHint`).
    public var hint: String? {
        switch self {
        case .button(_, let action): action.hint
        case .toggle(_, _, let action): action.hint
        case .textField(_, _, let action): action.hint
        case .link, .dialogButton: nil
        }
    }

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
    /// An alert or a confirmation dialog presented over the stack `depth` presentations up. (Its
    /// parts and not the kit's `Alert`, whose size the host learns only at run time: a layer
    /// holding one would be copied through the runtime each time it is looked at.)
    case dialog(title: String, message: String?, buttons: [AlertButton], confirmation: Bool, depth: Int)

    /// The layer of `alert`, or of a confirmation dialog, presented over the stack `depth` presentations up.
    public static func dialog(_ alert: Alert, confirmation: Bool, depth: Int) -> RenderLayer {
        .dialog(title: alert.title, message: alert.message, buttons: alert.buttons, confirmation: confirmation, depth: depth)
    }
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
    public var style: ShellStyle {
        get { ShellStyle(rawValue: styleName) ?? .tabs }
        set { styleName = newValue.rawValue }
    }
    /// The items' titles, in order.
    public var titles: [String]
    /// The index of the selected item.
    public var selected: Int
    /// The style's name: the kit's enums are resilient, of a size the host learns only at run
    /// time, and a layout holding one would be copied through the runtime at every step.
    private var styleName: String

    /// Creates the chrome of a shell.
    public init(style: ShellStyle, titles: [String], selected: Int) {
        self.styleName = style.rawValue
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

    /// The top layer's actionable element `tap number` reaches, if there is one.
    public func action(number: Int) -> ScreenAction? {
        layers.last?.action(at: number - 1)
    }

    /// How many actionable elements the top layer has.
    public var actionCount: Int { layers.last?.actionCount ?? 0 }

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
        /// How many of the elements are actionable.
        public var actionCount: Int
        /// Whether this is the top layer, whose elements are numbered.
        public var isTop = false
        /// What the layer was laid out from, and its actions are read from when asked for.
        @_spi(Fuzzing) public var source: Source

        /// What a layer is laid out from.
        @_spi(Fuzzing) public enum Source {
            /// A screen's or a sheet's body.
            case body([Node])
            /// A dialog's buttons, the dialog presented over the stack `depth` presentations up.
            /// (Its buttons and not the kit's `Alert`, whose size the host learns only at run time:
            /// a layer holding one would be copied through the runtime.)
            case dialog([AlertButton], depth: Int)
        }

        /// The layer's actionable elements in order; an actionable element is `actions[element.action]`.
        ///
        /// They are read from the layer's source when asked for: most screens are drawn and
        /// never tapped, and a tap needs one action (``action(at:)``).
        public var actions: [ScreenAction] {
            struct All: LayoutVisitor {
                var actions: [ScreenAction] = []
                mutating func visit(_ element: Element) {}
                mutating func visit(actionable element: Element, _ action: () -> ScreenAction) -> Bool {
                    actions.append(action())
                    return true
                }
            }
            var all = All()
            all.actions.reserveCapacity(actionCount)
            source.walk(&all)
            return all.actions
        }

        /// The actionable element at `index` (`actions[index]`), if there is one.
        public func action(at index: Int) -> ScreenAction? {
            struct At: LayoutVisitor {
                var remaining: Int
                var found: ScreenAction?
                mutating func visit(_ element: Element) {}
                mutating func visit(actionable element: Element, _ action: () -> ScreenAction) -> Bool {
                    guard remaining == 0 else {
                        remaining -= 1
                        return true
                    }
                    found = action()
                    return false
                }
            }
            guard index >= 0, index < actionCount else { return nil }
            var at = At(remaining: index)
            source.walk(&at)
            return at.found
        }

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
        /// Whether a button is an action of the row before it (a swipe action, a context menu's
        /// item): drawn on the row's line, after the row.
        public var isRowAction = false
        /// An actionable element's index in its layer's ``Layer/actions``.
        public var action = 0
        /// The font and colour the element's text is drawn in, where its view gave them: in the
        /// JSON layout, not in the text.
        public var looks: TextLooks?

        /// Whether the element can be a row that actions follow: a text or an actionable element.
        public var isRow: Bool {
            switch kind {
            case .text, .button, .link, .toggle, .textField: true
            default: false
            }
        }

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
            switch layer {
            case .screen(let body, let breadcrumbs), .sheet(let body, let breadcrumbs):
                let kind: Layer.Kind = if case .sheet = layer { .sheet } else { .screen }
                Layer.Source.walk(body, &builder)
                laid.append(
                    Layer(
                        kind: kind,
                        title: body.firstTitle ?? breadcrumbs.titles.last ?? "",
                        breadcrumbs: breadcrumbs,
                        elements: builder.elements,
                        actionCount: builder.actionCount,
                        source: .body(body)
                    )
                )
            case .dialog(let title, let message, let buttons, let confirmation, let depth):
                Layer.Source.walk(buttons, depth: depth, &builder)
                laid.append(
                    Layer(
                        kind: confirmation ? .confirmationDialog : .alert,
                        title: title,
                        breadcrumbs: [],
                        message: message,
                        elements: builder.elements,
                        actionCount: builder.actionCount,
                        source: .dialog(buttons, depth: depth)
                    )
                )
            }
        }
        if !laid.isEmpty { laid[laid.count - 1].isTop = true }
        self.layers = laid
        self.chrome = chrome
    }

    /// Keeps the walk's elements, numbering the actionable ones.
    private struct Builder: LayoutVisitor {
        var elements: [Element] = []
        var actionCount = 0

        mutating func visit(_ element: Element) {
            elements.append(element)
        }

        mutating func visit(actionable element: Element, _ action: () -> ScreenAction) -> Bool {
            var element = element
            element.action = actionCount
            elements.append(element)
            actionCount += 1
            return true
        }
    }
}
