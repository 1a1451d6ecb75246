/// One element of a headless screen, as the renderer sees it.
///
/// Views build these with the ``ViewBuilder`` DSL (``Title``, ``Text``, ``Button``,
/// ``Link``, ``Toggle``, ``TextField``, ``List``, ``Section``, ``Divider``,
/// ``ProgressIndicator``, ``ErrorMessage``);
/// the host numbers the actionable ones (buttons, links, toggles, text fields) in the order they appear.
public enum Node: Sendable {
    /// The screen's title, shown in the header and the breadcrumbs.
    case title(String)
    /// A paragraph of text, wrapped to the width.
    case text(String)
    /// An actionable element that runs an action of the view model.
    case button(String, action: ButtonAction)
    /// An actionable element that navigates to a route; `failure` says why it cannot.
    case link(String, destination: Route?, failure: String?)
    /// Rows, each drawn on its own line.
    case list([Node])
    /// A titled group of elements.
    case section(String?, [Node])
    /// An actionable on/off switch; tapping it runs the action with the new value.
    case toggle(String, isOn: Bool, action: ToggleAction)
    /// An editable line of text; `type N TEXT` runs the action with the new text.
    case textField(String, text: String, action: TextFieldAction)
    /// A horizontal rule.
    case divider
    /// Work in progress, with what is being done.
    case progress(String)
    /// Something failed, with what failed.
    case error(String)
    /// Elements with no chrome of their own.
    case group([Node])
    /// Elements drawn in a font or a colour: laid out as their content, with the looks given
    /// to each element of it in the screen's JSON layout (the text leaves them out, as a reader does).
    case styled(TextLooks, [Node])
}

/// How an element's text is drawn: its font and colour, as the view wrote them, for the screen's
/// JSON layout. Each is a short description (`headline`, `system 28 bold`; `#FF3B30FF`,
/// `secondary`); `nil` is the system's default.
public struct TextLooks: Hashable, Sendable {
    /// The font, as a description of what it was made of.
    public var font: String?
    /// The colour or style of the foreground, as `#RRGGBBAA` where its components are known.
    public var color: String?

    /// Looks of a font and a colour, either left to the default.
    public init(font: String? = nil, color: String? = nil) {
        self.font = font
        self.color = color
    }

    /// Whether both are the default.
    public var isEmpty: Bool { font == nil && color == nil }
}

/// The action behind a ``Toggle``: called with the new value.
public struct ToggleAction: Sendable {
    /// Runs the action.
    public let perform: @MainActor @Sendable (Bool) async -> Void
    /// The same action, when it never suspends (a SwiftUI control's): run in place, with no task.
    public let performNow: (@MainActor @Sendable (Bool) -> Void)?
    /// A name a flow can use for the element besides its label (SwiftUI's `accessibilityIdentifier`).
    public var identifier: String?
    /// What acting on the element does, as a reader says it after a pause (SwiftUI's
    /// `accessibilityHint`): given in the screen's JSON, not drawn in its text.
    public var hint: String?

    /// Wraps an action.
    public init(_ perform: @escaping @MainActor @Sendable (Bool) async -> Void) {
        self.perform = perform
        performNow = nil
    }

    /// Wraps an action that never suspends.
    public init(synchronous perform: @escaping @MainActor @Sendable (Bool) -> Void) {
        self.perform = { perform($0) }
        performNow = perform
    }
}

/// The action behind a ``TextField``: called with the new text.
public struct TextFieldAction: Sendable {
    /// Runs the action.
    public let perform: @MainActor @Sendable (String) async -> Void
    /// The same action, when it never suspends (a SwiftUI control's): run in place, with no task.
    public let performNow: (@MainActor @Sendable (String) -> Void)?
    /// A name a flow can use for the element besides its label (SwiftUI's `accessibilityIdentifier`).
    public var identifier: String?
    /// What acting on the element does, as a reader says it after a pause (SwiftUI's
    /// `accessibilityHint`): given in the screen's JSON, not drawn in its text.
    public var hint: String?

    /// Wraps an action.
    public init(_ perform: @escaping @MainActor @Sendable (String) async -> Void) {
        self.perform = perform
        performNow = nil
    }

    /// Wraps an action that never suspends.
    public init(synchronous perform: @escaping @MainActor @Sendable (String) -> Void) {
        self.perform = { perform($0) }
        performNow = perform
    }
}

/// The action behind a ``Button``.
public struct ButtonAction: Sendable {
    /// Runs the action.
    public let perform: @MainActor @Sendable () async -> Void
    /// The same action, when it never suspends (a SwiftUI button's): run in place, with no task.
    public let performNow: (@MainActor @Sendable () -> Void)?
    /// A name a flow can use for the element besides its label (SwiftUI's `accessibilityIdentifier`).
    public var identifier: String?
    /// What acting on the element does, as a reader says it after a pause (SwiftUI's
    /// `accessibilityHint`): given in the screen's JSON, not drawn in its text.
    public var hint: String?
    /// An action of the row drawn just before it (a swipe action, a context menu's item), as a
    /// reader of the device offers a row's actions on the row: drawn on that row's line, after
    /// it, and named with it.
    public var isRowAction = false

    /// Wraps an action.
    public init(_ perform: @escaping @MainActor @Sendable () async -> Void) {
        self.perform = perform
        performNow = nil
    }

    /// Wraps an action that never suspends.
    public init(synchronous perform: @escaping @MainActor @Sendable () -> Void) {
        self.perform = { perform() }
        performNow = perform
    }
}
