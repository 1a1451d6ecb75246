import AppHost
import AppHostFlows
import Foundation
import Testing

/// `apphost crawl`: every reachable state, and the problems an app can have, found by activating everything.
@Suite
struct CrawlTests {
    private let apphost = ProcessRunner.built("apphost")

    @Test
    func theRepositorysAppReachesEveryScreenAndHasNoProblems() throws {
        let result = try ProcessRunner.run(apphost, ["crawl", "--start", "main"])

        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasSuffix("no problems\n"))
        for screen in [
            "@main:Home home/main  'Home'  (start)",
            "@main:Settings settings/profile (presented 1)  'Profile'  tab 3 (tab Settings); tap 3 (Edit profile)",
            "@main:Home about/license?id=3  'libffi'  tap 3 (About); tap 1 (Open-source licenses); tap 3 (libffi)",
            "@main:Settings settings/main !Reset settings?  'Reset settings?'",
            "@main:Characters character/detail?identifier=24  'Armagheadon'  tab 2 (tab Characters); tap 26 (Armagheadon (Alive))",
            "@main:Characters episode/characterEpisodes?characterIdentifier=1  'Episodes of Rick Sanchez'",
            // Reached by tapping, not by a link: the filter holds the list as its delegate.
            "@main:Characters character-filter?live=1 (presented 1)  'Filter characters'  tab 2 (tab Characters); tap 1 (Filter: All)",
        ] {
            #expect(result.output.contains(screen), "not reached: \(screen)")
        }
        for redirect in [
            "  home-outgoing/characters → character/list  ('Characters' on home/main)\n",
            "  home-outgoing/character → character/detail  ('Rick Sanchez' on home/main)\n",
            "  settings-outgoing/chooseCharacter → character/picker  ('Choose favourite' on settings/profile)\n",
            "  character-outgoing/episodes → episode/characterEpisodes  ('View episodes' on character/detail)\n",
            "  episode-outgoing/character → character/detail  ('Rick Sanchez' on episode/detail)\n",
        ] {
            #expect(result.output.contains(redirect), "\(redirect)")
        }
    }

    @Test
    func aCrawlFromNothingFailsAndGraphFailsOnWhatCrawlFailsOn() throws {
        let empty = try FeatureFixtures()
        let broken = try FeatureFixtures()
        for name in ["Character", "Shell", "System"] {
            try broken.addBuiltFeature(name)
        }

        let unknown = try ProcessRunner.run(apphost, ["crawl", "--start", "nope"])
        let nothing = try ProcessRunner.run(apphost, ["crawl", "--start", "main", "--features", empty.directory.path])
        let graph = try ProcessRunner.run(apphost, ["graph", "--start", "character", "--features", broken.directory.path])

        #expect(unknown.status == 2)
        #expect(unknown.errors.hasPrefix("error: --start nope: no loaded feature provides 'nope'"), "\(unknown.errors)")
        #expect(nothing.status == 2)
        #expect(nothing.errors.contains("error: --start main: no loaded feature provides 'main' (known: none; no feature loaded)"), "\(nothing.errors)")
        #expect(nothing.output == "")
        #expect(graph.status == 1)
        #expect(graph.output.hasPrefix("digraph"))
        #expect(graph.errors.contains("graph: "), "\(graph.errors)")
    }

    @Test
    func aRedirectToAnAbsentFeatureIsADeadLinkAndTheGraphLabelsRedirects() throws {
        let fixtures = try FeatureFixtures()
        for name in ["Character", "Shell", "System"] {
            try fixtures.addBuiltFeature(name)
        }
        let cache = try FeatureFixtures()

        let crawl = try ProcessRunner.run(
            apphost, ["crawl", "--start", "character", "--features", fixtures.directory.path], environment: ["APPHOST_CACHE": cache.directory.path]
        )
        let graph = try ProcessRunner.run(apphost, ["graph", "--start", "character"])

        #expect(crawl.status == 1)
        #expect(crawl.output.contains(
            "dead link: on character/detail, element 3 'View episodes' (tap 3): warning: outgoing character-outgoing/episodes?characterIdentifier=1: "
                + "it redirects to episode/characterEpisodes, but no loaded feature provides 'episode'"
        ), "\(crawl.output)")
        #expect(graph.output.contains("[label=\"View episodes (via character-outgoing/episodes)\"]"), "\(graph.output)")
    }

    @Test
    func aDeadLinkASheetWithoutAWayOutAndACrashAreReportedAndTheCrawlFinishes() throws {
        let fixtures = try FeatureFixtures()
        try fixtures.addBuiltFeature("Home")
        try fixtures.addBuiltFeature("Character")
        let trouble = fixtures.path("libTroubleFeature.so")
        try DriftedKit.buildFeatureAgainstThisKit("Trouble", to: trouble)

        let text = try ProcessRunner.run(apphost, ["crawl", "--start", "trouble", "--features", fixtures.directory.path])
        let json = try ProcessRunner.run(apphost, ["crawl", "--start", "trouble", "--features", fixtures.directory.path, "--format", "json"])

        #expect(text.status == 1)
        #expect(text.output.contains("dead link: on trouble/main, element 1 'Missing' (tap 1): error: nowhere/at-all: no loaded feature provides 'nowhere'"))
        #expect(text.output.contains("no way out: trouble/cage ('Cage') is presented, and none of its elements closes it"))
        #expect(text.output.contains("crash: on trouble/main, element 3 'Boom' (tap 3): error: \(trouble): crashed (SIGILL)")
            || text.output.contains("crash: on trouble/main, element 3 'Boom' (tap 3): error: \(trouble): crashed (SIGTRAP)"), "\(text.output)")
        #expect(text.output.contains("never reached: home/main"), "a registered start destination no element leads to")
        // The crawl went on past the crash: the element after it was activated too.
        #expect(text.output.contains("trouble/fine  'Fine'  tap 4 (Fine)"))
        #expect(json.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(text.output.hasPrefix("crawl from trouble: 4 states"))
        #expect((report["reached"] as? [[String: Any]])?.count == 4)
    }
}

