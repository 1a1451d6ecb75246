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
public protocol Navigation: RouteCodable {
    /// One value of each destination of the type, so that tools can list them with their parameters:
    /// `apphost routes`, Tab completion after `open`, flow coverage and the crawler. A type whose
    /// cases carry no values gets them from `CaseIterable`; others list one value per case:
    ///
    /// ```swift
    /// public static let allDestinations: [CharacterNavigation] = [.list, .detail(identifier: 1)]
    /// ```
    ///
    /// Empty by default: the type's destinations are then unknown to tools. A case left out of the
    /// list still works; tools just do not offer it.
    static var allDestinations: [Self] { get }

    /// The title of the destination's screen while its view names none (a detail still loading,
    /// a screen with no `navigationTitle`): the header, the breadcrumbs, the crawl and the graph
    /// use it. `nil` by default: a screen with no title then has none, as on a device.
    var fallbackTitle: String? { get }
}

extension Navigation {
    /// None listed: the type's destinations are unknown to tools.
    public static var allDestinations: [Self] { [] }

    /// No fallback: a screen with no title has none.
    public var fallbackTitle: String? { nil }
}

extension Navigation where Self: CaseIterable {
    /// Every case.
    public static var allDestinations: [Self] { Array(allCases) }
}

/// One destination as tools show it: its name and its parameters with their types.
@_spi(Host)
public struct DestinationSummary: Hashable, Sendable {
    /// The destination's name (the enum case), e.g. `detail`.
    public var name: String
    /// Its parameters in order.
    public var parameters: [Parameter]

    /// One parameter: its name and its type, `int`, `double`, `bool`, `string` or `uuid`.
    public struct Parameter: Hashable, Sendable {
        /// The parameter's name, e.g. `identifier`.
        public var name: String
        /// Its type: `int`, `double`, `bool`, `string` or `uuid`.
        public var type: String

        /// Creates a parameter's summary.
        public init(name: String, type: String) {
            self.name = name
            self.type = type
        }
    }

    /// The destinations `Value.allDestinations` lists, each once, in order; a value that cannot be a
    /// route, or a struct value (no destination name), is left out.
    public static func of<Value: Navigation>(_ type: Value.Type) -> [DestinationSummary] {
        var seen: Set<String> = []
        var summaries: [DestinationSummary] = []
        for value in Value.allDestinations {
            guard let typed = try? RouteEncoding.encodeTyped(value), let name = typed.route.destination,
                seen.insert(name).inserted
            else { continue }
            let parameters = zip(typed.route.parameters, typed.types).map { Parameter(name: $0.name, type: $1) }
            summaries.append(DestinationSummary(name: name, parameters: parameters))
        }
        return summaries
    }
}

/// A value a destination hands back to the screen that pushed or presented it,
/// e.g. the character a picker sheet chose. Received through ``ResultReceiver``.
public protocol NavigationResult: RouteCodable {}

extension RouteCodable {
    /// This value as a type-erased route, e.g. `character/detail?identifier=1`.
    public var route: Route {
        get throws(RouteError) { try Route(self) }
    }
}
