import CAppHost
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Builds the descriptor a Swift feature library returns from `apphost_feature_entry`.
public enum FeatureEntry {
    private static let descriptors = Mutex<[String: UInt]>([:])

    /// The descriptor of `module`, made once and kept for the life of the process.
    public static func descriptor(for module: any FeatureModule.Type) -> UnsafeRawPointer {
        let key = String(reflecting: module)
        let address = descriptors.withLock { cache in
            if let existing = cache[key] { return existing }
            let descriptor = UnsafeMutablePointer<apphost_feature_descriptor>.allocate(capacity: 1)
            descriptor.initialize(
                to: apphost_feature_descriptor(
                    abi_version: UInt32(APPHOST_ABI_VERSION),
                    kind: UInt32(APPHOST_FEATURE_KIND_SWIFT.rawValue),
                    name: UnsafePointer(strdup(module.name)),
                    context: Unmanaged.passRetained(ModuleBox(module)).toOpaque(),
                    register_swift: registerSwiftFeature,
                    route_name: nil,
                    root_destination: nil,
                    destination_count: 0,
                    destinations: nil
                )
            )
            let address = UInt(bitPattern: descriptor)
            cache[key] = address
            return address
        }
        // The address of a live allocation is never zero.
        return UnsafeRawPointer(bitPattern: address)!
    }
}

/// The host's side of a Swift feature's registration: the registry and what the feature may log.
///
/// The loader hands one to a feature's descriptor through ``register(_:)``.
@MainActor
public final class FeatureRegistrar {
    /// The registry the feature registers into.
    public let registry: DestinationRegistry
    /// The file the feature comes from.
    public let origin: String
    fileprivate var failure: RegistryError?

    /// Creates a registrar for the feature library at `origin`.
    public init(registry: DestinationRegistry, origin: String) {
        self.registry = registry
        self.origin = origin
    }

    /// Runs a Swift feature's registration; the ABI version must have been checked already.
    public func register(_ descriptor: UnsafePointer<apphost_feature_descriptor>) throws(RegistryError) {
        let name = descriptor.pointee.name.map { String(cString: $0) } ?? "unnamed"
        guard let register = descriptor.pointee.register_swift, let context = descriptor.pointee.context else {
            throw .featureFailed(feature: name, message: "its descriptor has no registration function")
        }
        failure = nil
        let status = register(context, Unmanaged.passUnretained(self).toOpaque())
        if status != 0 {
            throw failure ?? .featureFailed(feature: name, message: "registration returned \(status)")
        }
    }

    fileprivate func run(_ module: any FeatureModule.Type) -> Int32 {
        let context = FeatureContext(feature: module.name, origin: origin)
        do {
            try module.register(in: context)
            try registry.register(context.registrations, shells: context.shells)
            return 0
        } catch let error as RegistryError {
            failure = error
        } catch {
            failure = .featureFailed(feature: module.name, message: "\(error)")
        }
        return 1
    }
}

private final class ModuleBox {
    let module: any FeatureModule.Type
    init(_ module: any FeatureModule.Type) { self.module = module }
}

private func registerSwiftFeature(context: UnsafeMutableRawPointer?, registrar: UnsafeMutableRawPointer?) -> Int32 {
    guard let context, let registrar else { return 2 }
    nonisolated(unsafe) let module = Unmanaged<ModuleBox>.fromOpaque(context).takeUnretainedValue().module
    let host = Unmanaged<FeatureRegistrar>.fromOpaque(registrar).takeUnretainedValue()
    return MainActor.assumeIsolated { host.run(module) }
}