/// A crawl's children are warm, and each that a feature ends is replaced: a crash, a hang, an exit
/// and a stack overflow each end one child, are reported on their element, and the crawl goes on.
@Suite
struct CrawlIsolationTests {
    private let apphost = ProcessRunner.built("apphost")

    @Test
    func everyWayAFeatureEndsAChildIsReportedAndTheCrawlGoesOn() throws {
        let fixtures = try FeatureFixtures()
        let library = fixtures.path("libCrashFeature.so")
        try CCompiler.compile(CCompiler.fixture("crash.c"), to: library, defines: ["SLOW_MS=100"])

        let result = try ProcessRunner.run(apphost, ["crawl", "--start", "crash", "--features", fixtures.directory.path, "--feature-timeout", "2"])

        #expect(result.status == 1)
        let ended = "; the session ended"
        for (number, label, cause) in [
            (2, "Segfault", "crashed (SIGSEGV)"), (3, "Hang", "did not return within 2 s"), (4, "Exit", "called exit(3)"),
            (5, "Exit in a thread", "called exit(7)"), (6, "Overflow", "crashed (SIGSEGV)"),
        ] {
            let line = "crash: on crash/main, element \(number) '\(label)' (tap \(number)): error: \(library): \(cause) while activating element \(number) of crash/main\(ended)"
            #expect(result.output.contains(line), "\(label): \(result.output)")
        }
        // After each, a new child went on: the elements after them were activated, and the states past them reached.
        #expect(result.output.contains("crash/fine  'Fine'  tap 1 (Fine)"))
        #expect(result.output.contains("crash/slow  'Slow'  tap 7 (Slow)"))
        #expect(result.output.contains("crash: on crash/fine, element 1 'Segfault' (tap 1)"))
        #expect(result.output.hasPrefix("crawl from crash: 3 states, 8 elements activated"))
    }
}

/// `apphost graph`: the crawled app as DOT, Mermaid and a picture drawn by Graphviz.
@Suite
struct GraphTests {
    private let apphost = ProcessRunner.built("apphost")

