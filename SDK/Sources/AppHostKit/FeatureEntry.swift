// A Swift feature's descriptor is made by the kit, but the facts about the
// feature's build are not: `descriptor(for:)` is compiled into the feature's
// own entry (it is emitted into the client), so the SDK version, the compiler
// and the resilience it records are those the feature was built with. The host
// reads them before it calls anything else of the feature.

internal import CAppHost
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Builds the descriptor a Swift feature library returns from `apphost_feature_entry`.
///
/// The entry lives in a target of its own (`<Name>Entry`), so that the feature's
/// code can be linked into a test bundle beside other features without two
/// definitions of the one C symbol.
public enum FeatureEntry {
    private static let descriptors = Mutex<[ObjectIdentifier: UInt]>([:])

    /// The descriptor of `module`, made once and kept for the life of the process.
    @_alwaysEmitIntoClient
    public static func descriptor(for module: any FeatureModule.Type) -> UnsafeRawPointer {
        let version = ClientBuild.sdkVersion
        return makeDescriptor(
            for: module,
            sdk: [version.major, version.minor, version.patch],
            compiler: ClientBuild.compiler,
            resilient: ClientBuild.resilientKit
        )
    }

    @usableFromInline
    static func makeDescriptor(
        for module: any FeatureModule.Type,
        sdk: [UInt32],
        compiler: String,
        resilient: Bool
    ) -> UnsafeRawPointer {
        let key = ObjectIdentifier(module)
        let address = descriptors.withLock { cache in
            if let existing = cache[key] { return existing }
            var descriptor = apphost_feature_descriptor()
            descriptor.abi_version = UInt32(APPHOST_ABI_VERSION)
            descriptor.size = UInt32(MemoryLayout<apphost_feature_descriptor>.size)
            descriptor.kind = UInt32(APPHOST_FEATURE_KIND_SWIFT.rawValue)
            descriptor.flags = resilient ? APPHOST_FLAG_RESILIENT_KIT : 0
            descriptor.sdk_major = sdk.count > 0 ? sdk[0] : 0
            descriptor.sdk_minor = sdk.count > 1 ? sdk[1] : 0
            descriptor.sdk_patch = sdk.count > 2 ? sdk[2] : 0
            // Strings and the box live as long as the process, like the descriptor.
            descriptor.toolchain = UnsafePointer(strdup(compiler))
            descriptor.name = UnsafePointer(strdup(module.name))
            descriptor.context = Unmanaged.passRetained(ModuleBox(module)).toOpaque()
            descriptor.register_swift = registerSwiftFeature
            let pointer = UnsafeMutablePointer<apphost_feature_descriptor>.allocate(capacity: 1)
            pointer.initialize(to: descriptor)
            let address = UInt(bitPattern: pointer)
            cache[key] = address
            return address
        }
        // The address of a live allocation is never zero.
        return UnsafeRawPointer(bitPattern: address)!
    }
}

private final class ModuleBox {
    let module: any FeatureModule.Type
    init(_ module: any FeatureModule.Type) { self.module = module }
}

/// The kit's half of a Swift feature's registration: `registrar` is the FeatureContext the host made.
private func registerSwiftFeature(context: UnsafeMutableRawPointer?, registrar: UnsafeMutableRawPointer?) -> Int32 {
    guard let context, let registrar else { return 2 }
    // The box was retained when the descriptor was made and is never released.
    nonisolated(unsafe) let module = Unmanaged<ModuleBox>.fromOpaque(context).takeUnretainedValue().module
    // The host keeps the context alive for the whole call, and calls on the main thread.
    let target = Unmanaged<FeatureContext>.fromOpaque(registrar).takeUnretainedValue()
    return MainActor.assumeIsolated {
        do {
            target.findResources(of: module)
            try module.register(in: target)
            return 0
        } catch {
            target.failure = error
            return 1
        }
    }
}
