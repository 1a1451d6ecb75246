import ArgumentParser
import Testing

@testable import apphost

/// The session's command line read without the argument parser must mean exactly what the
/// parser makes of it, and must leave every other line to the parser.
@Suite
struct QuickSessionTests {
    /// Every option of `run`, as a comparable line of text.
    private func fields(_ run: Run) -> String {
        let features = run.features
        return [
            "features=\(features.directories)", "log=\(features.logLevel)", "probe=\(features.probeTimeout)",
            "cache=\(features.cacheDir ?? "-")", "untrusted=\(features.allowUntrusted)",
            "start=\(run.start)", "open=\(run.open ?? "-")", "state=\(run.state ?? "-")", "script=\(run.script ?? "-")",
            "width=\(run.width.map(String.init) ?? "-")", "strict=\(run.strict)", "watch=\(run.watch)", "tui=\(run.tui)",
            "format=\(run.format)", "color=\(run.color)", "timeout=\(run.featureTimeout)",
        ].joined(separator: " ")
    }

    @Test(arguments: [
        ["--start", "home"],
        ["--start=main", "--watch"],
        [
            "--features", "/a", "--features=/b", "--log-level", "debug", "--probe-timeout", "2.5", "--cache-dir", "/c",
            "--allow-untrusted", "--start", "home", "--open", "character/detail?identifier=2", "--state", "s.json",
            "--script=t.txt", "--width", "80", "--strict", "--format", "json", "--color", "never", "--feature-timeout", "0",
        ],
        ["--start", "home", "--start", "about"],
    ])
    func readsALineAsTheParserDoes(arguments: [String]) throws {
        let quick = try #require(QuickSession.parse(arguments))
        let parsed = try Run.parse(arguments)
        #expect(fields(quick) == fields(parsed))
    }

    @Test(arguments: [
        ["--start", "home", "--help"], ["list"], ["--start", "home", "--width", "abc"], ["--start", "home", "--width", "5"],
        ["--strat", "home"], ["--start"], ["--start", "-x"], ["--strict=yes", "--start", "home"], ["--start", "home", "extra"],
        ["--format", "yaml", "--start", "home"], ["-h"], [],
    ])
    func leavesEveryOtherLineToTheParser(arguments: [String]) {
        #expect(QuickSession.parse(arguments) == nil)
    }

    @Test
    func knowsEveryOptionOfRunAsTheParserDeclaresIt() {
        let declared = AppHostCommand.declaredOptions(of: Run.self).filter { !$0.names.contains("--help") && !$0.names.contains("--version") }
        #expect(!declared.isEmpty)
        #expect(Set(declared.filter(\.takesValue).flatMap(\.names)) == QuickSession.valued)
        #expect(Set(declared.filter { !$0.takesValue }.flatMap(\.names)) == QuickSession.flags)
    }
}
