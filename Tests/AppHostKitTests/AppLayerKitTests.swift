@_spi(Host) import AppHostKit
import Testing

/// The kit's side of the app layer: URLs as handlers read them, redirects, the app's declaration.
@Suite
struct AppLayerKitTests {
    @Test
    func aURLIsReadIntoSchemeHostPathAndQuery() throws {
        let url = try #require(DeepLinkURL(parsing: "MyApp://Character/detail/42?tab=episodes&q=a%20b#top"))

        #expect(url.scheme == "myapp")
        #expect(url.host == "character")
        #expect(url.pathComponents == ["detail", "42"])
        #expect(url.query("tab") == "episodes")
        #expect(url.query("q") == "a b")
        #expect(url.description == "MyApp://Character/detail/42?tab=episodes&q=a%20b#top")
    }

    @Test(arguments: ["character/detail/1", "://character", "1app://x", "my app://x", "myapp://", "myapp://a b", "myapp://x/%zz", "myapp://x?=v"])
    func whatIsNotAURLIsRefused(text: String) {
        #expect(DeepLinkURL(parsing: text) == nil)
    }

    @Test
    func aURLLongerThanTheLimitIsRefused() {
        let long = "myapp://character/" + String(repeating: "a", count: DeepLinkURL.maximumLength)

        #expect(DeepLinkURL(parsing: long) == nil)
        #expect(DeepLinkURL.looksLikeURL(long))
    }

    @Test
    func aRedirectCarriesTheOutgoingParametersRenamingThoseItNames() throws {
        let outgoing = Route(name: "character-outgoing", destination: "episodes", parameters: [.init(name: "characterIdentifier", value: "2")])
        let same = Redirect(from: "character-outgoing/episodes", to: "episode/characterEpisodes")
        let renamed = Redirect(from: "character-outgoing/episodes", to: "episode/byCharacter", parameters: ["characterIdentifier": "id"])

        #expect(try same.target(of: outgoing).description == "episode/characterEpisodes?characterIdentifier=2")
        #expect(try renamed.target(of: outgoing).description == "episode/byCharacter?id=2")
        #expect(AppDeclaration(redirects: [same]).redirect(for: outgoing) == same)
    }

    @Test @MainActor
    func aMalformedAppDeclarationIsRefusedByName() {
        let context = FeatureContextProbe()

        #expect(context.registerApp(redirects: [Redirect(from: "nowhere", to: "episode/list")]) == ".app: redirect from 'nowhere' is not NAME/DESTINATION")
        #expect(context.registerApp(redirects: [
            Redirect(from: "a-outgoing/x", to: "b/y"), Redirect(from: "a-outgoing/x", to: "c/z"),
        ]) == ".app: redirect from 'a-outgoing/x' is given twice")
        #expect(context.registerApp(redirects: [], notFound: "system") == nil)
    }
}

/// Registers through a real FeatureContext and returns the error a registration threw.
@MainActor
private struct FeatureContextProbe {
    func registerApp(redirects: [Redirect], notFound: String? = nil) -> String? {
        let context = FeatureContext(feature: "app")
        do {
            try context.registerApp(redirects: redirects, notFound: notFound)
            return nil
        } catch {
            return "\(error)"
        }
    }
}
