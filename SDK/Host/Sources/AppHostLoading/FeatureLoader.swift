// Loading turns one file into registrations, or into a typed error; it knows
// nothing about directories (FeatureDiscovery) and stores nothing (the
// registry does). Each step is checked before the next runs: the file exists,
// dlopen accepts it, it exports the entry symbol, and the descriptor's ABI
// version matches before any of the feature's own code is called beyond the
// entry itself. Libraries stay loaded for the life of the process, because a
// Swift image cannot be unloaded safely while its types may be in use.

@_spi(Host) import AppHostKit
@_spi(Host) import AppHostNavigation
import Logging
import CAppHost
import FoundationEssentials
import Glibc
import Synchronization

/// A feature library that passed its checks and is ready to register.
@MainActor
public struct FeatureLibrary {
    /// The file it was loaded from.
    public let path: String
    /// The feature's name from its descriptor.
    public let name: String
    /// The SDK version (and, for a Swift feature, the compiler) the library was built with.
    public let build: FeatureBuild
    package let descriptor: UnsafePointer<apphost_feature_descriptor>
    /// A C feature's validated descriptor; nil for a Swift feature.
    package let cFeature: CFeatureDefinition?

    package init(path: String, name: String, build: FeatureBuild, descriptor: UnsafePointer<apphost_feature_descriptor>, cFeature: CFeatureDefinition?) {
        self.path = path
        self.name = name
        self.build = build
        self.descriptor = descriptor
        self.cFeature = cFeature
    }

    /// A Swift feature's library, from a descriptor its entry returned (for tests of registration).
    public init(path: String, name: String, swiftDescriptor: UnsafeRawPointer) {
        self.init(
            path: path,
            name: name,
            build: .kit,
            descriptor: swiftDescriptor.assumingMemoryBound(to: apphost_feature_descriptor.self),
            cFeature: nil
        )
    }
}

/// What a feature added to the registry.
public struct LoadedFeature: Hashable, Sendable {
    /// The feature's name.
    public var name: String
    /// The file it was loaded from.
    public var path: String
    /// The navigation types it registered.
    public var entries: [RegistryEntry]
    /// The shells it registered.
    public var shells: [ShellDefinition] = []
    /// The SDK version (and, for a Swift feature, the compiler) it was built with.
    public var build: FeatureBuild? = nil
    /// A C feature's destinations; nil for a Swift feature.
    public var destinations: [FeatureDescription.Destination]? = nil
    /// A Swift feature's destinations by route name, for the types that list them (`allDestinations`).
    public var listedDestinations: [String: [FeatureDescription.Destination]] = [:]
    /// The app the feature declares, if it does.
    public var app: FeatureDescription.App? = nil
    /// What the feature needs of others.
    public var needs: [String] = []

    /// What the feature registered, as a probe reports it.
    public var description: FeatureDescription {
        FeatureDescription(
            name: name,
            build: build ?? .kit,
            routes: entries.map { entry in
                FeatureDescription.RouteType(
                    name: entry.name,
                    typeName: entry.typeName,
                    root: entry.root?.description,
                    role: entry.role,
                    destinations: destinations ?? listedDestinations[entry.name]
                )
            },
            shells: shells.map { shell in
                FeatureDescription.Shell(
                    name: shell.name,
                    style: shell.style.rawValue,
                    items: shell.items.map { FeatureDescription.Item(title: $0.title, destination: $0.destination) }
                )
            },
            app: app,
            needs: needs.isEmpty ? nil : needs
        )
    }
}

/// Loads feature libraries with `dlopen` and registers them.
@MainActor
public enum FeatureLoader {
    /// Told of each library as soon as it is open (its path and handle), before any of its code
    /// runs: how the session guard learns which code to name. The loader knows no observer's kind.
    private nonisolated static let loadObservers = Mutex<[@Sendable (String, UnsafeMutableRawPointer) -> Void]>([])

    /// Adds `observer`, called with each library the loader opens from now on.
    public nonisolated static func observeLoads(_ observer: @escaping @Sendable (String, UnsafeMutableRawPointer) -> Void) {
        loadObservers.withLock { $0.append(observer) }
    }

