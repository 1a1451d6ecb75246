/// A feature: a named set of destinations that registers itself with the host.
///
/// Most features have one ``Navigation`` type; they adopt ``NavigationFeature``
/// and write only their root and their screen factory. A feature library exports
/// its module through one short C entry point, in a target of its own:
///
/// ```swift
/// @_cdecl("apphost_feature_entry")
/// public func apphostFeatureEntry() -> UnsafeRawPointer {
///     FeatureEntry.descriptor(for: CharacterFeature.self)
/// }
/// ```
///
/// The protocol is main-actor isolated, as a feature's registration is. Its ``name`` is read before
/// any actor runs (the C entry point builds the descriptor), so it is `nonisolated`: a
/// ``NavigationFeature`` gets it from its route name and conforms as it is in a module built with
/// default main-actor isolation (`.defaultIsolation(MainActor.self)`) or without; a type that
/// adopts `FeatureModule` itself (an app layer, a shell) in a main-actor module writes
/// `nonisolated static let name = "app"`, since a plain `static let` there is the main actor's.
@MainActor
public protocol FeatureModule {
    /// The feature's name, lower-case, e.g. `"character"`.
    nonisolated static var name: String { get }
    /// Registers the feature's navigation types, screen factories and shells.
    static func register(in context: FeatureContext) throws
}

/// A feature with one ``Navigation`` type: its name is the type's route name,
/// `--start NAME` opens ``root``, and ``makeScreen(for:router:)`` draws every destination.
///
/// ```swift
/// public struct WeatherFeature: NavigationFeature {
///     public static let root = WeatherNavigation.today
///     let container = WeatherContainer()
///     public init() {}
///     public func makeScreen(for destination: WeatherNavigation, router: any RouterContract) -> Screen {
///         container.makeScreen(for: destination, router: router)
///     }
/// }
/// ```
///
/// The host makes one instance when the feature registers and keeps it for the
/// life of the process, so it can hold the feature's container.
@MainActor
public protocol NavigationFeature: FeatureModule, Sendable {
    /// The feature's navigation type.
    associatedtype Destination: Navigation
    /// The destination `--start NAME` opens.
    static var root: Destination { get }
    /// Makes the feature, once, when it registers.
    init()
    /// Makes the screen of one destination, with the router its view model navigates with.
    func makeScreen(for destination: Destination, router: any RouterContract) -> Screen
    /// The feature's outgoing navigation types, which the app redirects (see ``OutgoingNavigation``). None by default.
    static var outgoing: [any OutgoingNavigation.Type] { get }
    /// What the feature needs of others, `NAME` or `NAME/DESTINATION` each (see
    /// ``FeatureContext/declareNeeds(_:)``). None by default.
    static var needs: [String] { get }
    /// The URL deep links the feature owns, each `scheme://host` (e.g. `myapp://character`). None by default.
    static var deepLinkHosts: [String] { get }
    /// The destination of a URL of one of ``deepLinkHosts``, or nil when the feature does not know it.
    static func destination(for url: DeepLinkURL) -> Destination?
    /// A URL of one of ``deepLinkHosts`` that opens `destination` (what `state --url` prints), or nil. None by default.
    static func url(for destination: Destination) -> String?
    /// Registers the feature's destinations that hold live values (``FeatureContext/registerLive(_:makeScreen:)``),
    /// with this instance's container. None by default.
    func registerLiveDestinations(in context: FeatureContext)
}

extension NavigationFeature {
    /// The route name of ``Destination``.
    public nonisolated static var name: String { Destination.routeName }

    /// No outgoing navigation.
    public static var outgoing: [any OutgoingNavigation.Type] { [] }
    /// No needs.
    public static var needs: [String] { [] }
    /// No deep links.
    public static var deepLinkHosts: [String] { [] }
    /// No destination for any URL.
    public static func destination(for url: DeepLinkURL) -> Destination? { nil }
    /// No URL for any destination.
    public static func url(for destination: Destination) -> String? { nil }
    /// No live destinations.
    public func registerLiveDestinations(in context: FeatureContext) {}

    /// Registers ``Destination`` with ``root`` and a new instance's screen factory, the
    /// ``outgoing`` types, the ``needs`` and a deep-link handler for each of ``deepLinkHosts``.
    public static func register(in context: FeatureContext) throws {
        let feature = Self()
        try context.register(Destination.self, root: root) { destination, router in
            feature.makeScreen(for: destination, router: router)
        }
        feature.registerLiveDestinations(in: context)
        for type in outgoing {
            context.registerOutgoing(type)
        }
        context.declareNeeds(needs)
        for link in deepLinkHosts {
            guard let url = DeepLinkURL(parsing: link), url.pathComponents.isEmpty, url.queryItems.isEmpty else {
                throw RouteError(route: link, message: "a deep-link host reads scheme://host (e.g. myapp://character)")
            }
            try context.registerDeepLinks(scheme: url.scheme, host: url.host, resolve: { Self.destination(for: $0) }, url: { Self.url(for: $0) })
        }
    }
}

