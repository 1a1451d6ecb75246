import AppHost
import AppHostFlows
@_spi(Host) import AppHostKit
import Foundation
import SwiftUI
import Testing

/// Navigation a feature's views own (the Recipes feature: a TabView, a NavigationStack's path,
/// sheets, alerts), seen by the session in a real process: closed by back and dismiss, named by
/// `state`, brought back by a state file, crawled, and drawn in the graph.
@Suite
struct ViewLayerSessionTests {
    private let apphost = ProcessRunner.built("apphost")

    @Test
    func backAndDismissCloseWhatTheViewsOpenedAndStateNamesEachLayer() throws {
        let result = try ProcessRunner.run(
            apphost, ["--start", "recipes", "--width", "60"],
            input: "wait until Carbonara\ntap Carbonara\ntap Share\nstate\ndismiss\nstate\ntap Delete\nstate\ndismiss\nback\nstate\nback\nroot\n"
        )

        #expect(result.status == 0)
        let states = result.output.split(separator: "\n").filter { $0.hasPrefix("recipes/book") }
        #expect(states == [
            #"recipes/book › tab "Recipes" › push "Carbonara" › sheet "Share""#,
            #"recipes/book › tab "Recipes" › push "Carbonara""#,
            #"recipes/book › tab "Recipes" › push "Carbonara" › alert "Delete Carbonara?""#,
            #"recipes/book › tab "Recipes""#,
        ])
        #expect(result.errors == "error: back: already at the first screen (recipes/book)\n", "the tab is not a layer back closes")
        #expect(result.output.contains("Recipes › Carbonara\n"), "a pushed view has its breadcrumb")
    }

    @Test
    func anAlertWithoutACancelButtonIsSaidToBeOpenAndALinkToALayerIsRefusedByName() throws {
        let result = try ProcessRunner.run(apphost, ["--start", "recipes"], input: "open recipes/book › push \"Carbonara\"\n")

        #expect(result.errors.hasPrefix(#"error: open recipes/book › push "Carbonara": push "Carbonara": is navigation the views own"#), "\(result.errors)")
    }

    @Test
    func aStateFileBringsBackAPushedDetailWithASheetOpen() throws {
        let folder = try FeatureFixtures()
        let file = folder.path("recipes.json")
        let first = try ProcessRunner.run(apphost, ["--start", "recipes", "--state", file], input: "wait until Carbonara\ntap 2\ntap Share\n")
        #expect(first.status == 0)
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.contains(#""tap Carbonara""#), "a tap by number is kept by its label: \(saved)")

        let again = try ProcessRunner.run(apphost, ["--start", "recipes", "--state", file], input: "state\ndismiss\nback\n")

        #expect(again.status == 0, "\(again.errors)")
        #expect(again.errors == "")
        #expect(again.output.contains(#"recipes/book › tab "Recipes" › push "Carbonara" › sheet "Share""# + "\n"))
        let screens = again.output.components(separatedBy: "\nShare Carbonara with a friend.\n").count - 1
        #expect(screens == 1, "the replay draws the screen it ends on, once: \(again.output.prefix(400))")
        #expect(!again.output.hasPrefix("════════════════════════════════════════════════════════════\nRecipes\n"), "the replay's first step is not drawn")

        // Back on the list, the views own no layer but the tab: the file holds the route alone.
        let last = try String(contentsOfFile: file, encoding: .utf8)
        #expect(last.contains(#""commands""#) && last.contains("wait until Carbonara"), "the tab is still a layer of the views: \(last)")
        let third = try ProcessRunner.run(apphost, ["--start", "recipes", "--state", file], input: "state\n")
        #expect(third.output.hasSuffix(#"recipes/book › tab "Recipes""# + "\n"), "\(third.output.suffix(200))")
    }

    @Test
    func theCrawlReachesEveryLayerTheViewsOpenAndTheGraphDrawsThem() throws {
        let crawl = try ProcessRunner.run(apphost, ["crawl", "--start", "recipes"])

        for state in [
            #"recipes/book › tab "Recipes"  'Recipes'  (start)"#,
            #"recipes/book › tab "Recipes" › push "Carbonara"  'Carbonara'  tap 2 (Carbonara)"#,
            #"recipes/book › tab "Recipes" › sheet "New recipe"  'New recipe'  tap 1 (New recipe)"#,
            #"recipes/book › tab "Recipes" › sheet "New recipe" › push "Course"  'Course'"#,
            #"recipes/book › tab "Recipes" › push "Steps"  'Steps'"#,
            #"recipes/book › tab "Recipes" › push "Carbonara" › sheet "Share"  'Share'"#,
            #"recipes/book › tab "Recipes" › push "Carbonara" › alert "Delete Carbonara?"  'Delete Carbonara?'"#,
            #"recipes/book › tab "Settings" › dialog "Reset the book?"  'Reset the book?'"#,
        ] {
            #expect(crawl.output.contains("  " + state), "not reached: \(state)\n\(crawl.output)")
        }
        #expect(crawl.output.hasPrefix("crawl from recipes: 18 states, "), "\(crawl.output.prefix(80))")

        let graph = try ProcessRunner.run(apphost, ["graph", "--start", "recipes"])
        #expect(graph.output.contains(#"[label="Share"+"\n"+"recipes/book › tab \"Recipes\" › push \"Carbonara\" › sheet \"Share\"", style="rounded,dashed"];"#), "\(graph.output)")
    }

}

