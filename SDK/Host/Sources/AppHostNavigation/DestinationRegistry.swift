@_spi(Host) import AppHostKit
import AppHostSupport

// The registry maps route names to the factories that turn a route into a
// screen. It knows nothing about files or loading: the host's loader turns a
// library into registrations, and this type only checks them and stores them.
// Names, not type identity, are the keys: two features that both link
// `CharacterInterface` hold two copies of `CharacterNavigation`, and a value
// travels between them as a Route.

/// What a feature registered: a navigation type, the name it goes by, and where it came from.
public struct RegistryEntry: Hashable, Sendable {
    /// The route name, e.g. `character`.
    public var name: String

    /// The navigation type's qualified name, e.g. `CharacterInterface.CharacterNavigation`.
    public var typeName: String
    /// The feature that registered it.
    public var feature: String
    /// The file the feature was loaded from, if it was loaded from one.
    public var origin: String?
    /// The route `--start NAME` opens, if the type has one.
    public var root: Route?

    /// What the entry is in the app layer: nil for destinations, or `outgoing`, `app` or `deep links`.
    public var role: String? = nil

    /// Describes a registration.
    public init(name: String, typeName: String, feature: String, origin: String?, root: Route?) {
        self.name = name
        self.typeName = typeName
        self.feature = feature
        self.origin = origin
        self.root = root
    }
}

/// A registration that failed, naming both sides of a clash.
public enum RegistryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two features registered the same route name.
    case duplicateName(String, existing: RegistryEntry, new: RegistryEntry)
    /// Two features registered the same navigation type.
    case duplicateType(String, existing: RegistryEntry, new: RegistryEntry)
    /// Two features registered the same shell name, or a shell and a route share a name.
    case duplicateShell(String, existingFeature: String, newFeature: String)
    /// A registration's root value could not be turned into a route.
    case invalidRoot(RouteError)
    /// A feature's own registration code failed.
    case featureFailed(feature: String, message: String)

    public var description: String {
        switch self {
        case .duplicateName(let name, let existing, let new):
            return "route name '\(name)' is registered by both \(existing.who) and \(new.who); rename one of them"
        case .duplicateType(let type, let existing, let new):
            return "navigation type \(type) is registered by both \(existing.who) and \(new.who); register it in one feature only"
        case .duplicateShell(let name, let existing, let new):
            return "name '\(name)' is registered by both feature '\(existing)' and feature '\(new)' (as a shell or a route); rename one of them"
        case .invalidRoot(let error):
            return "root destination \(error)"
        case .featureFailed(let feature, let message):
            return "feature '\(feature)' failed to register: \(message)"
        }
    }
}

extension RegistryEntry {
    fileprivate var who: String {
        origin.map { "feature '\(feature)' (\($0))" } ?? "feature '\(feature)'"
    }
}

/// Maps route names to the features that draw them.
@MainActor
public final class DestinationRegistry {
    private(set) var registrations: [String: Registration] = [:]
    /// The registered names of outgoing navigation types, asked at every navigation.
    package var outgoingNames: Set<String> = []
    private var typeNames: [String: RegistryEntry] = [:]
    private var shellDefinitions: [String: ShellDefinition] = [:]
    private var deferred: [String: DeferredFeature] = [:]
    /// The loading side, all the registry asks of it (see ``FeatureSource``); set by whoever defers features.
    package weak var source: (any FeatureSource)?
    /// The names the source knows without loading anything (a warm start's index).
    private var knownClaims: [String: KnownName] { source?.knownNames ?? [:] }

    /// Names whose feature was made from the source's index already: each is made once.
    private var madeFromIndex: Set<String> = []

    /// The deferred feature claiming `name`, made by the source if need be.
    private func deferredFeature(claiming name: String) -> DeferredFeature? {
        if let feature = deferred[name] { return feature }
        guard !madeFromIndex.contains(name), let feature = source?.deferredFeature(claiming: name) else { return nil }
        for claimed in feature.claims.all {
            madeFromIndex.insert(claimed)
            if deferred[claimed] == nil && registrations[claimed] == nil && shellDefinitions[claimed] == nil {
                deferred[claimed] = feature
            }
        }
        return feature
    }

    /// Creates an empty registry.
    public init() {}

    /// Everything registered, sorted by name.
    public var entries: [RegistryEntry] {
        registrations.values.map(\.entry).sorted { $0.name < $1.name }
    }

    /// Registers a navigation type, its optional root value and its screen factory.
    public func register<Value: Navigation>(
        _ type: Value.Type,
        root: Value? = nil,
        feature: String,
        makeScreen: @escaping @MainActor (Value, any RouterContract) -> Screen
    ) throws(RegistryError) {
        let registration: Registration
        do {
            registration = try Registration(type, root: root, feature: feature, makeScreen: makeScreen)
        } catch {
            throw .invalidRoot(error)
        }
        try register([registration])
    }

