@_spi(Host) import AppHostKit
import AppHostKitMocks
import NavigationSamples
import Testing

/// A feature with one Navigation type writes its root and its screen factory, and nothing else.
@MainActor
struct SampleFeature: NavigationFeature {
    static let root = SampleNavigation.list
    static var instances = 0

    init() {
        Self.instances += 1
    }

    func makeScreen(for destination: SampleNavigation, router: any RouterContract) -> Screen {
        Screen { Title("\(destination)") }
    }
}

@MainActor
@Suite
struct NavigationFeatureTests {
    @Test
    func theFeatureIsNamedAfterItsNavigationType() {
        #expect(SampleFeature.name == "sample")
    }

    @Test
    func registeringAddsTheTypeWithItsRootAndOneInstance() throws {
        let context = FeatureContext(feature: SampleFeature.name)
        let before = SampleFeature.instances

        try SampleFeature.register(in: context)

        #expect(SampleFeature.instances == before + 1)
        #expect(context.registrations.map(\.name) == ["sample"])
        #expect(context.registrations.first?.root == Route(name: "sample", destination: "list"))
        #expect(context.registrations.first?.typeName == "NavigationSamples.SampleNavigation")
    }

    @Test
    func theScreenFactoryDrawsTheDestination() throws {
        let context = FeatureContext(feature: SampleFeature.name)
        try SampleFeature.register(in: context)
        let registration = try #require(context.registrations.first)

        let screen = try registration.makeScreen(Route(SampleNavigation.detail(identifier: 3)), RouterMock())

        #expect(screen.title == "detail(identifier: 3)")
    }

    @Test
    func recentRoutesAreDecodedOnceYetEachRouteGetsItsOwnValueAndFailuresAreNotKept() throws {
        let context = FeatureContext(feature: SampleFeature.name)
        try SampleFeature.register(in: context)
        let registration = try #require(context.registrations.first)
        // More routes than the registration keeps, twice over, then each again: every screen is its own route's.
        let identifiers = Array(1...150) + Array(1...150).reversed()
        for identifier in identifiers {
            let screen = try registration.makeScreen(Route(SampleNavigation.detail(identifier: identifier)), RouterMock())
            #expect(screen.title == "detail(identifier: \(identifier))")
        }
        let bad = Route(name: "sample", destination: "detail", parameters: [.init(name: "identifier", value: "x")])
        for _ in 0..<2 {
            #expect(throws: RouteError.self) { try registration.makeScreen(bad, RouterMock()) }
        }
    }
}

/// RouterMock records what a view model asked for as routes, in one ordered list.
@MainActor
@Suite
struct RouterMockTests {
    @Test
    func everyRequestIsRecordedInOrderAsRoutes() throws {
        let router = RouterMock()

        router.navigate(to: SampleNavigation.detail(identifier: 3))
        router.present(SampleNavigation.list, style: .sheet)
        router.goBack()
        router.finish(with: SampleResult.chosen(identifier: 1))

        #expect(router.events == [
            .navigate(try Route(SampleNavigation.detail(identifier: 3))),
            .present(try Route(SampleNavigation.list), .sheet),
            .goBack,
            .finish(try Route(SampleResult.chosen(identifier: 1))),
        ])
    }

    @Test
    func aDestinationThatCannotBecomeARouteIsRecordedAsAFailure() {
        let router = RouterMock()

        router.navigate(to: NestedNavigation(identifiers: [1, 2]))

        guard case .failed(let error)? = router.events.first else {
            Issue.record("expected a failure, got \(router.events)")
            return
        }
        #expect(error.message == "lists are not supported in navigation values; use primitives only")
    }
}
