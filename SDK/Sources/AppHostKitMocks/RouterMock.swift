import AppHostKit

/// A ``RouterContract`` that records what a view model asked for, for unit tests.
@MainActor
public final class RouterMock: RouterContract {
    /// Every destination passed to `navigate(to:)`, in order.
    public private(set) var navigatedDestinations: [any Navigation] = []
    /// How many times `goBack()` was called.
    public private(set) var goBackCallCount = 0
    /// How many times `popToRoot()` was called.
    public private(set) var popToRootCallCount = 0

    /// Creates a mock with nothing recorded.
    public init() {}

    public func navigate(to destination: any Navigation) {
        navigatedDestinations.append(destination)
    }

    public func goBack() {
        goBackCallCount += 1
    }

    public func popToRoot() {
        popToRootCallCount += 1
    }
}