enum TrapNavigation: Navigation {
    case main

    static let routeName = "trap"
}

/// A sheet whose only button does not close it: a person on a device could only swipe it away.
struct TrapView: View {
    @State private var shows = false
    @State private var presses = 0

    var body: some View {
        Button("Open the trap") { shows = true }
            .sheet(isPresented: $shows) {
                Text("Pressed \(presses) times").navigationTitle("Trap")
                Button("Press") { presses += 1 }
            }
    }
}

/// The crawl's own steps in this process: a sheet the views present is a state of its own,
/// reached by replaying the tap that opened it, and one none of whose elements closes is a problem.
@MainActor
@Suite
struct ViewLayerCrawlTests {
    @Test
    func aSheetNothingOnItClosesIsNoWayOut() async throws {
        let registry = DestinationRegistry()
        try registry.register(TrapNavigation.self, root: .main, feature: "trap") { _, router in Screen(TrapView(), router: router) }

        let start = try await CrawlExplorer.describe(start: "trap", link: nil, registry: registry)
        let opened = try await CrawlExplorer.activate(1, start: "trap", link: start.link, registry: registry)
        #expect(opened.toKey == #"trap/main › sheet "Trap""#)
        let link = try #require(opened.to)
        #expect(link.hasPrefix(CrawlExplorer.replayPrefix), "no link reaches a sheet the views present: \(link)")

        let sheet = try await CrawlExplorer.describe(start: "trap", link: link, registry: registry)
        #expect(sheet.presented == 1)
        #expect(sheet.back == start.link, "back closes it, writing the state that presented it")
        let press = try await CrawlExplorer.activate(1, start: "trap", link: sheet.link, registry: registry)
        #expect(press.toKey == sheet.key)

        var summary = CrawlSummary(start: "trap")
        summary.add(CrawlReport.Reached(node: start, path: [], edges: [opened]))
        summary.add(CrawlReport.Reached(node: sheet, path: ["tap 1 (Open the trap)"], edges: [press]))
        #expect(summary.problems(neverReached: []) == [#"no way out: trap/main ('Trap') is presented, and none of its elements closes it"#])
    }

    /// A crawl keeps the states it restored, by start and link, for one registry: another registry
    /// whose start has the same name, and another root, restores its own.
    @Test
    func aStateRestoredForOneRegistryIsNotAnothersWithTheSameStartName() async throws {
        func registry(root: PorchNavigation) throws -> DestinationRegistry {
            let registry = DestinationRegistry()
            try registry.register(PorchNavigation.self, root: root, feature: "porch") { navigation, _ in
                Screen { Title("The \(navigation) door") }
            }
            return registry
        }
        let front = try registry(root: .front)
        let back = try registry(root: .back)

        let one = try await CrawlExplorer.describe(start: "porch", link: nil, registry: front)
        let other = try await CrawlExplorer.describe(start: "porch", link: nil, registry: back)
        let again = try await CrawlExplorer.describe(start: "porch", link: nil, registry: front)

        #expect(one.route == "porch/front")
        #expect(other.route == "porch/back")
        #expect(other.title == "The back door")
        #expect(again.route == "porch/front")
    }
}

