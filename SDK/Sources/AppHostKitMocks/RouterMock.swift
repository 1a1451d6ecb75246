import AppHostKit

/// A ``RouterContract`` that records what a view model asked for, for unit tests.
@MainActor
public final class RouterMock: RouterContract {
    /// Every destination passed to `navigate(to:)`, in order.
    public private(set) var navigatedDestinations: [any Navigation] = []
    /// Every route passed to `navigate(to:)`, in order.
    public private(set) var navigatedRoutes: [Route] = []
    /// Every destination presented, with its style, in order.
    public private(set) var presentedDestinations: [(destination: any Navigation, style: PresentationStyle)] = []
    /// Every alert shown, in order.
    public private(set) var shownAlerts: [Alert] = []
    /// Every confirmation dialog shown, in order.
    public private(set) var shownConfirmationDialogs: [ConfirmationDialog] = []
    /// Every destination passed to `pop(to:)`, in order.
    public private(set) var poppedToDestinations: [any Navigation] = []
    /// Every stack passed to `replaceStack(with:)`, in order.
    public private(set) var replacedStacks: [[any Navigation]] = []
    /// Every result passed to `finish(with:)`, in order.
    public private(set) var finishedResults: [any NavigationResult] = []
    /// How many times `goBack()` was called.
    public private(set) var goBackCallCount = 0
    /// How many times `popToRoot()` was called.
    public private(set) var popToRootCallCount = 0
    /// How many times `dismiss()` was called.
    public private(set) var dismissCallCount = 0

    /// Creates a mock with nothing recorded.
    public init() {}

    /// Records the destination.
    public func navigate(to destination: any Navigation) { navigatedDestinations.append(destination) }
    /// Records the route.
    public func navigate(to route: Route) { navigatedRoutes.append(route) }
    /// Counts the call.
    public func goBack() { goBackCallCount += 1 }
    /// Counts the call.
    public func popToRoot() { popToRootCallCount += 1 }
    /// Records the destination.
    public func pop(to destination: any Navigation) { poppedToDestinations.append(destination) }
    /// Records the stack.
    public func replaceStack(with destinations: [any Navigation]) { replacedStacks.append(destinations) }
    /// Records the destination and its style.
    public func present(_ destination: any Navigation, style: PresentationStyle) {
        presentedDestinations.append((destination, style))
    }
    /// Records the alert.
    public func showAlert(_ alert: Alert) { shownAlerts.append(alert) }
    /// Records the dialog.
    public func showConfirmationDialog(_ dialog: ConfirmationDialog) { shownConfirmationDialogs.append(dialog) }
    /// Counts the call.
    public func dismiss() { dismissCallCount += 1 }
    /// Records the result.
    public func finish(with result: any NavigationResult) { finishedResults.append(result) }
}