/// What a feature gets while it registers: its logger and the means to register destinations.
@MainActor
public final class FeatureContext {
    /// The feature's name.
    public let feature: String
    /// The feature's logger, labelled `apphost.<feature>`; it may be kept and used later.
    public let logger: FeatureLogger
    /// The file the feature was loaded from, if any.
    public let origin: String?
    /// The files the feature ships beside its library (see ``FeatureResources``), or nil when it ships none.
    /// Looked for on first use, not at registration: most features never ask, and finding the folder
    /// reads the process's memory map and may list the features folder.
    public var resources: FeatureResources? {
        if let resourcesModule {
            foundResources = try? FeatureResources(for: resourcesModule)
            self.resourcesModule = nil
        }
        return foundResources
    }

    /// The module whose resources are still to be looked for, and what was found.
    private var resourcesModule: (any FeatureModule.Type)?
    private var foundResources: FeatureResources?
    /// What the feature has registered so far; the host adds it all at once, or none of it.
    @_spi(Host) public private(set) var registrations: [Registration] = []
    /// The shells the feature has registered so far.
    @_spi(Host) public private(set) var shells: [ShellRegistration] = []
    /// The error the feature's registration threw, when it ran through its descriptor.
    @_spi(Host) public internal(set) var failure: (any Error)?

    /// Creates a context for `feature`.
    @_spi(Host)
    public init(feature: String, origin: String? = nil) {
        self.feature = feature
        self.origin = origin
        self.logger = FeatureLogger(label: "apphost.\(feature)")
    }

    /// Names the module whose resources ``resources`` finds on first use, before the module registers.
    @_spi(Host)
    public func findResources(of module: any FeatureModule.Type) {
        resourcesModule = module
        foundResources = nil
    }

    /// Registers a navigation type, its optional root value (what `--start NAME` opens) and its screen factory.
    public func register<Value: Navigation>(
        _ type: Value.Type,
        root: Value? = nil,
        makeScreen: @escaping @MainActor (Value, any RouterContract) -> Screen
    ) throws {
        registrations.append(
            try Registration(type, root: root, feature: feature, origin: origin, makeScreen: makeScreen)
        )
    }

    /// What the feature needs of others, `NAME` or `NAME/DESTINATION` each (see ``declareNeeds(_:)``).
    @_spi(Host) public private(set) var needs: [String] = []

    /// Registers `type`'s values as the feature's outgoing navigation: it navigates to and presents
    /// them like any destination, and the app redirects each to another feature's destination.
    public func registerOutgoing<Value: OutgoingNavigation>(_ type: Value.Type) {
        registrations.append(Registration(outgoing: type, feature: feature, origin: origin))
    }

    /// Registers a type of destinations that hold live values (see ``LiveNavigation``) and the screen of each.
    public func registerLive<Value: LiveNavigation>(
        _ type: Value.Type, makeScreen: @escaping @MainActor (Value, any RouterContract) -> Screen
    ) {
        registrations.append(Registration(live: type, feature: feature, origin: origin, makeScreen: makeScreen))
    }

    /// Declares this feature the app: its redirect table and its not-found destination (`NAME/DESTINATION`,
    /// opened with one string parameter, `route`; nil for the host's own). One loaded feature may declare it.
    public func registerApp(redirects: [Redirect], notFound: String? = nil) throws {
        let app = AppDeclaration(redirects: redirects, notFound: notFound)
        if let problem = app.problem() { throw RouteError(route: AppDeclaration.registeredName, message: problem) }
        registrations.append(Registration(
            name: AppDeclaration.registeredName, typeName: "the app's redirects", feature: feature, origin: origin,
            role: .app(app), check: { (route) throws(RouteError) in
                throw RouteError(route: route.description, message: "is the app's declaration, not a destination")
            }
        ))
    }

    /// Registers the handler of the URL deep links `scheme://host/…`: it resolves a URL to one of the
    /// feature's destinations, or to nil when it does not know the URL.
    public func registerDeepLinks<Value: Navigation>(
        scheme: String, host: String, resolve: @escaping @MainActor (DeepLinkURL) -> Value?,
        url: @escaping @MainActor (Value) -> String? = { _ in nil }
    ) throws {
        let name = DeepLinkURL.registeredName(scheme: scheme, host: host)
        guard DeepLinkURL(parsing: "\(scheme)://\(host)") != nil else {
            throw RouteError(route: "\(scheme)://\(host)", message: "is not a URL scheme and host (e.g. myapp://character)")
        }
        registrations.append(Registration(
            name: name, typeName: "deep links \(scheme.lowercased())://\(host.lowercased())", feature: feature, origin: origin,
            role: .deepLinks(
                scheme: scheme.lowercased(), host: host.lowercased(),
                resolve: { url in resolve(url).flatMap { try? Route($0) } },
                makeURL: { route in (try? route.decode(as: Value.self)).flatMap(url) }
            ),
            check: { (route) throws(RouteError) in
                throw RouteError(route: route.description, message: "is a deep-link handler, not a destination")
            }
        ))
    }

    /// Declares what the feature needs of others: route names (`character`) or destinations
    /// (`character/picker`), its own outgoing destinations included (which need a redirect). The
    /// host names each unmet one before a session starts, and `apphost list` fails on it.
    public func declareNeeds(_ needs: [String]) {
        self.needs += needs
    }

    /// Registers a shell: tabs or a split layout over registered names' root destinations.
    /// `--start NAME` then opens the shell.
    public func registerShell(_ name: String, style: ShellStyle, items: [ShellItem]) {
        shells.append(ShellRegistration(name: name, style: style, items: items, feature: feature))
    }
}
