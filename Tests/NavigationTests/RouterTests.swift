@_spi(Host) import AppHostKit
import NavigationSamples
import AppHost
import Testing

@MainActor
@Suite
struct RouterTests {
    private let home = Route(name: "home", destination: "main")

    @Test
    func navigatePushesTheDestinationsRoute() throws {
        let sut = Router(root: home)

        sut.navigate(to: SampleNavigation.detail(identifier: 3))

        #expect(sut.state.stack.map(\.description) == ["home/main", "sample/detail?identifier=3"])
    }

    @Test
    func goBackPopsOneDestination() {
        let sut = Router(root: home)
        sut.navigate(to: SampleNavigation.list)
        sut.navigate(to: SampleNavigation.detail(identifier: 1))

        sut.goBack()

        #expect(sut.state.top.description == "sample/list")
    }

    @Test
    func goBackAtTheRootKeepsTheRoot() {
        let sut = Router(root: home)

        sut.goBack()

        #expect(sut.state == NavigationState(root: home))
    }

    @Test
    func popToRootLeavesOnlyTheRoot() {
        let sut = Router(root: home)
        sut.navigate(to: SampleNavigation.list)
        sut.navigate(to: SampleNavigation.detail(identifier: 1))

        sut.popToRoot()

        #expect(sut.state.stack == [home])
    }

    @Test
    func aValueThatCannotBeARouteIsReportedAndChangesNothing() {
        let sut = Router(root: home)
        var errors: [RouteError] = []
        sut.onError = { errors.append($0) }

        sut.navigate(to: NestedNavigation(identifiers: [1]))

        #expect(errors.map(\.route) == ["nested"])
        #expect(sut.state.stack == [home])
    }
}
