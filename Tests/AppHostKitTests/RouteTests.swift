import AppHostKit
import Foundation
import Testing

@Suite
struct RouteTests {
    @Test
    func parsesNameDestinationAndParameters() throws {
        let route = try Route(parsing: "character/detail?identifier=2")

        #expect(route.name == "character")
        #expect(route.destination == "detail")
        #expect(route.parameters == [Route.Parameter(name: "identifier", value: "2")])
    }

    @Test
    func printsTheFormItParses() throws {
        let text = "sample/search?query=rick%20%26%20morty&exact=true"

        #expect(try Route(parsing: text).description == text)
    }

    @Test
    func percentEncodesReservedCharactersInValues() {
        let route = Route(name: "sample", destination: "search", parameters: [.init(name: "query", value: "a&b=c?/ é")])

        #expect(route.description == "sample/search?query=a%26b%3Dc%3F%2F%20%C3%A9")
    }

    @Test
    func refusesAnEmptyRoute() {
        #expect(throws: RouteError(route: " ", message: "empty route; expected NAME[/DESTINATION][?PARAMETER=VALUE&…]")) {
            try Route(parsing: " ")
        }
    }

    @Test
    func refusesTooManySegments() {
        #expect(throws: RouteError(route: "a/b/c", message: "too many path segments; expected NAME or NAME/DESTINATION")) {
            try Route(parsing: "a/b/c")
        }
    }

    @Test
    func refusesAnInvalidSegmentNamingIt() {
        #expect(throws: RouteError(route: "char acter/list", message: "segment 'char acter' is not a valid name (letters, digits, '-', '_' and '.')")) {
            try Route(parsing: "char acter/list")
        }
    }

    @Test
    func refusesAParameterWithoutValue() {
        #expect(throws: RouteError(route: "character/detail?identifier", message: "parameter 'identifier' is not of the form NAME=VALUE")) {
            try Route(parsing: "character/detail?identifier")
        }
    }

    @Test
    func refusesARepeatedParameter() {
        #expect(throws: RouteError(route: "character/detail?identifier=1&identifier=2", message: "parameter 'identifier' is given twice")) {
            try Route(parsing: "character/detail?identifier=1&identifier=2")
        }
    }

    @Test
    func encodesAsItsTextInJSON() throws {
        let route = try Route(parsing: "character/detail?identifier=2")

        let data = try JSONEncoder().encode([route])

        #expect(String(decoding: data, as: UTF8.self) == #"["character\/detail?identifier=2"]"#)
        #expect(try JSONDecoder().decode([Route].self, from: data) == [route])
    }
}
