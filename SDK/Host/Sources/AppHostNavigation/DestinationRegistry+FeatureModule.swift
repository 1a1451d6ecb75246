@_spi(Host) import AppHostKit

extension DestinationRegistry {
    /// Registers a feature module directly, without a library: for unit tests and statically linked apps.
    public func register(_ module: any FeatureModule.Type, origin: String? = nil) throws {
        let context = FeatureContext(feature: module.name, origin: origin)
        context.findResources(of: module)
        try module.register(in: context)
        try register(context.registrations, shells: context.shells)
    }
}
