/// The screen's title.
public struct Title: Element {
    /// The node this element draws as.
    public let node: Node
    /// Creates a title.
    public init(_ text: String) { node = .title(text) }
}

/// A paragraph of text.
public struct Text: Element {
    /// The node this element draws as.
    public let node: Node
    /// Creates a paragraph.
    public init(_ text: String) { node = .text(text) }
}

/// A numbered element that runs an action when tapped.
public struct Button: Element {
    /// The node this element draws as.
    public let node: Node
    /// Creates a button with a label and an action, usually a view-model method.
    public init(_ label: String, action: @escaping @MainActor @Sendable () async -> Void) {
        node = .button(label, action: ButtonAction(action))
    }
}

/// A numbered action of the row written just before it (what a swipe or a context menu offers on
/// a device): drawn on that row's line, `Milk (actions: [2] Delete)`, and reached by
/// `tap Milk › Delete` as well as by its number.
public struct RowAction: Element {
    /// The node this element draws as.
    public let node: Node
    /// Creates a row's action with a label and an action, usually a view-model method.
    public init(_ label: String, action: @escaping @MainActor @Sendable () async -> Void) {
        var rowAction = ButtonAction(action)
        rowAction.isRowAction = true
        node = .button(label, action: rowAction)
    }
}

/// A numbered element that navigates to a destination when tapped.
public struct Link: Element {
    /// The node this element draws as.
    public let node: Node
    /// Creates a link to a navigation value, pushed onto the current stack when tapped.
    public init(_ label: String, to destination: some Navigation) {
        do {
            node = .link(label, destination: try Route(destination), failure: nil)
        } catch {
            node = .link(label, destination: nil, failure: error.description)
        }
    }
    /// Creates a link to a route.
    public init(_ label: String, to route: Route) {
        node = .link(label, destination: route, failure: nil)
    }
}

/// A numbered on/off switch.
public struct Toggle: Element {
    /// The node this element draws as.
    public let node: Node
    /// Creates a switch showing `isOn`; tapping it calls `action` with the opposite value.
    public init(_ label: String, isOn: Bool, action: @escaping @MainActor @Sendable (Bool) async -> Void) {
        node = .toggle(label, isOn: isOn, action: ToggleAction(action))
    }
}

/// A numbered, editable line of text.
public struct TextField: Element {
    /// The node this element draws as.
    public let node: Node
    /// Creates a field showing `text`; `type N TEXT` calls `action` with the new text.
    public init(_ label: String, text: String, action: @escaping @MainActor @Sendable (String) async -> Void) {
        node = .textField(label, text: text, action: TextFieldAction(action))
    }
}

/// Rows drawn one per line.
public struct List: Element {
    /// The node this element draws as.
    public let node: Node
    /// Creates a list from a block of rows.
    public init(@ViewBuilder _ rows: () -> [Node]) { node = .list(rows()) }
    /// Creates a list with one row (or more) for each item.
    @inlinable
    public init<Items: Sequence>(_ items: Items, @ViewBuilder row: (Items.Element) -> [Node]) {
        self.init(node: .list(Node.rows(items, row)))
    }
    @usableFromInline
    init(node: Node) { self.node = node }
}

/// Elements for each item of a sequence, with no chrome of their own.
public struct ForEach: Element {
    /// The node this element draws as.
    public let node: Node
    /// Creates the elements for each item.
    @inlinable
    public init<Items: Sequence>(_ items: Items, @ViewBuilder content: (Items.Element) -> [Node]) {
        self.init(node: .group(Node.rows(items, content)))
    }
    @usableFromInline
    init(node: Node) { self.node = node }
}

/// A titled group of elements.
public struct Section: Element {
    /// The node this element draws as.
    public let node: Node
    /// Creates a section, optionally with a header.
    public init(_ header: String? = nil, @ViewBuilder content: () -> [Node]) {
        node = .section(header, content())
    }
}

/// A horizontal rule.
public struct Divider: Element {
    /// The node this element draws as.
    public let node: Node = .divider
    /// Creates a rule.
    public init() {}
}

/// Work in progress.
public struct ProgressIndicator: Element {
    /// The node this element draws as.
    public let node: Node
    /// Creates a progress indicator that says what is being done.
    public init(_ label: String = "Loading…") { node = .progress(label) }
}

/// A failure, shown in place of content.
public struct ErrorMessage: Element {
    /// The node this element draws as.
    public let node: Node
    /// Creates an error message.
    public init(_ message: String) { node = .error(message) }
}

extension Node {
    /// The nodes of each item, in order. Inlinable, as `List` and `ForEach` that call it: it is
    /// compiled into the feature, specialized for its items and its row closure. Its body is part
    /// of the kit's ABI and never changes.
    @inlinable
    static func rows<Items: Sequence>(_ items: Items, _ row: (Items.Element) -> [Node]) -> [Node] {
        var nodes: [Node] = []
        nodes.reserveCapacity(items.underestimatedCount)
        for item in items {
            let part = row(item)
            if part.count == 1 { nodes.append(part[0]) } else { nodes.append(contentsOf: part) }
        }
        return nodes
    }
}