    @Test
    func theGraphIsClusteredByFeatureWithLabelledEdges() throws {
        let dot = try ProcessRunner.run(apphost, ["graph", "--start", "main"])
        let mermaid = try ProcessRunner.run(apphost, ["graph", "--start", "main", "--format", "mermaid"])

        #expect(dot.status == 0)
        #expect(dot.output.hasPrefix("digraph navigation {\n"))
        for feature in ["about", "character", "home", "settings"] {
            #expect(dot.output.contains("  subgraph \"cluster_\(feature)\" {\n    label=\"\(feature)\";"))
        }
        #expect(dot.output.contains(" [label=\"Open-source licenses\"];"))
        #expect(dot.output.contains("[label=\"Home\"+\"\\n\"+\"@main:Home home/main\"];"))
        #expect(mermaid.status == 0)
        #expect(mermaid.output.hasPrefix("flowchart LR\n  subgraph about\n"))
        #expect(mermaid.output.contains(" -->|\"Open-source licenses\"| "))
    }

    /// `--from LINK` explores from the states it names rather than the start's first screen, so
    /// machines can share a large app's crawl; a link that does not parse is refused by name.
    @Test
    func aCrawlFromGivenStatesStartsThereAndSaysHowItGotThere() throws {
        let result = try ProcessRunner.run(apphost, [
            "crawl", "--start", "main", "--from", "about/licenses", "--from", "character/detail?identifier=2",
            "--format", "json", "--max-states", "6",
        ])
        let bad = try ProcessRunner.run(apphost, ["crawl", "--start", "main", "--from", "character/detail?identifier"])

        let report = try JSONDecoder().decode(CrawlReport.self, from: Data(result.output.utf8))
        #expect(report.reached.prefix(2).map(\.node.link) == ["about/licenses", "character/detail?identifier=2"], "\(result.output.prefix(600))")
        #expect(report.reached.first?.path == ["open about/licenses"])
        #expect(!report.reached.contains { $0.node.route == "home/main" && $0.path.isEmpty }, "the start's own first screen is not a starting state")
        #expect(bad.status == 64)
        #expect(bad.errors.hasPrefix("error: --from character/detail?identifier: parameter 'identifier' is not of the form NAME=VALUE\n"), "\(bad.errors)")
    }

    @Test
    func aServedCrawlAnswersARequestFromZeroOrBelowFromTheFirstElement() throws {
        let result = try ProcessRunner.run(apphost, ["crawl", "--serve", "--start", "about"], input: "{\"link\":\"\",\"from\":0}\n{\"link\":\"\",\"from\":-5}\n")

        let lines = result.output.split(separator: "\n")
        #expect(result.status == 0, "\(result.errors)")
        #expect(lines.filter { $0 == "end" }.count == 2)
        // The edges are JSON objects whose keys come in any order.
        let firsts = lines.filter { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["number"] as? Int == 1
        }
        #expect(firsts.count == 2, "\(result.output)")
    }

    /// Whether Graphviz's `dot` is on the PATH: an optional tool (CI installs it), so its test runs
    /// only where it is, and Swift Testing reports it as skipped, with this reason, elsewhere.
    static let hasGraphviz = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/dot")
    }

    @Test(.enabled(if: hasGraphviz, "Graphviz's dot is not installed (an optional tool; CI installs it)"))
    func anSVGIsDrawnWithGraphviz() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("apphost-graph-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: output) }

        let result = try ProcessRunner.run(apphost, ["graph", "--start", "main", "--output", output])

        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.hasPrefix("wrote \(output): "))
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("Open&#45;source licenses") || svg.contains("Open-source licenses"))
    }

    @Test(.enabled(if: hasGraphviz, "Graphviz's dot is not installed (an optional tool; CI installs it)"))
    func formatSVGDrawsToStandardOutput() throws {
        let result = try ProcessRunner.run(apphost, ["graph", "--start", "main", "--format", "svg"])

        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("<?xml"), "\(result.output.prefix(200))")
        #expect(result.output.contains("<svg"))
    }

    @Test
    func withoutGraphvizAPictureIsRefusedOnOneLineWithNoUsage() throws {
        let empty = try FeatureFixtures()
        let result = try ProcessRunner.run(apphost, ["graph", "--start", "main", "--format", "svg"], environment: ["PATH": empty.directory.path])

        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix("error: --format svg: cannot run Graphviz's dot (install graphviz, or write --format dot): "), "\(result.errors)")
        #expect(!result.errors.contains("USAGE"), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
    }
}
