import AppHostKit
import HomeFeature

@_cdecl("apphost_feature_entry")
public func apphostFeatureEntry() -> UnsafeRawPointer {
    FeatureEntry.descriptor(for: HomeFeature.self)
}
