import AppHost
import AppHostKit
import AppHostSnapshotTesting
import AppHostTesting
import Foundation
import Testing

enum PantryNavigation: Navigation, CaseIterable {
    case pantry

    static let routeName = "pantry"
}

/// The strategies over a real session: the snapshots beside this file were recorded from it, and a
/// screen that differs fails with a line diff.
@MainActor
@Suite
struct StrategyTests {
    private func pantry() async throws -> AppHarness {
        let registry = DestinationRegistry()
        try registry.register(PantryNavigation.self, root: .pantry, feature: "pantry") { _, _ in
            Screen {
                Title("Pantry")
                List {
                    Text("Milk")
                    RowAction("Delete") {}
                }
                TextField("Search", text: "") { _ in }
            }
        }
        return try await AppHarness(registry: registry, start: "pantry", options: .init(width: 40))
    }

    @Test
    func aScreenIsSnapshotAsTextAndAsItsLayout() async throws {
        let app = try await pantry()
        assertSnapshot(of: app, as: .screen)
        assertSnapshot(of: app, as: .layout)
        await app.end()
    }

    /// `aScreenThatDiffersFailsWithALineDiff.stale.txt` holds the screen with `Bread` for `Milk`.
    @Test
    func aScreenThatDiffersFailsWithALineDiff() async throws {
        let app = try await pantry()
        let failure = verifySnapshot(of: app, as: .screen, named: "stale", record: .never)
        let message = try #require(failure)
        #expect(message.contains("−  Bread (actions: [1] Delete)") && message.contains("+  Milk (actions: [1] Delete)"), "\(message)")
        await app.end()
    }
}
