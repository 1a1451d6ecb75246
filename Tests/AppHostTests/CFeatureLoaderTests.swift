import AppHost
@_spi(Host) import AppHostKit
import AppHostTesting
import Testing

/// C feature descriptors, each built with one defect by the C compiler, through the real loader.
@MainActor
@Suite
struct CFeatureLoaderTests {
    private func load(defect: Int, fixtures: borrowing FeatureFixtures) async throws -> (path: String, error: FeatureLoadError?) {
        let path = fixtures.path("libBroken\(defect)Feature.so")
        try await CCompiler.compiling(CCompiler.fixture("broken.c"), to: path, defines: ["DEFECT=\(defect)"])
        let registry = DestinationRegistry()
        try FeatureLoader.load(AppHarness.libraryPath("Character"), into: registry)
        do {
            try FeatureLoader.load(path, into: registry)
            return (path, nil)
        } catch {
            return (path, error)
        }
    }

    @Test(arguments: [
        (1, "destination 'main': render function is null"),
        (2, "destination 'item': parameter 'id' has unknown type tag 9"),
        (3, "destination 'main': is declared twice"),
        (4, "destination 'wide': declares 9 parameters, at most 8 are allowed"),
        (5, "destination 'main': root_destination must take no parameters"),
        (6, "descriptor: declares 1000000 destinations, at most 256 are allowed"),
        (7, "destination '#1': name is longer than 128 bytes"),
        (8, "descriptor: destination_size is 4 bytes; ABI 2 destinations have 32 to 4096"),
    ])
    func aMalformedDescriptorIsRefusedNamingTheDestination(defect: Int, reason: String) async throws {
        let fixtures = try FeatureFixtures()

        let (path, error) = try await load(defect: defect, fixtures: fixtures)

        #expect(error?.description == "\(path): \(reason)")
    }

    @Test
    func aRouteNameAnotherFeatureHasIsADuplicate() async throws {
        let fixtures = try FeatureFixtures()

        let (path, error) = try await load(defect: 0, fixtures: fixtures)

        #expect(error?.description == "\(path): route name 'character' is registered by both feature 'character' (\(AppHarness.libraryPath("Character"))) and feature 'broken' (\(path)); rename one of them")
    }

    @Test
    func brokenCFeaturesAreReportedAndTheRestLoad() async throws {
        let fixtures = try FeatureFixtures()
        for defect in 1...2 {
            try await CCompiler.compiling(CCompiler.fixture("broken.c"), to: fixtures.path("libBroken\(defect)Feature.so"), defines: ["DEFECT=\(defect)"])
        }
        try fixtures.addBuiltFeature("About")
        try fixtures.addBuiltFeature("Home")
        let host = FeatureHost()

        host.loadFeatures(from: FeatureDiscovery(directories: [fixtures.directory.path]))

        #expect(host.features.map(\.name) == ["about", "home"])
        #expect(host.failures.map(\.path) == [fixtures.path("libBroken1Feature.so"), fixtures.path("libBroken2Feature.so")])
    }

    @Test
    func aStringParameterWithANulIsRefusedNamingIt() async throws {
        let fixtures = try FeatureFixtures()
        let hello = fixtures.path("libHelloFeature.so")
        try await CCompiler.compiling(CCompiler.fixture("hello.c"), to: hello)
        let app = try await AppHarness(paths: [AppHarness.libraryPath("Home"), hello], start: "home")

        await app.run("open hello/greet?name=Sum%00mer")

        #expect(app.errorLines.last == "error: open hello/greet?name=Sum%00mer: parameter 'name' contains a NUL character (%00), which a C string cannot carry (C destination 'greet' of \(hello))\n")
        #expect(app.session.deepLink.description == "home/main")
    }

    @Test
    func sectionsNestedThousandsDeepAreShownFlatBelowTheLimitNamingTheFeature() async throws {
        let fixtures = try FeatureFixtures()
        let source = fixtures.path("deep.c")
        try """
            #include <stddef.h>
            #include "apphost.h"
            static void render_main(const apphost_host_api *api, apphost_screen *screen) {
                api->title(screen, "Deep");
                for (int i = 0; i < 3000; i++) api->begin_section(screen, "level");
                api->text(screen, "bottom");
                for (int i = 0; i < 3000; i++) api->end_section(screen);
                api->text(screen, "after");
            }
            static const apphost_destination destinations[] = {{"main", 0, NULL, (apphost_render_fn)render_main}};
            static const apphost_feature_descriptor descriptor = {
                APPHOST_C_FEATURE_HEADER,
                .name = "deep", .route_name = "deep", .root_destination = "main",
                .destination_count = 1, .destination_size = APPHOST_DESTINATION_SIZE, .destinations = destinations,
            };
            const apphost_feature_descriptor *apphost_feature_entry(void) { return &descriptor; }
            """.write(toFile: source, atomically: true, encoding: .utf8)
        let library = fixtures.path("libDeepFeature.so")
        try await CCompiler.compiling(source, to: library)

        let app = try await AppHarness(paths: [library], start: "deep", options: .init(width: 200))

        #expect(app.screen.contains("bottom"))
        #expect(app.screen.contains("after"))
        #expect(app.screen.contains("error: C feature: lists and sections nested more than 32 deep in deep's screen; the deeper ones are shown flat (CScreenBuilder.maximumNesting)\n"), "\(app.screen.suffix(600))")
        #expect(app.errorLines.isEmpty)
    }

