// A Swift feature whose view model's load awaits a continuation nothing ever resumes (`hang`), or
// yields for ever (`spin`): the command that shows either is suspended in the feature, not on a
// stack, and must still be bounded and told apart.
import AppHostKit

public enum LoadHangNavigation: Navigation {
    case main
    case hang
    case spin

    public static let routeName = "loadhang"
}

@MainActor
final class HangingViewModel: ViewModel {
    private var kept: CheckedContinuation<Void, Never>?

    func load() async {
        await withCheckedContinuation { kept = $0 }
    }
}

@MainActor
final class SpinningViewModel: ViewModel {
    func load() async {
        while !Task.isCancelled { await Task.yield() }
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
                Link("Spin", to: LoadHangNavigation.spin)
            }
        case .hang:
            Screen(HangingViewModel()) { _ in
                Title("Never shown")
            }
        case .spin:
            Screen(SpinningViewModel()) { _ in
                Title("Never shown")
            }
        }
    }
}

@_cdecl("apphost_feature_entry")
public func apphostFeatureEntry() -> UnsafeRawPointer {
    FeatureEntry.descriptor(for: LoadHangFeature.self)
}
