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
/// The protocol is main-actor isolated, as a feature's registration is: a feature type written in a
/// module built with default main-actor isolation (`.defaultIsolation(MainActor.self)`) conforms
/// as it is, and so does one written in a module without it.
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
}

extension NavigationFeature {
    /// The route name of ``Destination``.
    public nonisolated static var name: String { Destination.routeName }

    /// Registers ``Destination`` with ``root`` and a new instance's screen factory.
    public static func register(in context: FeatureContext) throws {
        let feature = Self()
        try context.register(Destination.self, root: root) { destination, router in
            feature.makeScreen(for: destination, router: router)
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
    public internal(set) var resources: FeatureResources?
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

    /// Finds the resources of the module that declares `module`, before the module registers.
    @_spi(Host)
    public func findResources(of module: any FeatureModule.Type) {
        resources = try? FeatureResources(for: module)
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

    /// Registers a shell: tabs or a split layout over registered names' root destinations.
    /// `--start NAME` then opens the shell.
    public func registerShell(_ name: String, style: ShellStyle, items: [ShellItem]) {
        shells.append(ShellRegistration(name: name, style: style, items: items, feature: feature))
    }
}
