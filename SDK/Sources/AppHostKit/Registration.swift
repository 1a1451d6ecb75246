// What a feature's registration produces, for the host to check and store.
// Feature authors never touch these: they call FeatureContext.register.

/// One navigation type with its screen factory, ready to be added to a registry.
@_spi(Host)
@MainActor
public struct Registration {
    /// The route name, e.g. `character`.
    public let name: String
    /// The navigation type's qualified name, e.g. `CharacterInterface.CharacterNavigation`.
    public let typeName: String
    /// The feature that registered it.
    public let feature: String
    /// The file the feature was loaded from, if it was loaded from one.
    public let origin: String?
    /// The route `--start NAME` opens, if the type has one.
    public let root: Route?
    /// Makes the screen of a route of this type.
    public let makeScreen: @MainActor (Route, any RouterContract) throws(RouteError) -> Screen
    /// Checks that a route decodes into this type.
    public let check: (Route) throws(RouteError) -> Void
    /// The type's destinations as ``Navigation/allDestinations`` lists them; nil if it lists none.
    public private(set) var destinations: [DestinationSummary]? = nil
    /// What the registration is: destinations with screens, or a part of the app layer.
    public private(set) var role: Role = .destinations

    /// What a registration is.
    public enum Role {
        /// Destinations the feature draws.
        case destinations
        /// A feature's outgoing values, which the app redirects; they have no screens.
        case outgoing
        /// The app's declaration, under ``AppDeclaration/registeredName``.
        case app(AppDeclaration)
        /// A deep-link handler for `scheme://host`: a URL to one of the feature's destinations, or nil.
        case deepLinks(scheme: String, host: String, resolve: @MainActor (DeepLinkURL) -> Route?, makeURL: @MainActor (Route) -> String?)
        /// Destinations that hold live values: the screen of a value kept in memory, or nil if it is
        /// not of the registered type.
        case live(makeScreen: @MainActor (any LiveNavigation, any RouterContract) -> Screen?)
    }

    /// Registers `type`'s live destinations and their screens.
    init<Value: LiveNavigation>(live type: Value.Type, feature: String, origin: String?, makeScreen: @escaping @MainActor (Value, any RouterContract) -> Screen) {
        self.init(
            name: Value.routeName, typeName: _typeName(Value.self, qualified: true), feature: feature, origin: origin,
            role: .live(makeScreen: { value, router in (value as? Value).map { makeScreen($0, router) } }),
            check: { (route) throws(RouteError) in
                throw RouteError(route: route.description, message: "holds live values, which no link carries; it is reached only by navigating to it")
            }
        )
    }

    /// A registration of the app layer, which has no screens: its name, its role, and how its routes are checked.
    init(name: String, typeName: String, feature: String, origin: String?, role: Role, check: @escaping (Route) throws(RouteError) -> Void) {
        self.init(name: name, typeName: typeName, feature: feature, origin: origin, root: nil, check: check) { (route, _) throws(RouteError) in
            throw RouteError(route: route.description, message: "is not a destination with a screen (\(typeName))")
        }
        self.role = role
    }

    /// Registers `type`'s values as outgoing: the app redirects them.
    init<Value: OutgoingNavigation>(outgoing type: Value.Type, feature: String, origin: String?) {
        self.init(
            name: Value.routeName, typeName: _typeName(Value.self, qualified: true), feature: feature, origin: origin,
            role: .outgoing, check: { (route) throws(RouteError) in _ = try route.decode(as: Value.self) }
        )
        let listed = DestinationSummary.of(Value.self)
        destinations = listed.isEmpty ? nil : listed
    }

    /// Describes routes that no Swift type stands for (a C feature's), by name and closures.
    public init(
        name: String,
        typeName: String,
        feature: String,
        origin: String?,
        root: Route?,
        check: @escaping (Route) throws(RouteError) -> Void,
        makeScreen: @escaping @MainActor (Route, any RouterContract) throws(RouteError) -> Screen
    ) {
        self.name = name
        self.typeName = typeName
        self.feature = feature
        self.origin = origin
        self.root = root
        self.check = check
        self.makeScreen = makeScreen
    }

    /// Describes a navigation type, its root value and the factory of its screens.
    public init<Value: Navigation>(
        _ type: Value.Type,
        root: Value? = nil,
        feature: String,
        origin: String? = nil,
        makeScreen: @escaping @MainActor (Value, any RouterContract) -> Screen
    ) throws(RouteError) {
        self.root = try root.map { (root) throws(RouteError) in try Route(root) }
        name = Value.routeName
        // _typeName gives the qualified name without String(reflecting:)'s conformance look-ups,
        // which scan every loaded image and grow with the number of features.
        typeName = _typeName(Value.self, qualified: true)
        self.feature = feature
        self.origin = origin
        // Decoding through Codable costs more than making most screens, and a session makes the
        // screens of the same few routes again and again: the values of recent routes are kept.
        let recent = DecodedRoutes<Value>()
        self.makeScreen = { (route, router) throws(RouteError) in
            let value = try recent.value(of: route)
            var screen = makeScreen(value, router)
            if screen.fallbackTitle == nil { screen.fallbackTitle = value.fallbackTitle }
            return screen
        }
        check = { (route) throws(RouteError) in _ = try route.decode(as: Value.self) }
        let listed = DestinationSummary.of(Value.self)
        destinations = listed.isEmpty ? nil : listed
    }
}

/// The navigation values of the routes decoded last, so that a route shown again is not decoded again.
/// Decoding is a function of the route alone; a failure is not kept, and is reported each time.
@MainActor
final class DecodedRoutes<Value: Navigation> {
    /// The most routes kept; when full, all are dropped and it fills again.
    static var capacity: Int { 64 }
    private var values: [Route: Value] = [:]

    func value(of route: Route) throws(RouteError) -> Value {
        if let value = values[route] { return value }
        let value = try route.decode(as: Value.self)
        if values.count >= Self.capacity { values.removeAll(keepingCapacity: true) }
        values[route] = value
        return value
    }
}
