@_spi(Host) import AppHostKit

/// The whole navigation state of a session: an optional shell, its selected
/// item, and one stack (with its presentations) for each item; a single stack
/// when there is no shell. It is `Codable`, for state files, and has a one-line
/// text form, for deep links (see ``DeepLink``).
public struct AppState: Hashable, Sendable, Codable {
    /// The shell's name, or nil for a single stack.
    public var shell: String?
    /// The index of the selected tab or sidebar item.
    public var selected: Int
    /// One stack per shell item, in the shell's order; exactly one without a shell.
    public var stacks: [NavigationState]

    /// A single stack.
    public init(_ stack: NavigationState) {
        shell = nil
        selected = 0
        stacks = [stack]
    }

    /// A shell's state.
    public init(shell: String, selected: Int, stacks: [NavigationState]) {
        self.shell = shell
        self.selected = selected
        self.stacks = stacks
    }

    /// The stack of the selected item.
    public var current: NavigationState {
        get { stacks[selected] }
        set { stacks[selected] = newValue }
    }
}
