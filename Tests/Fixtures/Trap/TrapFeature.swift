// A Swift feature that traps: its detail screen's view model reads past the end of an
// array when it loads. Built with -DTRAP_IN_REGISTRATION, it traps while registering.
import AppHostKit

public enum TrapNavigation: Navigation {
    case main
    case index(position: Int)

    public static let routeName = "trap"
}

@MainActor
final class IndexViewModel: ViewModel {
    let position: Int
    private(set) var value = 0

    init(position: Int) {
        self.position = position
    }

    func load() async {
        let values = [10, 20, 30]
        value = values[position]
    }
}

public struct TrapFeature: NavigationFeature {
    public static let root = TrapNavigation.main

    public init() {
        #if TRAP_IN_REGISTRATION
        let positions: [Int] = []
        _ = positions[positions.count]
        #endif
    }

    public func makeScreen(for destination: TrapNavigation, router: any RouterContract) -> Screen {
        switch destination {
        case .main:
            Screen {
                Title("Trap")
                Link("Second value", to: TrapNavigation.index(position: 1))
                Link("Fifth value", to: TrapNavigation.index(position: 4))
            }
        case .index(let position):
            Screen(IndexViewModel(position: position)) { model in
                Title("Value \(model.position + 1)")
                Text("\(model.value)")
            }
        }
    }
}

@_cdecl("apphost_feature_entry")
public func apphostFeatureEntry() -> UnsafeRawPointer {
    FeatureEntry.descriptor(for: TrapFeature.self)
}
