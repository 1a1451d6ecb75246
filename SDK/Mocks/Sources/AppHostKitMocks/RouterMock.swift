import AppHostKit

/// One thing a view model asked of its router. Navigation values are kept as their routes,
/// as the host would see them, so a destination that cannot become a route shows as ``failed(_:)``.
public enum RouterEvent: Hashable, Sendable {
    /// `navigate(to:)`.
    case navigate(Route)
    /// `goBack()`.
    case goBack
    /// `popToRoot()`.
    case popToRoot
    /// `pop(to:)`.
    case pop(to: Route)
    /// `replaceStack(with:)`, root first.
    case replaceStack([Route])
    /// `present(_:style:)`.
    case present(Route, PresentationStyle)
    /// `showAlert(_:)`.
    case showAlert(Alert)
    /// `showConfirmationDialog(_:)`.
    case showConfirmationDialog(ConfirmationDialog)
    /// `dismiss()`.
    case dismiss
    /// `finish(with:)`, with the result as a route.
    case finish(Route)
    /// `navigate(toLive:)`, with the destination's name; the value is in ``RouterMock/liveDestinations``.
    case navigateLive(String)
    /// `present(live:style:)`, with the destination's name; the value is in ``RouterMock/liveDestinations``.
    case presentLive(String, PresentationStyle)
    /// A value that cannot become a route was passed: the host would refuse it.
    case failed(RouteError)
}

/// A ``RouterContract`` that records what a view model asked for, in order, for unit tests:
///
/// ```swift
/// sut.didTapOnCharacterButton()
/// #expect(router.events == [.navigate(try Route(CharacterNavigation.detail(identifier: 1)))])
/// ```
@MainActor
public final class RouterMock: RouterContract {
    /// Everything asked for, in order.
    public private(set) var events: [RouterEvent] = []
    /// The destinations that hold live values navigated to or presented, in order, as they were passed.
    public private(set) var liveDestinations: [any LiveNavigation] = []

    /// Creates a mock with nothing recorded.
    public init() {}

    private func record(_ value: some RouteCodable, as event: (Route) -> RouterEvent) {
        do {
            events.append(event(try Route(value)))
        } catch {
            events.append(.failed(error))
        }
    }

    /// Records the destination as its route.
    public func navigate(to destination: any Navigation) { record(destination, as: RouterEvent.navigate) }
    /// Records the route.
    public func navigate(to route: Route) { events.append(.navigate(route)) }
    /// Records the call.
    public func goBack() { events.append(.goBack) }
    /// Records the call.
    public func popToRoot() { events.append(.popToRoot) }
    /// Records the destination as its route.
    public func pop(to destination: any Navigation) { record(destination) { .pop(to: $0) } }
    /// Records the stack as routes.
    public func replaceStack(with destinations: [any Navigation]) {
        var routes: [Route] = []
        for destination in destinations {
            do {
                routes.append(try Route(destination))
            } catch {
                events.append(.failed(error))
                return
            }
        }
        events.append(.replaceStack(routes))
    }
    /// Records the destination as its route, and the style.
    public func present(_ destination: any Navigation, style: PresentationStyle) { record(destination) { .present($0, style) } }
    /// Records the route and the style.
    public func present(_ route: Route, style: PresentationStyle) { events.append(.present(route, style)) }
    /// Records the destination's name, and keeps the value.
    public func navigate(toLive destination: any LiveNavigation) {
        liveDestinations.append(destination)
        events.append(.navigateLive(type(of: destination).routeName))
    }
    /// Records the destination's name and the style, and keeps the value.
    public func present(live destination: any LiveNavigation, style: PresentationStyle) {
        liveDestinations.append(destination)
        events.append(.presentLive(type(of: destination).routeName, style))
    }
    /// Records the alert.
    public func showAlert(_ alert: Alert) { events.append(.showAlert(alert)) }
    /// Records the dialog.
    public func showConfirmationDialog(_ dialog: ConfirmationDialog) { events.append(.showConfirmationDialog(dialog)) }
    /// Records the call.
    public func dismiss() { events.append(.dismiss) }
    /// Records the result as its route.
    public func finish(with result: any NavigationResult) { record(result, as: RouterEvent.finish) }
}
