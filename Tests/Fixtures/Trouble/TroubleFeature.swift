// A Swift feature with three problems a crawl must find: a link to a route no feature
// provides, a sheet with no element that closes it, and a screen whose view model traps.
import AppHostKit

public enum TroubleNavigation: Navigation {
    case main
    case fine
    case cage
    case boom

    public static let routeName = "trouble"
}

@MainActor
final class BoomViewModel: ViewModel {
    private(set) var value = 0

    func load() async {
        let values: [Int] = []
        value = values[values.count]
    }
}

public struct TroubleFeature: NavigationFeature {
    public static let root = TroubleNavigation.main

    public init() {}

    public func makeScreen(for destination: TroubleNavigation, router: any RouterContract) -> Screen {
        switch destination {
        case .main:
            Screen {
                Title("Trouble")
                Link("Missing", to: Route(name: "nowhere", destination: "at-all"))
                Button("Trap door") { router.present(TroubleNavigation.cage, style: .sheet) }
                Link("Boom", to: TroubleNavigation.boom)
                Link("Fine", to: TroubleNavigation.fine)
            }
        case .fine:
            Screen {
                Title("Fine")
                Text("Nothing wrong here.")
            }
        case .cage:
            Screen {
                Title("Cage")
                Text("No way out.")
                Link("Deeper", to: TroubleNavigation.fine)
            }
        case .boom:
            Screen(BoomViewModel()) { model in
                Title("Boom \(model.value)")
            }
        }
    }
}

@_cdecl("apphost_feature_entry")
public func apphostFeatureEntry() -> UnsafeRawPointer {
    FeatureEntry.descriptor(for: TroubleFeature.self)
}
