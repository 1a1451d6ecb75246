@_spi(Host) import AppHostKit
import NavigationSamples
import Foundation
import Testing

@Suite
struct NavigationCodingTests {
    @Test(arguments: [
        (SampleNavigation.list, "sample/list"),
        (.detail(identifier: 42), "sample/detail?identifier=42"),
        (.search(query: "Rick & Morty", exact: false, limit: 2.5), "sample/search?query=Rick%20%26%20Morty&exact=false&limit=2.5"),
        (.search(query: "", exact: true, limit: nil), "sample/search?query=&exact=true"),
    ])
    func enumValuesRoundTripThroughTheirRoute(value: SampleNavigation, text: String) throws {
        let route = try Route(value)

        #expect(route.description == text)
        #expect(try Route(parsing: text).decode(as: SampleNavigation.self) == value)
    }

    @Test
    func structValuesHaveParametersAndNoDestination() throws {
        let user = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let value = ProfileNavigation(user: user, editing: true)

        let route = try Route(value)

        #expect(route.description == "profile?user=E621E1F8-C36C-495A-93FC-0C247A3E6E5F&editing=true")
        #expect(try route.decode(as: ProfileNavigation.self) == value)
    }

    @Test
    func rawValueEnumsNameTheirDestination() throws {
        let route = try Route(TabNavigation.archive)

        #expect(route.description == "tab/archive")
        #expect(try route.decode(as: TabNavigation.self) == .archive)
    }

    @Test
    func randomValuesRoundTripThroughTextAndJSON() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcXYZ 019&=?/%#+é☃-_.~")
        for _ in 0..<200 {
            let query = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let value = SampleNavigation.search(
                query: query,
                exact: Bool.random(using: &generator),
                limit: Bool.random(using: &generator) ? Double.random(in: -1e6...1e6, using: &generator) : nil
            )
            let text = try Route(value).description
            let viaJSON = try JSONDecoder().decode(Route.self, from: JSONEncoder().encode(Route(value)))

            #expect(try Route(parsing: text).decode(as: SampleNavigation.self) == value)
            #expect(try viaJSON.decode(as: SampleNavigation.self) == value)
        }
    }

    @Test
    func aMissingParameterIsNamed() {
        #expect(throws: RouteError(route: "sample/detail", message: "missing parameter 'identifier' for sample/detail")) {
            try Route(parsing: "sample/detail").decode(as: SampleNavigation.self)
        }
    }

    @Test
    func aParameterOfTheWrongTypeIsNamed() {
        #expect(throws: RouteError(route: "sample/detail?identifier=abc", message: "parameter 'identifier' expects an integer, got 'abc'")) {
            try Route(parsing: "sample/detail?identifier=abc").decode(as: SampleNavigation.self)
        }
    }

    @Test
    func anUnknownDestinationIsNamed() {
        #expect(throws: RouteError(route: "sample/bogus", message: "'sample' has no destination 'bogus'")) {
            try Route(parsing: "sample/bogus").decode(as: SampleNavigation.self)
        }
    }

    @Test
    func anUnknownParameterIsRefused() {
        #expect(throws: RouteError(route: "sample/detail?identifier=1&colour=red", message: "unknown parameter 'colour' for sample/detail")) {
            try Route(parsing: "sample/detail?identifier=1&colour=red").decode(as: SampleNavigation.self)
        }
    }

    @Test
    func anInvalidUUIDIsNamed() {
        #expect(throws: RouteError(route: "profile?user=nope&editing=false", message: "parameter 'user' expects a valid UUID, got 'nope' (Attempted to decode UUID from invalid UUID string.)")) {
            try Route(parsing: "profile?user=nope&editing=false").decode(as: ProfileNavigation.self)
        }
    }

    @Test
    func valuesHoldingListsAreRefused() {
        #expect(throws: RouteError(route: "nested", message: "lists are not supported in navigation values; use primitives only")) {
            try Route(NestedNavigation(identifiers: [1, 2]))
        }
    }
}

/// Listed destinations: what `allDestinations` tells tools about a type.
@Suite
struct DestinationListingTests {
    private enum Listed: Navigation {
        case list
        case detail(identifier: Int)
        case search(query: String, exact: Bool, limit: Double)
        case session(id: UUID)
        static let routeName = "listed"
        static let allDestinations: [Listed] = [
            .list, .detail(identifier: 1), .detail(identifier: 2), .search(query: "a", exact: true, limit: 1), .session(id: UUID()),
        ]
    }

    private enum Plain: String, Navigation, CaseIterable {
        case inbox, archive
        static let routeName = "plain"
    }

    @Test
    func eachListedDestinationIsNamedOnceWithItsParametersTypes() {
        let summaries = DestinationSummary.of(Listed.self)

        #expect(summaries.map(\.name) == ["list", "detail", "search", "session"])
        #expect(summaries[1].parameters == [.init(name: "identifier", type: "int")])
        #expect(summaries[2].parameters.map(\.type) == ["string", "bool", "double"])
        #expect(summaries[3].parameters == [.init(name: "id", type: "uuid")])
    }

    @Test
    func aCaseIterableTypeListsEveryCaseAndAnUnlistedOneNone() {
        #expect(DestinationSummary.of(Plain.self).map(\.name) == ["inbox", "archive"])
        #expect(DestinationSummary.of(SampleNavigation.self).isEmpty)
    }
}
