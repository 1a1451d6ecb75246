import AppHostKit
import CharacterFeature

@_cdecl("apphost_feature_entry")
public func apphostFeatureEntry() -> UnsafeRawPointer {
    FeatureEntry.descriptor(for: CharacterFeature.self)
}
