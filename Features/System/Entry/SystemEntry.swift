import AppHostKit
import SystemFeature

@_cdecl("apphost_feature_entry")
public func apphostFeatureEntry() -> UnsafeRawPointer {
    FeatureEntry.descriptor(for: SystemFeature.self)
}
