/// What a view model may ask of navigation. View models get this, never the concrete ``Router``.
///
/// Each presented sheet or cover is a scope of its own: a view model inside it
/// gets that scope's router, so `navigate(to:)` pushes onto the sheet's stack
/// and `dismiss()` drops the sheet.
@MainActor
public protocol RouterContract: AnyObject {
    /// Pushes a destination onto this scope's stack.
    func navigate(to destination: any Navigation)
    /// Pushes a route onto this scope's stack.
    func navigate(to route: Route)
    /// Pops this scope's top destination; at the root of a sheet, dismisses the sheet.
    func goBack()
    /// Pops every destination above this scope's root.
    func popToRoot()
    /// Pops down to the topmost occurrence of `destination` in this scope's stack.
    func pop(to destination: any Navigation)
    /// Replaces this scope's whole stack, root first; an empty list changes nothing.
    func replaceStack(with destinations: [any Navigation])
    /// Presents a destination as a sheet or full-screen cover with a stack of its own.
    func present(_ destination: any Navigation, style: PresentationStyle)
    /// Presents a route as a sheet or full-screen cover with a stack of its own: a destination of
    /// a feature whose types this one does not import, or an outgoing value's route.
    func present(_ route: Route, style: PresentationStyle)
    /// Pushes a destination that holds live values (see ``LiveNavigation``) onto this scope's stack.
    func navigate(toLive destination: any LiveNavigation)
    /// Presents a destination that holds live values as a sheet or full-screen cover.
    func present(live destination: any LiveNavigation, style: PresentationStyle)
    /// Shows an alert over this scope, replacing whatever it presented.
    func showAlert(_ alert: Alert)
    /// Shows a confirmation dialog over this scope, replacing whatever it presented.
    func showConfirmationDialog(_ dialog: ConfirmationDialog)
    /// Dismisses what this scope presented or, if nothing, this scope itself when it is a sheet or cover.
    func dismiss()
    /// Leaves this destination (pops it, or dismisses its sheet at the sheet's root)
    /// and hands `result` to the screen that is then on top.
    func finish(with result: any NavigationResult)
}

extension RouterContract {
    /// For conformers written before the requirement existed: the host's Router and RouterMock
    /// implement it. A conformer of one's own that does not, and is asked to present a route, stops
    /// here naming itself.
    public func present(_ route: Route, style: PresentationStyle) {
        preconditionFailure("\(Self.self) does not implement RouterContract.present(_ route:style:)")
    }

    /// As ``present(_:style:)-(Route,_)``: for conformers written before the requirement existed.
    public func navigate(toLive destination: any LiveNavigation) {
        preconditionFailure("\(Self.self) does not implement RouterContract.navigate(toLive:)")
    }

    /// As ``present(_:style:)-(Route,_)``: for conformers written before the requirement existed.
    public func present(live destination: any LiveNavigation, style: PresentationStyle) {
        preconditionFailure("\(Self.self) does not implement RouterContract.present(live:style:)")
    }
}
