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
        guard case .some(let presentation) = presentation, var presented = presentation.presentedState else { return }
        presented.updateScope(depth - 1, change)
        self.presentation = presentation.replacingState(with: presented)
    }
}

/// How a destination is presented over the stack.
public enum PresentationStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// A sheet: drawn over the screen under it, with a stack of its own.
    case sheet
    /// A full-screen cover: replaces the screen under it, with a stack of its own.
    case fullScreenCover = "cover"
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

/// An alert or a confirmation dialog: a title, an optional message and buttons.
///
/// Buttons carry data, not closures, so a dialog can be saved and restored:
/// a button may hand a result back to the screen that showed the dialog.
public struct Alert: Hashable, Sendable, Codable {
    /// The title.
    public var title: String
    /// The message under the title.
    public var message: String?
    /// The buttons, in order.
    public var buttons: [AlertButton]

    /// Creates an alert; with no buttons it gets a single OK.
    public init(title: String, message: String? = nil, buttons: [AlertButton] = []) {
        self.title = title
        self.message = message
        self.buttons = buttons.isEmpty ? [AlertButton("OK", role: .cancel)] : buttons
    }
}

/// A confirmation dialog has the shape of an alert; it is drawn as a list of choices.
public typealias ConfirmationDialog = Alert

/// One button of an alert or a confirmation dialog.
public struct AlertButton: Hashable, Sendable, Codable {
    /// What a button is for.
    public enum Role: String, Hashable, Sendable, Codable {
        case `default`
        case cancel
        case destructive
    }

    /// The label.
    public var label: String
    /// The role.
    public var role: Role
    /// The result handed to the screen that showed the dialog when this button is tapped, if any.
    public var result: Route?

    /// Creates a button that just dismisses the dialog.
    public init(_ label: String, role: Role = .default) {
        self.label = label
        self.role = role
        self.result = nil
    }

    /// Creates a button that dismisses the dialog and hands `result` to the screen that showed it.
    public init(_ label: String, role: Role = .default, result: some NavigationResult) throws(RouteError) {
        self.label = label
        self.role = role
        self.result = try Route(result)
    }
}
