/// A value that travels as a ``Route``: a named enum (or struct) of primitives.
///
/// Such values cross feature boundaries as their `Codable` form, a route such as
/// `character/detail?identifier=1`, so they hold primitives only (`Int`,
/// `String`, `Bool`, `Double`, `UUID`), never domain objects.
public protocol RouteCodable: Hashable, Sendable, Codable {
    /// The stable name of the type: the first segment of its routes, e.g. `"character"`.
    static var routeName: String { get }
}

/// A destination a feature can be navigated to.
public protocol Navigation: RouteCodable {}

/// A value a destination hands back to the screen that pushed or presented it,
/// e.g. the character a picker sheet chose. Received through ``ResultReceiver``.
public protocol NavigationResult: RouteCodable {}

extension RouteCodable {
    /// This value as a type-erased route, e.g. `character/detail?identifier=1`.
    public var route: Route {
        get throws(RouteError) { try Route(self) }
    }
}
