@_spi(Host) import AppHostKit

/// A small feature registered statically, to drive sessions in unit tests.
enum DeskNavigation: Navigation {
    case front
    case room(number: Int)

    static let routeName = "desk"
}

@MainActor
final class FrontDeskViewModel: ViewModel {
    private(set) var taps = 0
    private(set) var loads = 0

    func load() async {
        loads += 1
    }

    func didTapOnCountButton() {
        taps += 1
    }
}

enum DeskFeature: FeatureModule {
    static let name = "desk"

    static func register(in context: FeatureContext) throws {
        try context.register(DeskNavigation.self, root: .front) { navigation, router in
            switch navigation {
            case .front:
                Screen(FrontDeskViewModel()) { model in
                    Title("Front desk")
                    Text("Taps: \(model.taps), loads: \(model.loads)")
                    Button("Count") { model.didTapOnCountButton() }
                    Link("Room 7", to: DeskNavigation.room(number: 7))
                    Link("Weather", to: Route(name: "weather", destination: "today"))
                }
            case .room(let number):
                Screen {
                    Title("Room \(number)")
                    Button("Leave") { router.goBack() }
                }
            }
        }
    }
}
