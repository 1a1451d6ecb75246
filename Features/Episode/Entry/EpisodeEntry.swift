import AppHostKit
import EpisodeFeature

@_cdecl("apphost_feature_entry")
public func apphostFeatureEntry() -> UnsafeRawPointer {
    FeatureEntry.descriptor(for: EpisodeFeature.self)
}