    /// Registers everything a feature declared, or nothing if any of it clashes; returns what was added.
    /// Its cost grows with the batch, not with what is registered already.
    @discardableResult
    @_spi(Host) public func register(
        _ batch: [Registration],
        shells registeredShells: [ShellRegistration] = []
    ) throws(RegistryError) -> (entries: [RegistryEntry], shells: [ShellDefinition]) {
        var addedShells: [String: ShellDefinition] = [:]
        for shell in registeredShells.map(ShellDefinition.init) {
            guard !shell.items.isEmpty else {
                throw .featureFailed(feature: shell.feature, message: "shell '\(shell.name)' has no items; give it at least one")
            }
            let clash = shellDefinitions[shell.name]?.feature ?? addedShells[shell.name]?.feature
                ?? registrations[shell.name]?.feature
                ?? batch.first { $0.name == shell.name }?.feature
            if let existing = clash {
                throw .duplicateShell(shell.name, existingFeature: existing, newFeature: shell.feature)
            }
            addedShells[shell.name] = shell
        }
        var added: [String: Registration] = [:]
        var addedTypes: [String: RegistryEntry] = [:]
        for registration in batch {
            let entry = registration.entry
            if let existing = typeNames[entry.typeName] ?? addedTypes[entry.typeName] {
                throw .duplicateType(entry.typeName, existing: existing, new: entry)
            }
            if let existing = registrations[entry.name]?.entry ?? added[entry.name]?.entry {
                throw .duplicateName(entry.name, existing: existing, new: entry)
            }
            if let shell = shellDefinitions[entry.name] {
                throw .duplicateShell(entry.name, existingFeature: shell.feature, newFeature: entry.feature)
            }
            added[entry.name] = registration
            addedTypes[entry.typeName] = entry
        }
        registrations.merge(added) { current, _ in current }
        outgoingNames = Set(registrations.values.filter { if case .outgoing = $0.role { true } else { false } }.map(\.name))
        typeNames.merge(addedTypes) { current, _ in current }
        shellDefinitions.merge(addedShells) { current, _ in current }
        return (batch.map(\.entry), registeredShells.map(ShellDefinition.init))
    }

    /// Adds a feature to load when one of the names it claims is first used.
    public func addDeferred(_ feature: DeferredFeature) {
        for name in feature.claims.all where deferred[name] == nil {
            deferred[name] = feature
        }
    }

    /// The features still waiting to be loaded, each once, in name order (the warm index's are made now).
    public var deferredFeatures: [DeferredFeature] {
        for name in knownClaims.keys.sorted() where registrations[name] == nil && shellDefinitions[name] == nil {
            _ = deferredFeature(claiming: name)
        }
        var seen = Set<String>()
        return deferred.keys.sorted().compactMap { name in
            guard let feature = deferred[name], seen.insert(feature.path).inserted else { return nil }
            return feature
        }
    }

    /// Loads the deferred feature claiming `name`, once; true if it was tried now.
    package func loadDeferred(_ name: String) -> Bool {
        guard let feature = deferredFeature(claiming: name), !feature.attempted else { return false }
        feature.attempted = true
        for claimed in feature.claims.all where deferred[claimed] === feature {
            deferred[claimed] = nil
        }
        source?.load(feature)
        for claimed in feature.claims.all where registrations[claimed] == nil && shellDefinitions[claimed] == nil {
            if let reason = source?.refusal(of: feature.path) { failedClaims[claimed] = reason }
        }
        return true
    }

    /// Names whose deferred feature was tried in this run and refused, each with why: they are no
    /// longer offered, and a route to one says why it cannot be drawn.
    private var failedClaims: [String: String] = [:]

    /// The shell registered under `name`, if any; a deferred feature that claims it is loaded.
    public func shell(named name: String) -> ShellDefinition? {
        if let shell = shellDefinitions[name] { return shell }
        return loadDeferred(name) ? shellDefinitions[name] : nil
    }

    /// Every registered shell, sorted by name.
    public var shells: [ShellDefinition] {
        shellDefinitions.values.sorted { $0.name < $1.name }
    }

    /// The names of every shell, registered or deferred, sorted.
    public var shellNames: [String] {
        Set(shellDefinitions.keys).union(deferred.values.flatMap(\.claims.shells))
            .union(knownClaims.filter(\.value.shell).map(\.key)).sorted()
    }

    /// Whether ``names`` and ``shellNames`` are both empty: found without building either, so that
    /// a start with a thousand features does not sort their names to learn it has some.
    public var offersNothing: Bool {
        if !shellDefinitions.isEmpty || deferred.values.contains(where: { !$0.claims.shells.isEmpty }) || knownClaims.values.contains(where: \.shell) {
            return false
        }
        let offered = { (name: String) in self.failedClaims[name] == nil }
        let registered = registrations.values.contains { registration in
            guard case .destinations = registration.role else { return false }
            return offered(registration.name)
        }
        return !registered && !deferred.values.contains(where: { $0.claims.routes.contains(where: offered) })
            && !knownClaims.contains(where: { !$0.value.shell && !$0.value.hidden && offered($0.key) })
    }

