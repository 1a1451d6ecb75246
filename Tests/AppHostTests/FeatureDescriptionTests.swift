@testable import AppHost
@testable import AppHostLoading
@testable import AppHostNavigation
import Foundation
import Testing

/// A probe writes descriptions as JSON by hand; the host reads them with JSONDecoder.
@Suite
struct FeatureDescriptionTests {
    @Test
    func aDescriptionRoundTripsThroughItsJSON() throws {
        let description = FeatureDescription(
            name: "odd \"name\"\twith\ncontrol \u{1}",
            build: FeatureBuild(major: 1, minor: 2, patch: 3, compiler: "Swift 6.3.1"),
            routes: [
                FeatureDescription.RouteType(
                    name: "about",
                    typeName: "C feature 'about'",
                    root: "about/main",
                    destinations: [FeatureDescription.Destination(name: "license", parameters: [FeatureDescription.Parameter(name: "id", type: "int64")])]
                ),
                FeatureDescription.RouteType(name: "home", typeName: "HomeFeature.HomeNavigation", root: nil, destinations: nil),
            ],
            shells: [FeatureDescription.Shell(name: "main", style: "tabs", items: [FeatureDescription.Item(title: "Ünïcode \\ tab", destination: "home")])]
        )

        let decoded = try JSONDecoder().decode(FeatureDescription.self, from: Data(description.json.utf8))

        #expect(decoded == description)
    }
}
