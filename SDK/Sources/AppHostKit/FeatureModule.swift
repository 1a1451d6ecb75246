/// A feature: a named set of destinations that registers itself with the host.
///
/// A feature library exports its module through one short C entry point:
///
/// ```swift
/// @_cdecl("apphost_feature_entry")
/// public func apphostFeatureEntry() -> UnsafeRawPointer {
///     FeatureEntry.descriptor(for: CharacterFeature.self)
/// }
/// ```
public protocol FeatureModule {
    /// The feature's name, lower-case, e.g. `"character"`.
    static var name: String { get }
    /// Registers the feature's navigation types and screen factories.
    @MainActor static func register(in context: FeatureContext) throws
}

/// What a feature gets while it registers: its logger and the means to register destinations.
@MainActor
public final class FeatureContext {
    /// The feature's name.
    public let feature: String
    /// The feature's logger, labelled `apphost.<feature>`.
    public let logger: Logger
    /// The file the feature was loaded from, if any.
    public let origin: String?
    /// What the feature has registered so far; the host adds it all at once, or none of it.
    public private(set) var registrations: [Registration] = []
    /// The shells the feature has registered so far.
    public private(set) var shells: [ShellDefinition] = []

    /// Creates a context for `feature`.
    public init(feature: String, origin: String? = nil, logger: Logger? = nil) {
        self.feature = feature
        self.origin = origin
        self.logger = logger ?? Logger(label: "apphost.\(feature)")
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
}

extension FeatureContext {
    /// Registers a shell: tabs or a split layout over registered names' root destinations.
    /// `--start NAME` then opens the shell.
    public func registerShell(_ name: String, style: ShellStyle, items: [ShellItem]) {
        shells.append(ShellDefinition(name: name, style: style, items: items, feature: feature))
    }
}

extension DestinationRegistry {
    /// Registers a feature module directly, without a library: for unit tests and statically linked apps.
    public func register(_ module: any FeatureModule.Type, origin: String? = nil) throws {
        let context = FeatureContext(feature: module.name, origin: origin)
        try module.register(in: context)
        try register(context.registrations, shells: context.shells)
    }
}