    // Long: one file's checks in the order they protect the host (stat, trust, dlopen, the descriptor, the kit's version).
    /// Opens one file and checks its descriptor; calls nothing of the feature but its entry.
    public static func open(_ path: String) throws(FeatureLoadError) -> FeatureLibrary {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .notFound(path: path)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .notARegularFile(path: path, kind: FileKind(mode: status.st_mode).description)
        }
        var opened = dlopen(path, RTLD_NOW | RTLD_LOCAL)
        var failure = opened == nil ? lastLoaderError() : nil
        // A feature whose views are SwiftUI needs the SDK's libSwiftUI.so: beside a feature where
        // it was built, else the one beside this host's kit, opened once and then shared by all.
        if opened == nil, failure?.contains(HostSwiftUI.fileName) == true {
            if HostSwiftUI.open() {
                opened = dlopen(path, RTLD_NOW | RTLD_LOCAL)
                failure = opened == nil ? lastLoaderError() : nil
            } else {
                failure = "its views need \(HostSwiftUI.fileName), the SDK's SwiftUI module, and there is none beside it "
                    + "or beside this host's kit (\(KitIdentity.path)); build the SDK's SwiftUI product with the host"
            }
        }
        guard let handle = opened else {
            let reason = failure ?? "unknown reason"
            if let symbol = MissingSymbol(loaderError: reason), symbol.isKitSymbol {
                throw .needsNewerKit(path: path, symbol: symbol.readableName, kit: FeatureBuild.kit)
            }
            if let version = HostSwiftUI.requiredVersion(loaderError: reason) {
                throw .otherSwiftUI(path: path, feature: version, host: HostSwiftUI.version)
            }
            if let symbol = MissingSymbol(loaderError: reason), symbol.isSwiftUISymbol {
                throw .needsNewerSwiftUI(path: path, symbol: symbol.readableName)
            }
            throw .notASharedObject(path: path, reason: reason)
        }
        if let kit = dlsym(handle, KitIdentity.symbol), kit != KitIdentity.address,
            let image = KitIdentity.imagePath(containing: kit), KitIdentity.sameFile(image, path)
        {
            throw .foreignKit(path: path, found: image, host: KitIdentity.path)
        }
        for observer in loadObservers.withLock({ $0 }) { observer(path, handle) }
        guard let symbol = dlsym(handle, APPHOST_FEATURE_ENTRY_SYMBOL) else {
            throw .missingEntrySymbol(path: path)
        }
        // The entry symbol is a C function of this type by the contract of apphost.h.
        let entry = unsafeBitCast(symbol, to: apphost_feature_entry_fn.self)
        guard let raw = entry() else {
            throw .noDescriptor(path: path)
        }
        let descriptor = try FeatureDescriptor(UnsafeRawPointer(raw), path: path)
        switch descriptor.kind {
        case .swift:
            let name = descriptor.name ?? fileName(of: path)
            return FeatureLibrary(path: path, name: name, build: FeatureBuild(descriptor.build), descriptor: descriptor.pointer, cFeature: nil)
        case .c:
            let definition = try CFeatureDefinition(descriptor.pointer.pointee, name: descriptor.name, path: path)
            return FeatureLibrary(
                path: path,
                name: definition.name,
                build: FeatureBuild(descriptor.build),
                descriptor: descriptor.pointer,
                cFeature: definition
            )
        }
    }

    // Long: a registration run all or nothing, each kind of refusal named where it is caught.
    /// Runs a library's registration into `registry`: all of it is added, or none.
    public static func register(
        _ library: FeatureLibrary,
        into registry: DestinationRegistry
    ) throws(FeatureLoadError) -> LoadedFeature {
        let added: (entries: [RegistryEntry], shells: [ShellDefinition])
        var listed: [String: [FeatureDescription.Destination]] = [:]
        var app: FeatureDescription.App?
        var needs: [String] = []
        do {
            if let definition = library.cFeature {
                let validate: @MainActor (Route) throws(RouteError) -> Void = { [weak registry] (route) throws(RouteError) in
                    try registry?.validate(route)
                }
                added = try registry.register([definition.registration(origin: library.path, logger: Logger(label: "apphost.\(library.name)"), validate: validate)])
            } else {
                let context = try runSwiftRegistration(library)
                added = try registry.register(context.registrations, shells: context.shells)
                needs = context.needs
                for registration in context.registrations {
                    if case .app(let declaration) = registration.role {
                        app = FeatureDescription.App(
                            redirects: declaration.redirects.map { FeatureDescription.Redirect(from: $0.from, to: $0.to, parameters: $0.parameters) },
                            notFound: declaration.notFound
                        )
                    }
                    listed[registration.name] = registration.destinations.map { destinations in
                        destinations.map { destination in
                            FeatureDescription.Destination(
                                name: destination.name,
                                parameters: destination.parameters.map { FeatureDescription.Parameter(name: $0.name, type: $0.type) }
                            )
                        }
                    }
                }
            }
        } catch {
            switch error {
            case .duplicateName, .duplicateType, .duplicateShell:
                throw .duplicate(path: library.path, error)
            case .invalidRoot, .featureFailed:
                throw .registrationFailed(path: library.path, reason: error.description)
            }
        }
        let destinations = library.cFeature.map { definition in
            definition.destinations.map { destination in
                FeatureDescription.Destination(
                    name: destination.name,
                    parameters: destination.parameters.map { FeatureDescription.Parameter(name: $0.name, type: $0.type.description) }
                )
            }
        }
        return LoadedFeature(
            name: library.name,
            path: library.path,
            entries: added.entries.sorted { $0.name < $1.name },
            shells: added.shells.sorted { $0.name < $1.name },
            build: library.build,
            destinations: destinations,
            listedDestinations: listed,
            app: app,
            needs: needs
        )
    }

    /// Calls a Swift feature's registration through its descriptor, into a fresh context.
    package static func runSwiftRegistration(_ library: FeatureLibrary) throws(RegistryError) -> FeatureContext {
        let context = FeatureContext(feature: library.name, origin: library.path)
        guard let register = library.descriptor.pointee.register_swift, let box = library.descriptor.pointee.context else {
            throw .featureFailed(feature: library.name, message: "its descriptor has no registration function")
        }
        let status = withExtendedLifetime(context) {
            register(box, Unmanaged.passUnretained(context).toOpaque())
        }
        guard status == 0 else {
            switch context.failure {
            case let error as RouteError: throw .invalidRoot(error)
            case let error?: throw .featureFailed(feature: library.name, message: "\(error)")
            case nil: throw .featureFailed(feature: library.name, message: "registration returned \(status)")
            }
        }
        return context
    }

    /// Opens and registers one file.
    @discardableResult
    public static func load(
        _ path: String,
        into registry: DestinationRegistry
    ) throws(FeatureLoadError) -> LoadedFeature {
        try register(try open(path), into: registry)
    }

    private static func lastLoaderError() -> String? {
        dlerror().map { String(cString: $0) }
    }

    private static func fileName(of path: String) -> String {
        URL(fileURLWithPath: path).lastPathComponent
    }
}

