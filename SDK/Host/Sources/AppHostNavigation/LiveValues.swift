@_spi(Host) import AppHostKit

/// The live values of one session's destinations (see `LiveNavigation`): a route on a stack stands
/// for one as `NAME?live=N`, and the value stays here, in memory, while a stack holds that route.
/// Numbers count from 1 in each session, so a replayed session gets the same routes.
@MainActor
public final class LiveValues {
    /// The parameter that numbers a live destination's route.
    nonisolated public static let parameter = "live"

    private var values: [Int: any LiveNavigation] = [:]
    private var next = 1
    /// The numbers of the live routes the session's stacks hold now; what is not among them is dropped.
    package var referenced: (@MainActor () -> Set<Int>)?

    /// Creates an empty store.
    public init() {}

    /// Keeps `value` and returns the route that stands for it on a stack.
    package func add(_ value: any LiveNavigation) -> Route {
        if let referenced = referenced?(), values.count > referenced.count {
            values = values.filter { referenced.contains($0.key) }
        }
        let number = next
        next += 1
        values[number] = value
        return Route(name: type(of: value).routeName, parameters: [Route.Parameter(name: Self.parameter, value: String(number))])
    }

    /// The value `route` stands for, if it is a live route of this session whose value is kept.
    public func value(for route: Route) -> (any LiveNavigation)? {
        Self.number(of: route).flatMap { values[$0] }
    }

    /// The number of a live route, `NAME?live=N`.
    package nonisolated static func number(of route: Route) -> Int? {
        guard route.destination == nil, route.parameters.count == 1, route.parameters[0].name == parameter else { return nil }
        return Int(route.parameters[0].value)
    }

    /// How many values are kept (some may belong to routes no stack holds any more).
    public var count: Int { values.count }
}

extension NavigationState {
    /// The numbers of the live routes in this stack and the stacks presented over it.
    package func liveNumbers() -> Set<Int> {
        var numbers = Set(stack.compactMap(LiveValues.number(of:)))
        if let presented = presentation?.presentedState { numbers.formUnion(presented.liveNumbers()) }
        return numbers
    }

    /// This state up to its first route for which `isLive` holds: the stack is cut before it and what
    /// was presented over it is dropped; nil if the root itself is live. `omitted` gets that route.
    package func restorable(isLive: (Route) -> Bool, omitted: inout Route?) -> NavigationState? {
        if isLive(root) {
            omitted = omitted ?? root
            return nil
        }
        if let index = path.firstIndex(where: isLive) {
            omitted = omitted ?? path[index]
            return NavigationState(root: root, path: Array(path[..<index]))
        }
        guard let presentation, let presented = presentation.presentedState else { return self }
        var state = self
        state.presentation = presented.restorable(isLive: isLive, omitted: &omitted).map { presentation.replacingState(with: $0) }
        return state
    }
}
