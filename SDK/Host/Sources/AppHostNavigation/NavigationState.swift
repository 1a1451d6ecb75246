@_spi(Host) import AppHostKit

/// Where the user is in one stack: a root destination, the stack pushed above
/// it, and at most one presentation on top (which may hold a stack of its own).
public struct NavigationState: Hashable, Sendable, Codable {
    /// The destination the stack starts from.
    public var root: Route
    /// The destinations pushed above the root, bottom first.
    public var path: [Route]
    /// What is presented over the top of the stack, if anything.
    public var presentation: Presentation?

    /// Creates a state at `root` with `path` pushed above it.
    public init(root: Route, path: [Route] = [], presentation: Presentation? = nil) {
        self.root = root
        self.path = path
        self.presentation = presentation
    }

    /// The whole stack, root first.
    public var stack: [Route] { [root] + path }

    /// The number of destinations in ``stack``.
    public var count: Int { path.count + 1 }

    /// The number of routes in this stack and every stack presented over it.
    public var routeCount: Int {
        count + (presentation?.presentedState?.routeCount ?? 0)
    }

    /// The destination at `index` of ``stack`` (0 is the root), without building the stack.
    public subscript(index: Int) -> Route {
        index == 0 ? root : path[index - 1]
    }

    /// The destination on top of this stack (under any presentation).
    public var top: Route { path.last ?? root }

    /// The number of stacks presented above this one (sheets and covers, nested).
    public var presentedDepth: Int {
        presentation?.presentedState.map { 1 + $0.presentedDepth } ?? 0
    }

    /// The state of the stack `depth` presentations up (0 is this one); nil if there is none.
    public func scope(_ depth: Int) -> NavigationState? {
        guard depth > 0 else { return self }
        return presentation?.presentedState?.scope(depth - 1)
    }

    /// Changes the state of the stack `depth` presentations up; does nothing if there is none.
    public mutating func updateScope(_ depth: Int, _ change: (inout NavigationState) -> Void) {
        guard depth > 0 else {
            change(&self)
            return
        }
        guard var presented = presentation?.presentedState else { return }
        let isSheet = if case .sheet = presentation { true } else { false }
        // Let go of the presentation first, so the presented stack is changed in place, not copied.
        presentation = nil
        presented.updateScope(depth - 1, change)
        presentation = isSheet ? .sheet(presented) : .fullScreenCover(presented)
    }
}

/// What is presented over a stack: a sheet or cover with its own stack, an alert, or a confirmation dialog.
public indirect enum Presentation: Hashable, Sendable, Codable {
    /// A sheet with its own stack.
    case sheet(NavigationState)
    /// A full-screen cover with its own stack.
    case fullScreenCover(NavigationState)
    /// An alert.
    case alert(Alert)
    /// A confirmation dialog.
    case confirmationDialog(ConfirmationDialog)

    /// The stack a sheet or cover holds; nil for alerts and dialogs.
    public var presentedState: NavigationState? {
        switch self {
        case .sheet(let state), .fullScreenCover(let state): state
        case .alert, .confirmationDialog: nil
        }
    }

    /// The alert or dialog, if this is one.
    public var dialog: Alert? {
        switch self {
        case .alert(let alert), .confirmationDialog(let alert): alert
        case .sheet, .fullScreenCover: nil
        }
    }

    /// The same kind of presentation over another stack; alerts and dialogs are returned as they are.
    public func replacingState(with state: NavigationState) -> Presentation {
        switch self {
        case .sheet: .sheet(state)
        case .fullScreenCover: .fullScreenCover(state)
        case .alert, .confirmationDialog: self
        }
    }
}
