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
