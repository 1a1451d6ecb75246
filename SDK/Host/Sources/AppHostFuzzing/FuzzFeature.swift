// The feature the session fuzz target drives: destinations with every parameter type, a result,
// a presentation, an alert.

@_spi(Host) import AppHostKit
@_spi(Fuzzing) import AppHost
import CAppHost
import FoundationEssentials
import Glibc

enum FuzzFeatureNavigation: Navigation {
    case home
    case list(count: Int)
    case detail(id: Int, name: String?)
    case picker
    case looping
    case form

    static let routeName = "app"
}

struct FuzzPick: NavigationResult {
    var choice: Int

    static let routeName = "app-result"
}

@MainActor
final class FuzzListModel: ViewModel, ResultReceiver {
    var picked: Int?
    var loads = 0

    func load() async { loads += 1 }

    func didReceive(_ result: Route) async {
        picked = (try? result.decode(as: FuzzPick.self))?.choice
    }
}

@MainActor
final class FuzzLoopingModel: ViewModel {
    let router: any RouterContract

    init(router: any RouterContract) {
        self.router = router
    }

    /// A load that presents over itself: the session must stop following it, not loop or crash.
    func load() async {
        router.present(FuzzFeatureNavigation.looping, style: .sheet)
    }
}

@MainActor
final class FuzzFormModel: ViewModel {
    var text = ""
    var on = false
}

enum FuzzFeature: FeatureModule {
    static let name = "fuzz-app"

    // Long: the fuzz feature's destinations, a registration each.
    static func register(in context: FeatureContext) throws {
        try context.register(FuzzNavigation.self, root: .plain) { navigation, router in
            Screen {
                Title("Fuzz \(navigation)")
                Link("Home", to: FuzzFeatureNavigation.home)
                Button("Back") { router.goBack() }
            }
        }
        try context.register(FuzzFeatureNavigation.self, root: .home) { navigation, router in
            switch navigation {
            case .home:
                Screen {
                    Title("Home")
                    Link("List", to: FuzzFeatureNavigation.list(count: 3))
                    Link("Nowhere", to: Route(name: "nowhere", destination: "at-all"))
                    Button("Sheet") { router.present(FuzzFeatureNavigation.picker, style: .sheet) }
                    Button("Cover") { router.present(FuzzFeatureNavigation.form, style: .fullScreenCover) }
                    Button("Alert") { router.showAlert(Alert(title: "Hi", message: "there")) }
                    Button("Loop") { router.present(FuzzFeatureNavigation.looping, style: .sheet) }
                    Section("Deep") {
                        Section("Deeper") {
                            Divider()
                            Text(String(repeating: "word ", count: 30))
                        }
                    }
                }
            case .list(let count):
                Screen(FuzzListModel()) { model in
                    Title("List \(count)")
                    Text("Picked \(model.picked.map(String.init) ?? "nothing"), loads \(model.loads)")
                    List(0..<min(max(count, 0), 20)) { index in
                        Link("Item \(index)", to: FuzzFeatureNavigation.detail(id: index, name: index % 2 == 0 ? "n\(index)" : nil))
                    }
                    Link("More", to: FuzzFeatureNavigation.list(count: count + 1))
                    Button("Pick") { router.present(FuzzFeatureNavigation.picker, style: .sheet) }
                }
            case .detail(let id, let name):
                Screen {
                    Title("Detail \(id) \(name ?? "-")")
                    Button("Finish") { router.finish(with: FuzzPick(choice: id)) }
                    Button("Confirm") {
                        let yes = (try? AlertButton("Yes", role: .destructive, result: FuzzPick(choice: id))) ?? AlertButton("Yes")
                        router.showConfirmationDialog(ConfirmationDialog(title: "Sure?", buttons: [yes, AlertButton("No", role: .cancel)]))
                    }
                }
            case .picker:
                Screen {
                    Title("Picker")
                    Button("Pick 1") { router.finish(with: FuzzPick(choice: 1)) }
                    Button("Close") { router.dismiss() }
                    Link("Push", to: FuzzFeatureNavigation.list(count: 1))
                }
            case .looping:
                Screen(FuzzLoopingModel(router: router)) { _ in
                    Title("Looping")
                }
            case .form:
                Screen(FuzzFormModel()) { model in
                    Title("Form")
                    TextField("Name", text: model.text) { model.text = $0 }
                    Toggle("On", isOn: model.on) { model.on = $0 }
                    Button("Close") { router.dismiss() }
                }
            }
        }
        context.registerShell("tabs", style: .tabs, items: [ShellItem("One", destination: "app"), ShellItem("Two", destination: "fuzz")])
    }
}
