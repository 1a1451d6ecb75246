@testable import AppHost
@testable import AppHostLoading
@testable import AppHostNavigation
import Foundation
import Testing

/// A probe writes descriptions as JSON by hand, and the host reads them back without JSONDecoder
/// (`FeatureDescription.decode`), as their Codable conformance would.
@Suite
struct FeatureDescriptionTests {
    private let description = FeatureDescription(
        name: "odd \"name\"\twith\ncontrol \u{1}",
        build: FeatureBuild(major: 1, minor: 2, patch: 3, compiler: "Swift 6.3.1"),
        routes: [
            FeatureDescription.RouteType(
                name: "about",
                typeName: "C feature 'about'",
                root: "about/main",
                destinations: [FeatureDescription.Destination(name: "license", parameters: [FeatureDescription.Parameter(name: "id", type: "int64")])]
            ),
            FeatureDescription.RouteType(name: "home", typeName: "HomeFeature.HomeNavigation", root: nil, role: "outgoing", destinations: nil),
        ],
        shells: [FeatureDescription.Shell(name: "main", style: "tabs", items: [FeatureDescription.Item(title: "Ünïcode \\ tab 😀", destination: "home")])],
        app: FeatureDescription.App(redirects: [FeatureDescription.Redirect(from: "home/outgoing", to: "about/license", parameters: ["id": "number"])], notFound: "about/main"),
        needs: ["about", "home/list"]
    )

    @Test
    func aDescriptionRoundTripsThroughItsJSON() throws {
        let read = try #require(FeatureDescription.decode(description.json[...]))

        #expect(read == description)
        #expect(try JSONDecoder().decode(FeatureDescription.self, from: Data(description.json.utf8)) == description)
    }

    /// Each text read both ways: `decode` and JSONDecoder agree on what is a description and on what it holds.
    @Test(arguments: [
        // Optional fields missing, null, or there; keys in any order, with white space; unknown keys.
        #"{"name":"A","build":{"major":1,"minor":0,"patch":0},"routes":[],"shells":[]}"#,
        #"{"name":"A","build":{"major":1,"minor":0,"patch":0,"compiler":null},"routes":[{"name":"a","typeName":"T","root":null,"destinations":null}],"shells":[],"app":null,"needs":null}"#,
        #" { "shells" : [ ] , "routes" : [ ] , "build" : { "patch" : 9 , "minor" : 8 , "major" : 7 } , "name" : "A" , "later" : [1, {"x": true}] } "#,
        #"{"name":"\u00e9\ud83d\ude00\/","build":{"major":1,"minor":0,"patch":0},"routes":[],"shells":[]}"#,
        // Not descriptions: a required field missing, of another type, or out of range; not an object.
        #"{"build":{"major":1,"minor":0,"patch":0},"routes":[],"shells":[]}"#,
        #"{"name":1,"build":{"major":1,"minor":0,"patch":0},"routes":[],"shells":[]}"#,
        #"{"name":"A","build":{"major":-1,"minor":0,"patch":0},"routes":[],"shells":[]}"#,
        #"{"name":"A","build":{"major":4294967296,"minor":0,"patch":0},"routes":[],"shells":[]}"#,
        #"{"name":"A","build":{"major":1,"minor":0,"patch":0},"routes":[{"name":"a"}],"shells":[]}"#,
        #"{"name":"A","build":{"major":1,"minor":0,"patch":0},"routes":[],"shells":[],"needs":[1]}"#,
        #"{"name":"A","build":{"major":1,"minor":0,"patch":0},"routes":[],"shells":[],"app":{"redirects":[{"from":"a","to":"b","parameters":{"x":1}}]}}"#,
        #"["A"]"#,
        #"{"name":"A","build":{"major":1,"minor":0,"patch":0},"routes":[],"shells":[]} x"#,
    ])
    func decodeAgreesWithJSONDecoder(text: String) {
        let read = FeatureDescription.decode(text[...])
        let decoded = try? JSONDecoder().decode(FeatureDescription.self, from: Data(text.utf8))

        #expect(read == decoded, "\(text)")
    }
}