    @Test
    func aCLinkReadsItsRouteAtEveryDrawAndABadOneFailsEachTime() async throws {
        let fixtures = try FeatureFixtures()
        let source = fixtures.path("links.c")
        try """
            #include <stddef.h>
            #include "apphost.h"
            static int draws;
            static void render_main(const apphost_host_api *api, apphost_screen *screen) {
                api->title(screen, "Links");
                /* The same text for the good link at every draw; the bad one alternates between two wrong forms. */
                api->link(screen, "Good", "links/other");
                api->link(screen, "Bad", (draws++ % 2) ? "links/other/more" : "no such route!");
            }
            static void render_other(const apphost_host_api *api, apphost_screen *screen) { api->title(screen, "Other"); }
            static const apphost_destination destinations[] = {
                {"main", 0, NULL, (apphost_render_fn)render_main},
                {"other", 0, NULL, (apphost_render_fn)render_other},
            };
            static const apphost_feature_descriptor descriptor = {
                APPHOST_C_FEATURE_HEADER,
                .name = "links", .route_name = "links", .root_destination = "main", .destination_count = 2,
                .destination_size = APPHOST_DESTINATION_SIZE, .destinations = destinations,
            };
            const apphost_feature_descriptor *apphost_feature_entry(void) { return &descriptor; }
            """.write(toFile: source, atomically: true, encoding: .utf8)
        let library = fixtures.path("libLinksFeature.so")
        try await CCompiler.compiling(source, to: library)
        let app = try await AppHarness(paths: [library], start: "links")

        for round in 0..<4 {
            await app.run("tap Bad")
            let reason = round % 2 == 0
                ? "no such route!: segment 'no such route!' is not a valid name (letters, digits, '-', '_' and '.')"
                : "links/other/more: too many path segments; expected NAME or NAME/DESTINATION"
            #expect(app.errorLines.last == "error: tap Bad: link 'Bad' has no valid destination: \(reason)\n", "draw \(round + 1)")
            await app.run("tap Good")
            #expect(app.session.deepLink.description == "links/main>links/other")
            await app.run("back")
        }
    }

    @Test
    func navigateToARouteNothingProvidesReturnsFalse() async throws {
        let fixtures = try FeatureFixtures()
        let navigator = fixtures.path("libNavigatorFeature.so")
        try await CCompiler.compiling(CCompiler.fixture("navigate.c"), to: navigator)
        let app = try await AppHarness(paths: [navigator], start: "navigator", options: .init(width: 40))

        await app.run("tap Go nowhere")

        #expect(app.session.deepLink.description.hasPrefix("navigator/main!alert(title=Refused&message=navigate%20returned%20false"))
    }

    /// A screen handle passed where a router handle goes, and a router handle kept past its action:
    /// refused by name, nothing done, the session goes on (an absolute --features used to segfault).
    @Test
    func aHandleOfTheWrongKindOrFromAnotherCallIsRefusedByName() async throws {
        let fixtures = try FeatureFixtures()
        let navigator = fixtures.path("libNavigatorFeature.so")
        try await CCompiler.compiling(CCompiler.fixture("navigate.c"), to: navigator)

        let result = try ProcessRunner.run(
            ProcessRunner.built("apphost"), ["--start", "navigator", "--features", fixtures.directory.path, "--width", "300"],
            input: "tap Misuse\nback\ntap Keep the router\ntap Use the kept router\nstate\n"
        )

        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Still drawing"))
        #expect(result.output.contains("error: C feature: navigator passed 0x"))
        #expect(result.output.contains(" where a router handle of the call in progress was expected; the call was ignored (a handle is valid only during the call that gave it)"))
        #expect(result.output.hasSuffix("navigator/main\n"), "the kept router moved nothing: \(result.output.suffix(200))")
        #expect(result.errors.components(separatedBy: "apphost.navigator: [AppHost] passed 0x").count == 4, "the screen passed as a router and each use of the kept router are named: \(result.errors)")
    }

    @Test
    func theAboutLibraryLinksNoSwiftLibrary() throws {
        let result = try ProcessRunner.run("/usr/bin/env", ["readelf", "--dynamic", AppHarness.libraryPath("About")])

        #expect(result.status == 0)
        let needed = result.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty)
        #expect(needed.allSatisfy { !$0.contains("swift") && !$0.contains("AppHostKit") }, "\(needed)")
    }
}
