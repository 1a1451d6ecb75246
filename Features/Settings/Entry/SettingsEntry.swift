import AppHostKit
import SettingsFeature

@_cdecl("apphost_feature_entry")
public func apphostFeatureEntry() -> UnsafeRawPointer {
    FeatureEntry.descriptor(for: SettingsFeature.self)
}