enum ShelfNavigation: Navigation {
    case shelf
    case book

    static let routeName = "shelf"
}

/// What the views of the shelf's screens did, in order.
@MainActor
final class ShelfLog {
    static let shared = ShelfLog()
    var lines: [String] = []
}

struct ShelfView: View {
    let router: any RouterContract

    var body: some View {
        Button("Open the book") { router.navigate(to: ShelfNavigation.book) }
            .onAppear { ShelfLog.shared.lines.append("shelf appears") }
            .onDisappear { ShelfLog.shared.lines.append("shelf disappears") }
            .task {
                ShelfLog.shared.lines.append("shelf task starts")
                do { try await Task.sleep(for: .seconds(3600)) } catch { ShelfLog.shared.lines.append("shelf task cancelled") }
            }
    }
}

struct BookView: View {
    var body: some View {
        Text("A book")
            .onAppear { ShelfLog.shared.lines.append("book appears") }
            .onDisappear { ShelfLog.shared.lines.append("book disappears") }
    }
}

/// A screen's views leave the screen as on a device: covered by a push, popped, or sent away by
/// `root`, their `.onDisappear` runs and their `.task` is cancelled; shown again, they appear anew.
@MainActor
@Suite
struct ScreenLifecycleTests {
    @Test
    func aCoveredOrPoppedScreensViewsDisappearAndAppearAgainWhenShown() async throws {
        ShelfLog.shared.lines = []
        let registry = DestinationRegistry()
        try registry.register(ShelfNavigation.self, root: .shelf, feature: "shelf") { navigation, router in
            switch navigation {
            case .shelf: Screen(ShelfView(router: router), router: router)
            case .book: Screen(BookView(), router: router)
            }
        }
        let sut = Session(
            registry: registry, start: try #require(registry.root(named: "shelf")),
            options: Session.Options(width: 40, virtualTime: true), output: { _ in }, errorOutput: { _ in }
        )
        await sut.start()
        #expect(ShelfLog.shared.lines == ["shelf appears", "shelf task starts"])

        await sut.execute("tap Open the book")
        // The cancelled task sees its cancellation when it next runs, which may come after the book appears.
        #expect(ShelfLog.shared.lines.dropFirst(2).filter { $0 != "shelf task cancelled" } == ["shelf disappears", "book appears"], "\(ShelfLog.shared.lines)")
        #expect(ShelfLog.shared.lines.contains("shelf task cancelled"))

        await sut.execute("back")
        #expect(ShelfLog.shared.lines.suffix(3) == ["book disappears", "shelf appears", "shelf task starts"], "\(ShelfLog.shared.lines)")

        await sut.execute("tap Open the book")
        await sut.execute("root")
        #expect(ShelfLog.shared.lines.suffix(3) == ["book disappears", "shelf appears", "shelf task starts"], "\(ShelfLog.shared.lines)")
        await sut.end()
    }
}

/// Files the person named are written only as they meant: a report never replaces a flow, a
/// state file reached through a link stays a link.
@Suite
struct NamedFileTests {
    private let apphost = ProcessRunner.built("apphost")

    @Test
    func aJUnitReportNeverReplacesAFileThatIsNotOne() throws {
        let folder = try FeatureFixtures()
        let flow = folder.path("a.flow")
        try Data("start about\nsee About AppHost\n".utf8).write(to: URL(fileURLWithPath: flow))
        try Data("start about\nsee About AppHost\n".utf8).write(to: URL(fileURLWithPath: folder.path("b.flow")))

        let result = try ProcessRunner.run(apphost, ["test", "--junit", flow, folder.path("b.flow")])

        #expect(result.status == 2)
        #expect(result.errors == "error: --junit \(flow) exists and is not a JUnit report (it is a flow); name another file, or remove it first\n")
        #expect(try String(contentsOfFile: flow, encoding: .utf8) == "start about\nsee About AppHost\n")
        // A report written before is replaced.
        let report = folder.path("report.xml")
        #expect(try ProcessRunner.run(apphost, ["test", "--junit", report, folder.path("b.flow")]).status == 0)
        #expect(try ProcessRunner.run(apphost, ["test", "--junit", report, folder.path("b.flow")]).status == 0)
    }

