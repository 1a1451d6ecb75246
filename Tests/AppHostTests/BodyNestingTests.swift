import AppHost
@_spi(Host) import AppHostKit
import Testing

/// A Swift feature whose screen nests sections as deep as its route says, built by a recursive view
/// (as a tree of comments or folders is): the host's own walks of a body must not follow it down.
enum TreeNavigation: Navigation {
    case tree(depth: Int)

    static let routeName = "tree"
}

enum TreeFeature: FeatureModule {
    static let name = "tree"

    static func register(in context: FeatureContext) throws {
        try context.register(TreeNavigation.self, root: .tree(depth: 3)) { navigation, router in
            switch navigation {
            case .tree(let depth):
                return Screen {
                    Title("Tree")
                    TreeFeature.level(1, of: depth, router: router)
                }
            }
        }
    }

    /// Section N holds a link to a tree N deep and section N+1, down to `depth`.
    static func level(_ level: Int, of depth: Int, router: any RouterContract) -> Node {
        var children: [Node] = [.link("Leaf \(level)", destination: try? Route(TreeNavigation.tree(depth: level)), failure: nil)]
        if level < depth { children.append(Self.level(level + 1, of: depth, router: router)) }
        return .section("Level \(level)", children)
    }
}

@MainActor
struct BodyNestingTests {
    private final class Capture {
        var output = ""
        var errors = ""
    }

    private func session(depth: Int, capture: Capture) throws -> Session {
        let registry = DestinationRegistry()
        try registry.register(TreeFeature.self)
        return Session(
            registry: registry,
            start: try Route(TreeNavigation.tree(depth: depth)),
            options: Session.Options(width: 240),
            output: { capture.output += $0 },
            errorOutput: { capture.errors += $0 }
        )
    }

    @Test
    func aScreenWithinTheLimitIsDrawnAsItNests() async throws {
        let capture = Capture()
        let sut = try session(depth: BodyNesting.maximum, capture: capture)

        await sut.start()

        let screen = try #require(sut.current?.text)
        #expect(!screen.contains("nested more than"))
        #expect(screen.contains("Leaf \(BodyNesting.maximum)"))
        #expect(sut.current?.layout.actionCount == BodyNesting.maximum)
    }

    @Test(arguments: [3_000, 5_000])
    func aScreenNestedThousandsDeepIsDrawnFlatBelowTheLimitWithAnErrorNamingTheFeature(depth: Int) async throws {
        let capture = Capture()
        let sut = try session(depth: depth, capture: capture)

        await sut.start()
        await sut.execute("show")

        let screen = try #require(sut.current?.text)
        #expect(screen.contains("lists and sections nested more than \(BodyNesting.maximum) deep in the feature's screen; the deeper ones are shown flat (BodyNesting.maximum)"))
        // Nothing is lost: every level's title and button is there, and the deepest can be tapped.
        #expect(screen.contains("Level \(depth)"))
        #expect(sut.current?.layout.actionCount == depth)
        await sut.execute("tap \(depth)")
        #expect(sut.topRoute == (try Route(TreeNavigation.tree(depth: depth))))
        #expect(capture.errors.isEmpty, "\(capture.errors)")
    }
}