    /// The names of destinations, registered or deferred, sorted; the app layer's names (outgoing
    /// types, `.app`, `.url.…`) are left out.
    public var names: [String] {
        let registered = registrations.values.filter { registration in
            if case .destinations = registration.role { return true }
            return false
        }
        return Set(registered.map(\.name)).union(deferred.values.flatMap(\.claims.routes))
            .union(knownClaims.filter { !$0.value.shell && !$0.value.hidden }.map(\.key))
            .subtracting(failedClaims.keys).sorted()
    }

    /// Every route name, registered or deferred, the app layer's included, sorted.
    package var allNames: [String] {
        Set(registrations.keys).union(deferred.values.flatMap { $0.claims.routes + $0.claims.hidden })
            .union(knownClaims.filter { !$0.value.shell }.map(\.key)).sorted()
    }

    /// The names `--start` accepts: shells and names with a root destination, registered or deferred.
    public var startNames: [String] {
        let registered = registrations.values.filter { $0.root != nil }.map(\.name)
        let waiting = deferred.values.flatMap { $0.claims.starts + $0.claims.shells }
            + knownClaims.filter { $0.value.shell || $0.value.root != nil }.map(\.key)
        return Set(registered + shellDefinitions.keys + waiting).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The root route of `name`, for `--start NAME`; a deferred feature's comes from its description.
    public func root(named name: String) -> Route? {
        if let registration = registrations[name] { return registration.root }
        if deferred[name] == nil, let root = knownClaims[name]?.root {
            return try? Route(parsing: root)
        }
        guard let feature = deferred[name], let root = feature.claims.roots[name] else {
            return nil
        }
        return try? Route(parsing: root)
    }

    /// Checks that a route names a registered type and decodes into it.
    ///
    /// Deep links and `open` check every route they name, and decoding costs microseconds, so the
    /// last ``keptValidRoutes`` routes found valid are remembered: a registration is never removed,
    /// so a route once valid stays valid.
    public func validate(_ route: Route) throws(RouteError) {
        if validRoutes.contains(route) { return }
        try registration(for: route).check(route)
        if validRoutes.count >= Self.keptValidRoutes { validRoutes.removeAll(keepingCapacity: true) }
        validRoutes.insert(route)
    }

    /// How many valid routes ``validate(_:)`` remembers; when full, it forgets them all and starts again.
    public static let keptValidRoutes = 256
    private var validRoutes: Set<Route> = []

    /// Makes the screen of a route, with the router its view model will navigate with; a destination
    /// that holds live values is drawn from its value in `live`.
    public func makeScreen(for route: Route, router: any RouterContract, live: LiveValues? = nil) throws(RouteError) -> Screen {
        let registration = try registration(for: route)
        guard case .live(let make) = registration.role else {
            return try registration.makeScreen(route, router)
        }
        guard let value = live?.value(for: route), let screen = make(value, router) else {
            throw RouteError(route: route.description, message: "holds live values, which are gone: it is reached only by navigating to it")
        }
        return screen
    }

    /// The library that registered `name`, if it is registered from one.
    public func origin(of name: String) -> String? {
        registrations.index(forKey: name).flatMap { registrations.values[$0].origin }
    }

    /// Whether `name` is a type of destinations that hold live values.
    public func isLive(_ name: String) -> Bool {
        guard let registration = registrations[name] else { return false }
        if case .live = registration.role { return true }
        return false
    }

    private func registration(for route: Route) throws(RouteError) -> Registration {
        if let registration = registrations[route.name] { return registration }
        if loadDeferred(route.name), let registration = registrations[route.name] { return registration }
        if let reason = failedClaims[route.name] ?? source?.refusal(claiming: route.name) {
            throw RouteError(route: route.description, message: "the feature that provides '\(route.name)' could not be loaded: \(reason)")
        }
        let known = names.isEmpty ? "none" : names.joined(separator: ", ")
        throw RouteError(
            route: route.description,
            message: "no loaded feature provides '\(route.name)' (loaded: \(known))\(Suggestion.phrase(for: route.name, in: names))"
        )
    }
}

extension Registration {
    /// What this registration adds, as the registry lists it.
    package var entry: RegistryEntry {
        var entry = RegistryEntry(name: name, typeName: typeName, feature: feature, origin: origin, root: root)
        switch role {
        case .destinations: break
        case .outgoing: entry.role = "outgoing"
        case .app: entry.role = "app"
        case .deepLinks: entry.role = "deep links"
        case .live: entry.role = "live"
        @unknown default: entry.role = "unknown"
        }
        return entry
    }
}


/// The host's own not-found destination, for when the app declares none or its feature is not loaded.
package enum HostNotFound: Navigation {
    case notFound(route: String)
    package static let routeName = "apphost"
}