    @Test
    func aStateFileReachedThroughALinkIsSavedToWhereItPointsAndTheLinkStays() throws {
        let folder = try FeatureFixtures()
        let target = folder.path("real.json")
        let link = folder.path("state.json")
        #expect(symlink(target, link) == 0)
        let first = try ProcessRunner.run(apphost, ["--start", "about", "--state", link], input: "tap Open-source licenses\n")
        #expect(first.status == 0)
        #expect(first.errors.contains("is a symbolic link to nothing; this session saves nothing to it"), "\(first.errors)")
        #expect(!FileManager.default.fileExists(atPath: target))

        try Data().write(to: URL(fileURLWithPath: target))
        let second = try ProcessRunner.run(apphost, ["--start", "about", "--state", link], input: "tap Open-source licenses\n")
        #expect(second.status == 0, "\(second.errors)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target, "the link is still a link")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("about\\/licenses"))
        #expect(FileManager.default.fileExists(atPath: target + ".lock"), "the lock is the file's, not the link's")

        let third = try ProcessRunner.run(apphost, ["--start", "about", "--state", link], input: "state\n")
        #expect(third.output.hasSuffix("about/main>about/licenses\n"), "\(third.output.suffix(200))")
    }
}

/// A child `apphost` lives for its parent: killed, the parent leaves no flow running under init.
@Suite
struct OrphanTests {
    private let apphost = ProcessRunner.built("apphost")

    @Test
    func aKilledTestRunLeavesNoChildRunning() throws {
        let folder = try FeatureFixtures()
        let flow = folder.path("long-\(getpid()).flow")
        try Data(("start about\n" + String(repeating: "wait 60s\n", count: 10)).utf8).write(to: URL(fileURLWithPath: flow))
        let parent = try ProcessRunner.start(apphost, ["test", "--real-time", flow])

        // The child is there once it runs the flow; then the parent is killed outright.
        func children() -> [pid_t] {
            let probe = try? ProcessRunner.run("/usr/bin/pgrep", ["-f", "test --child \(flow)"])
            return (probe?.output ?? "").split(separator: "\n").compactMap { pid_t($0) }
        }
        var waited = 0
        while children().isEmpty, waited < 300 {
            usleep(100_000)
            waited += 1
        }
        #expect(!children().isEmpty, "the flow's child never started")
        // Not waited for: the child holds the parent's output pipe, so waiting for the parent's
        // end would wait for the child's too.
        kill(parent.process.processIdentifier, SIGKILL)

        // A child that runs on (its flow waits ten minutes) fails here after 30 s; one that sees its parent
        // gone ends at once.
        let deadline = Date().addingTimeInterval(30)
        while !children().isEmpty, Date() < deadline { usleep(100_000) }
        let left = children()
        for pid in left { kill(pid, SIGKILL) }
        #expect(left.isEmpty, "the child outlived its parent")
    }

    /// A parent killed while its child was still starting: the child, told its parent's pid, finds
    /// another parent when it first looks, and ends at once instead of watching the wrong one.
    @Test
    func aChildWhoseParentWasGoneBeforeItLookedEndsAtOnce() throws {
        let folder = try FeatureFixtures()
        let flow = folder.path("long.flow")
        try Data(("start about\n" + String(repeating: "wait 60s\n", count: 10)).utf8).write(to: URL(fileURLWithPath: flow))
        // The pid of a process that is not this child's parent: its parent is this test process.
        let notTheParent = getpid() == 2 ? 3 : 2

        let result = try ProcessRunner.run(apphost, ["test", "--child", flow, "--real-time", "--parent", String(notTheParent)])

        #expect(result.status == 143, "\(result.output)\(result.errors)")
        #expect(result.output.isEmpty, "it ran no flow")
    }
}

enum PorchNavigation: Navigation {
    case front
    case back

    static let routeName = "porch"
}
