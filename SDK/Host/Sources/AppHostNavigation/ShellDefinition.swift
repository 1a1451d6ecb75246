@_spi(Host) import AppHostKit

/// An app shell: tabs or a split layout over other features' root destinations,
/// named so that `--start NAME` can open it. The host knows shells only by name.
public struct ShellDefinition: Hashable, Sendable {
    /// The shell's name, e.g. `main`.
    public var name: String
    /// Tabs or split.
    public var style: ShellStyle
    /// The items, in order.
    public var items: [ShellItem]
    /// The feature that registered it.
    public var feature: String

    /// Creates a shell.
    public init(name: String, style: ShellStyle, items: [ShellItem], feature: String) {
        self.name = name
        self.style = style
        self.items = items
        self.feature = feature
    }
}

extension ShellDefinition {
    /// The shell a feature registered.
    package init(_ registration: ShellRegistration) {
        self.init(name: registration.name, style: registration.style, items: registration.items, feature: registration.feature)
    }
}
