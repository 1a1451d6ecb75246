@_spi(Host) import AppHostKit
import AppHost
import Foundation
import Testing

@Suite
struct DeepLinkTests {
    @Test(arguments: [
        "home/main",
        "home/main>character/list>character/detail?identifier=2",
        "settings/main!sheet(settings/profile>character/picker)",
        "settings/main!cover(settings/whatsNew)",
        "settings/main!sheet(settings/profile!alert(title=Saved&button=OK,cancel))",
        "settings/main!dialog(title=Reset%20settings%3F&message=Every%20setting.&button=Reset,destructive,settings-result%2Freset&button=Cancel,cancel)",
        "@main:character(home:home/main|character:character/list>character/detail?identifier=2|settings:settings/main!sheet(settings/profile))",
    ])
    func printsWhatItParses(text: String) throws {
        #expect(try DeepLink(parsing: text).description == text)
    }

    @Test
    func readsAShellLink() throws {
        let link = try DeepLink(parsing: "@main:character(character:character/list>character/detail?identifier=2)")

        #expect(link == .shell(name: "main", selected: "character", items: [
            DeepLink.ShellStack(item: "character", stack: NavigationState(
                root: Route(name: "character", destination: "list"),
                path: [Route(name: "character", destination: "detail", parameters: [.init(name: "identifier", value: "2")])]
            )),
        ]))
    }

    @Test
    func readsADialogsButtonsAndResults() throws {
        let link = try DeepLink(parsing: "settings/main!dialog(title=Reset%3F&button=Reset,destructive,settings-result%2Freset&button=Cancel,cancel)")

        guard case .stack(let state) = link, case .confirmationDialog(let dialog)? = state.presentation else {
            Issue.record("expected a dialog, got \(link)")
            return
        }
        #expect(dialog.title == "Reset?")
        #expect(dialog.buttons.map(\.label) == ["Reset", "Cancel"])
        #expect(dialog.buttons.map(\.role) == [.destructive, .cancel])
        #expect(dialog.buttons.map { $0.result?.description } == ["settings-result/reset", nil])
    }

    @Test(arguments: [
        ("home/main>", RouteError(route: "", message: "empty route; expected NAME[/DESTINATION][?PARAMETER=VALUE&…]")),
        ("home/main!popup(x/y)", RouteError(route: "popup(x/y)", message: "unknown presentation 'popup'; expected sheet, cover, alert or dialog")),
        ("home/main!sheet(settings/profile", RouteError(route: "home/main!sheet(settings/profile", message: "unbalanced '('")),
        ("home/main!alert(message=Hi)", RouteError(route: "message=Hi", message: "a dialog needs a title")),
        ("home/main!alert(title=Hi&button=OK,loud)", RouteError(route: "button=OK,loud", message: "a button reads LABEL,ROLE[,RESULT] with ROLE default, cancel or destructive")),
        ("@main(home:home/main)", RouteError(route: "@main", message: "a shell link starts with @SHELL:ITEM")),
        ("@main:home(home/main)", RouteError(route: "home/main", message: "a shell item reads ITEM:STACK")),
        ("@main:home(home:home/main|home:home/main)", RouteError(route: "home:home/main", message: "item 'home' is given twice")),
    ])
    func refusesAMalformedLinkNamingTheSegment(text: String, error: RouteError) {
        #expect(throws: error) { try DeepLink(parsing: text) }
    }

    @Test
    func randomStatesRoundTripThroughCodableAndTheLinkForm() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let state = RandomState.navigationState(depth: 0, using: &generator)

            let viaJSON = try JSONDecoder().decode(NavigationState.self, from: JSONEncoder().encode(state))
            let viaLink = try DeepLink(parsing: DeepLink.stack(state).description)

            #expect(viaJSON == state)
            #expect(viaLink == .stack(state))
        }
    }

    @Test
    func randomShellStatesRoundTripThroughTheLinkForm() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let items = (0..<Int.random(in: 1...4, using: &generator)).map { index in
                DeepLink.ShellStack(item: "item\(index)", stack: RandomState.navigationState(depth: 0, using: &generator))
            }
            let link = DeepLink.shell(name: "main", selected: items.randomElement(using: &generator)?.item ?? "item0", items: items)

            #expect(try DeepLink(parsing: link.description) == link)
        }
    }
}

/// Random navigation states with every kind of presentation and awkward text.
enum RandomState {
    static let alphabet = Array("aZ09 -_.~!()|>@:,&=?/%#+é☃\"'")

    static func text(using generator: inout SystemRandomNumberGenerator) -> String {
        String((0..<Int.random(in: 0...10, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
    }

    static func route(using generator: inout SystemRandomNumberGenerator) -> Route {
        let names = ["home", "character", "settings", "about", "x-1", "a.b_c"]
        let parameters = (0..<Int.random(in: 0...3, using: &generator)).map { index in
            Route.Parameter(name: "p\(index)", value: text(using: &generator))
        }
        return Route(
            name: names.randomElement(using: &generator) ?? "home",
            destination: Bool.random(using: &generator) ? "detail" : nil,
            parameters: parameters
        )
    }

    static func alert(using generator: inout SystemRandomNumberGenerator) -> Alert {
        let roles: [AlertButton.Role] = [.default, .cancel, .destructive]
        let buttons = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
            var button = AlertButton(text(using: &generator), role: roles.randomElement(using: &generator) ?? .default)
            if Bool.random(using: &generator) { button.result = route(using: &generator) }
            return button
        }
        return Alert(title: text(using: &generator), message: Bool.random(using: &generator) ? text(using: &generator) : nil, buttons: buttons)
    }

    static func navigationState(depth: Int, using generator: inout SystemRandomNumberGenerator) -> NavigationState {
        var state = NavigationState(
            root: route(using: &generator),
            path: (0..<Int.random(in: 0...3, using: &generator)).map { _ in route(using: &generator) }
        )
        switch Int.random(in: 0...(depth < 2 ? 4 : 2), using: &generator) {
        case 1: state.presentation = .alert(alert(using: &generator))
        case 2: state.presentation = .confirmationDialog(alert(using: &generator))
        case 3: state.presentation = .sheet(navigationState(depth: depth + 1, using: &generator))
        case 4: state.presentation = .fullScreenCover(navigationState(depth: depth + 1, using: &generator))
        default: break
        }
        return state
    }
}
