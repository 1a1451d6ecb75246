@_spi(Host) import AppHostKit

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
    private var registrations: [String: Registration] = [:]
    private var shellDefinitions: [String: ShellDefinition] = [:]

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

    /// Registers everything a feature declared, or nothing if any of it clashes.
    package func register(_ batch: [Registration], shells registeredShells: [ShellRegistration] = []) throws(RegistryError) {
        var addedShells: [String: ShellDefinition] = [:]
        for shell in registeredShells.map(ShellDefinition.init) {
            let clash = shellDefinitions[shell.name]?.feature ?? addedShells[shell.name]?.feature
                ?? registrations[shell.name]?.entry.feature
                ?? batch.first { $0.entry.name == shell.name }?.entry.feature
            if let existing = clash {
                throw .duplicateShell(shell.name, existingFeature: existing, newFeature: shell.feature)
            }
            addedShells[shell.name] = shell
        }
        var added: [String: Registration] = [:]
        for registration in batch {
            let entry = registration.entry
            let sameType = registrations.values.first { $0.entry.typeName == entry.typeName }
                ?? added.values.first { $0.entry.typeName == entry.typeName }
            if let existing = sameType?.entry {
                throw .duplicateType(entry.typeName, existing: existing, new: entry)
            }
            if let existing = registrations[entry.name]?.entry ?? added[entry.name]?.entry {
                throw .duplicateName(entry.name, existing: existing, new: entry)
            }
            if let shell = shellDefinitions[entry.name] {
                throw .duplicateShell(entry.name, existingFeature: shell.feature, newFeature: entry.feature)
            }
            added[entry.name] = registration
        }
        registrations.merge(added) { current, _ in current }
        shellDefinitions.merge(addedShells) { current, _ in current }
    }

    /// The shell registered under `name`, if any.
    public func shell(named name: String) -> ShellDefinition? {
        shellDefinitions[name]
    }

    /// Every registered shell, sorted by name.
    public var shells: [ShellDefinition] {
        shellDefinitions.values.sorted { $0.name < $1.name }
    }

    /// The registered names, sorted.
    public var names: [String] { registrations.keys.sorted() }

    /// The root route of `name`, for `--start NAME`.
    public func root(named name: String) -> Route? {
        registrations[name]?.entry.root
    }

    /// Checks that a route names a registered type and decodes into it.
    public func validate(_ route: Route) throws(RouteError) {
        try registration(for: route).check(route)
    }

    /// Makes the screen of a route, with the router its view model will navigate with.
    public func makeScreen(for route: Route, router: any RouterContract) throws(RouteError) -> Screen {
        try registration(for: route).makeScreen(route, router)
    }

    private func registration(for route: Route) throws(RouteError) -> Registration {
        guard let registration = registrations[route.name] else {
            let known = names.isEmpty ? "none" : names.joined(separator: ", ")
            throw RouteError(
                route: route.description,
                message: "no loaded feature provides '\(route.name)' (loaded: \(known))"
            )
        }
        return registration
    }
}

extension Registration {
    /// What this registration adds, as the registry lists it.
    var entry: RegistryEntry {
        RegistryEntry(name: name, typeName: typeName, feature: feature, origin: origin, root: root)
    }
}
