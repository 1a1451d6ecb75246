import AppHost
import AppHostFlows
import Foundation
import Testing

/// `apphost test --shard K/N`: parts made the same way on every machine, together every flow once,
/// balanced by the durations of earlier reports when given.
@Suite
struct ShardTests {
    private let apphost = ProcessRunner.built("apphost")
    private static let flows = (1...23).map { String(format: "/app/Feature%02d/Flows/f.flow", $0) }

    @Test(arguments: [1, 2, 3, 5, 30])
    func thePartsTogetherHoldEveryFlowOnceWithOrWithoutDurations(count: Int) throws {
        let durations = Dictionary(uniqueKeysWithValues: Self.flows.enumerated().filter { $0.offset % 4 != 0 }.map { ($0.element, Double($0.offset % 7) + 0.5) })
        for known in [[:], durations] {
            let parts = (1...count).map { FlowShard("\($0)/\(count)")!.flows(of: Self.flows, durations: known) }
            #expect(parts.flatMap { $0 }.sorted() == Self.flows)
            #expect(parts.allSatisfy { $0 == $0.sorted() }, "each part keeps the files' order")
            // Made again, the same.
            #expect(parts == (1...count).map { FlowShard("\($0)/\(count)")!.flows(of: Self.flows, durations: known) })
        }
    }

    @Test
    func withoutDurationsFlowsGoRoundAndWithThemTheLongestAreSpread() throws {
        let four = ["a.flow", "b.flow", "c.flow", "d.flow"]
        #expect(FlowShard("1/2")!.flows(of: four, durations: [:]) == ["a.flow", "c.flow"])
        #expect(FlowShard("2/2")!.flows(of: four, durations: [:]) == ["b.flow", "d.flow"])
        // 9 s on its own; the three others (1 s, 1 s, and one the durations do not know, counted as their mean) together.
        let durations = ["a.flow": 9.0, "b.flow": 1, "c.flow": 1]
        #expect(FlowShard("1/2")!.flows(of: four, durations: durations) == ["a.flow"])
        #expect(FlowShard("2/2")!.flows(of: four, durations: durations) == ["b.flow", "c.flow", "d.flow"])
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "1/1001", "a/b", "1/2/3", "", "/", "-1/2"])
    func aShardThatIsNotKOfNIsRefused(text: String) {
        #expect(FlowShard(text) == nil)
    }

    @Test
    func durationsAreReadBackFromTheReportsTheRunWrote() throws {
        let results = [
            FlowResult.broken("/a & b/x.flow", message: "m"),
            FlowResult.broken("/c/y \"z\".flow", message: "m"),
        ]
        var timed = results
        timed[0].seconds = 1.25
        timed[1].seconds = 0.5
        let fixtures = try FeatureFixtures()
        let report = fixtures.path("report.xml")
        try Data(JUnitReport.xml(timed).utf8).write(to: URL(fileURLWithPath: report))
        let notAReport = fixtures.path("notes.txt")
        try Data("1.0\tx.flow\n".utf8).write(to: URL(fileURLWithPath: notAReport))

        #expect(try FlowTimings.read([report]).get() == ["/a & b/x.flow": 1.25, "/c/y \"z\".flow": 0.5])
        guard case .failure(let error) = FlowTimings.read([notAReport]) else {
            Issue.record("a file that is not a report is refused")
            return
        }
        #expect(error.description == "\(notAReport) is not a JUnit report (no <testsuite>): give the files --junit wrote")
    }

    /// Three shards of the repository's flows, each with its own JUnit report, then three more
    /// balanced by those reports: each time, every flow ran exactly once.
    @Test
    func threeShardsRunEveryFlowOnceAndTheirReportsBalanceTheNextRun() throws {
        let fixtures = try FeatureFixtures()
        let flows = CCompiler.repository.appendingPathComponent("Features").path
        let all = Flow.files(under: [flows]).files
        func run(_ extra: [String]) throws -> [String] {
            var ran: [String] = []
            for part in 1...3 {
                let report = fixtures.path("shard-\(part)\(extra.isEmpty ? "" : "-balanced").xml")
                let result = try ProcessRunner.run(apphost, ["test", flows, "--shard", "\(part)/3", "--junit", report] + extra)
                #expect(result.status == 0, "\(result.output)\(result.errors)")
                #expect(result.output.hasPrefix("shard \(part)/3: "), "\(result.output)")
                ran += result.output.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.map { String($0.dropFirst(5).prefix { $0 != " " }) }
            }
            return ran
        }

        let first = try run([])
        let balanced = try run((1...3).flatMap { ["--timings", fixtures.path("shard-\($0).xml")] })

        #expect(first.sorted() == all.sorted())
        #expect(balanced.sorted() == all.sorted())
    }
}
