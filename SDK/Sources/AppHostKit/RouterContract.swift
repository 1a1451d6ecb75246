/// What a view model may ask of navigation. View models get this, never the concrete ``Router``.
@MainActor
public protocol RouterContract: AnyObject {
    /// Pushes a destination onto the stack.
    func navigate(to destination: any Navigation)
    /// Pops the top destination; does nothing at the root.
    func goBack()
    /// Pops every destination above the root.
    func popToRoot()
}