/// The SDK's SwiftUI module that this host was built with, beside its kit.
package enum HostSwiftUI {
    package static let fileName = "libSwiftUI.so"

    /// The ELF symbol version every symbol of the library carries, less its major number.
    package static let versionPrefix = "APPHOST_SWIFTUI_"

    /// The library, once it was looked for: its handle, or nil where there is none.
    private static let opened = Mutex<UInt?>(nil)

    /// Opens the SwiftUI library beside the host's kit, once; true if it is open.
    static func open() -> Bool {
        handle != nil
    }

    private static var handle: UnsafeMutableRawPointer? {
        opened.withLock { state in
            if let state { return UnsafeMutableRawPointer(bitPattern: state) }
            let folder = KitIdentity.path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            let library = dlopen((folder.isEmpty ? "." : folder) + "/" + fileName, RTLD_NOW | RTLD_GLOBAL)
            state = UInt(bitPattern: library)
            return library
        }
    }

    /// The major version of the ABI of the library beside the host's kit; nil if there is none.
    package static var version: Int? {
        guard let handle, let symbol = dlsym(handle, "apphost_swiftui_abi_major") else { return nil }
        return Int(unsafeBitCast(symbol, to: (@convention(c) () -> Int32).self)())
    }

    /// The version of the module a feature requires, read from the dynamic linker's refusal
    /// (`…libSwiftUI.so: version `APPHOST_SWIFTUI_0' not found (required by …)`); nil for another error.
    package static func requiredVersion(loaderError: String) -> Int? {
        guard let start = loaderError.firstRange(of: "version `" + versionPrefix),
            loaderError[start.upperBound...].contains("' not found")
        else { return nil }
        return Int(loaderError[start.upperBound...].prefix { $0.isNumber })
    }
}
