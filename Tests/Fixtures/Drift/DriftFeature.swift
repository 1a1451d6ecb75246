// A feature compiled by the compatibility tests against a drifted copy of AppHostKit
// (cases, requirements and stored properties added), then loaded by the host from main.
// With USE_NEW_API it also uses an element only the drifted kit has.
import AppHostKit

public enum DriftNavigation: Navigation {
    case main
    case detail(number: Int)

    public static let routeName = "drift"
}

@MainActor
final class DriftViewModel: ViewModel {
    private(set) var state = "idle"
    private let router: any RouterContract

    init(router: any RouterContract) {
        self.router = router
    }

    func load() async {
        state = "loaded"
    }

    func didTapOnBackButton() {
        router.goBack()
    }
}

public struct DriftFeature: NavigationFeature {
    public static let root = DriftNavigation.main

    public init() {}

    public func makeScreen(for destination: DriftNavigation, router: any RouterContract) -> Screen {
        switch destination {
        case .main:
            Screen {
                Title("Drift")
                Text("Built against a kit with additions.")
                #if USE_NEW_API
                Image("logo")
                #endif
                Link("Detail 7", to: DriftNavigation.detail(number: 7))
            }
        case .detail(let number):
            Screen(DriftViewModel(router: router)) { model in
                Title("Detail \(number)")
                Text("State: \(model.state)")
                Button("Back") { model.didTapOnBackButton() }
            }
        }
    }
}

@_cdecl("apphost_feature_entry")
public func apphostFeatureEntry() -> UnsafeRawPointer {
    FeatureEntry.descriptor(for: DriftFeature.self)
}
