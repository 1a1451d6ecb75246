// A Swift feature whose view model's load awaits a continuation nothing ever resumes: the command
// that shows it is suspended in the feature, not busy, and must still be bounded.
import AppHostKit

public enum LoadHangNavigation: Navigation {
    case main
    case hang

    public static let routeName = "loadhang"
}

@MainActor
final class HangingViewModel: ViewModel {
    private var kept: CheckedContinuation<Void, Never>?

    func load() async {
        await withCheckedContinuation { kept = $0 }
    }
}

public struct LoadHangFeature: NavigationFeature {
    public static let root = LoadHangNavigation.main

    public init() {}

    public func makeScreen(for destination: LoadHangNavigation, router: any RouterContract) -> Screen {
        switch destination {
        case .main:
            Screen {
                Title("Load hang")
                Link("Hang", to: LoadHangNavigation.hang)
            }
        case .hang:
            Screen(HangingViewModel()) { _ in
                Title("Never shown")
            }
        }
    }
}

@_cdecl("apphost_feature_entry")
public func apphostFeatureEntry() -> UnsafeRawPointer {
    FeatureEntry.descriptor(for: LoadHangFeature.self)
}
