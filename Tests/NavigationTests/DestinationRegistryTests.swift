@_spi(Host) import AppHostKit
import NavigationSamples
@_spi(Host) import AppHost
import AppHostKitMocks
import Testing

@MainActor
@Suite
struct DestinationRegistryTests {
    private func screen(_ title: String) -> Screen {
        Screen { Title(title) }
    }

    @Test
    func makesTheScreenOfARegisteredRoute() throws {
        let sut = DestinationRegistry()
        try sut.register(SampleNavigation.self, root: .list, feature: "sample") { navigation, _ in
            switch navigation {
            case .detail(let identifier): self.screen("Detail \(identifier)")
            default: self.screen("Other")
            }
        }

        let screen = try sut.makeScreen(for: Route(parsing: "sample/detail?identifier=7"), router: RouterMock())

        #expect(screen.title == "Detail 7")
    }

    @Test
    func mapsANameToItsRootDestination() throws {
        let sut = DestinationRegistry()
        try sut.register(SampleNavigation.self, root: .list, feature: "sample") { _, _ in self.screen("List") }

        #expect(sut.root(named: "sample")?.description == "sample/list")
        #expect(sut.root(named: "missing") == nil)
    }

    @Test
    func registeringANameTwiceNamesBothFeatures() throws {
        let sut = DestinationRegistry()
        try sut.register(SampleNavigation.self, feature: "first") { _, _ in self.screen("A") }

        let error = try #require(throws: RegistryError.self) {
            try sut.register(ImpostorNavigation.self, feature: "second") { _, _ in self.screen("B") }
        }

        #expect(error.description == "route name 'sample' is registered by both feature 'first' and feature 'second'; rename one of them")
    }

    @Test
    func registeringATypeTwiceNamesBothFeatures() throws {
        let sut = DestinationRegistry()
        try sut.register(SampleNavigation.self, feature: "first") { _, _ in self.screen("A") }
        let other = FeatureContext(feature: "other", origin: "/features/libOtherFeature.so")
        try other.register(SampleNavigation.self) { _, _ in self.screen("B") }

        let error = try #require(throws: RegistryError.self) {
            try sut.register(other.registrations)
        }

        #expect(error.description == "navigation type NavigationSamples.SampleNavigation is registered by both feature 'first' and feature 'other' (/features/libOtherFeature.so); register it in one feature only")
    }

    @Test
    func aBatchWithAClashRegistersNothing() throws {
        let sut = DestinationRegistry()
        try sut.register(SampleNavigation.self, feature: "sample") { _, _ in self.screen("A") }
        let context = FeatureContext(feature: "late")
        try context.register(TabNavigation.self) { _, _ in self.screen("Tabs") }
        try context.register(ImpostorNavigation.self) { _, _ in self.screen("Clash") }

        #expect(throws: RegistryError.self) { try sut.register(context.registrations) }
        #expect(sut.names == ["sample"])
    }

    @Test
    func anUnknownNameIsAnErrorListingWhatIsLoaded() throws {
        let sut = DestinationRegistry()
        try sut.register(SampleNavigation.self, feature: "sample") { _, _ in self.screen("A") }

        #expect(throws: RouteError(route: "weather/today", message: "no loaded feature provides 'weather' (loaded: sample)")) {
            try sut.validate(Route(parsing: "weather/today"))
        }
    }

    @Test
    func anUndecodableRouteIsAnError() throws {
        let sut = DestinationRegistry()
        try sut.register(SampleNavigation.self, feature: "sample") { _, _ in self.screen("A") }

        #expect(throws: RouteError(route: "sample/detail?identifier=x", message: "parameter 'identifier' expects an integer, got 'x'")) {
            try sut.validate(Route(parsing: "sample/detail?identifier=x"))
        }
    }

    @Test
    func validRoutesAreRememberedButABadOneIsRefusedEveryTime() throws {
        let sut = DestinationRegistry()
        try sut.register(SampleNavigation.self, feature: "sample") { _, _ in self.screen("A") }
        // More valid routes than are remembered, so the memory fills, is forgotten and fills again.
        for identifier in 0..<(DestinationRegistry.keptValidRoutes * 2 + 10) {
            try sut.validate(Route(parsing: "sample/detail?identifier=\(identifier)"))
            #expect(throws: RouteError.self) { try sut.validate(Route(parsing: "sample/detail?identifier=x\(identifier)")) }
        }
        #expect(throws: RouteError.self) { try sut.validate(Route(parsing: "sample/nowhere")) }
    }
}

/// Another type that claims SampleNavigation's route name.
enum ImpostorNavigation: Navigation {
    case list

    static let routeName = "sample"
}
