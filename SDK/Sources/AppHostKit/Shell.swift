/// How a shell lays out its items.
public enum ShellStyle: String, Hashable, Sendable, Codable {
    /// A tab bar under the screen; each tab keeps a stack of its own.
    case tabs
    /// A sidebar beside a detail stack, collapsing to one stack on narrow widths.
    case split
}

/// One item of a shell: a title and the registered name whose root destination it starts at.
public struct ShellItem: Hashable, Sendable, Codable {
    /// The tab's or sidebar row's title, e.g. `Characters`.
    public var title: String
    /// The registered name whose root destination the item starts at, e.g. `character`.
    public var destination: String

    /// Creates an item.
    public init(_ title: String, destination: String) {
        self.title = title
        self.destination = destination
    }

    /// The item's name in deep links and `tab NAME`: its destination name.
    public var name: String { destination }
}

/// A shell as a feature registered it, for the host to check and store.
@_spi(Host)
public struct ShellRegistration: Hashable, Sendable {
    /// The shell's name, e.g. `main`.
    public var name: String
    /// Tabs or split.
    public var style: ShellStyle
    /// The items, in order.
    public var items: [ShellItem]
    /// The feature that registered it.
    public var feature: String
}
