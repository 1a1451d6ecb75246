/// A destination a feature can be navigated to: an enum (or struct) of primitives.
///
/// Navigation values cross feature boundaries as their `Codable` form, a ``Route``
/// such as `character/detail?identifier=1`, so they hold primitives only
/// (`Int`, `String`, `Bool`, `Double`, `UUID`), never domain objects.
public protocol Navigation: Hashable, Sendable, Codable {
    /// The stable name this type is registered under: the first segment of its routes, e.g. `"character"`.
    static var routeName: String { get }
}

extension Navigation {
    /// This value as a type-erased route, e.g. `character/detail?identifier=1`.
    public var route: Route {
        get throws(RouteError) { try Route(self) }
    }
}
