@_spi(Fuzzing) import AppHost
import Foundation
import Testing

/// Every input the fuzzers keep (Fuzz/Corpus/<target>/) and every crash they found
/// (Fuzz/Crashes/<target>/) runs through its target again: a target stops the
/// process when a promise is broken, so a regression fails the suite loudly.
@MainActor
@Suite
struct FuzzRegressionTests {
    nonisolated static let fuzz = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    /// The kept inputs of a folder, as (target, file name) pairs.
    nonisolated static func inputs(in folder: String) -> [String] {
        FuzzTarget.allCases.flatMap { target in
            let directory = fuzz.appendingPathComponent(folder).appendingPathComponent(target.rawValue)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(folder)/\(target.rawValue)/\($0)" }
        }
    }

    @Test
    func everyTargetHasASeedCorpus() {
        let inputs = Self.inputs(in: "Corpus")
        for target in FuzzTarget.allCases {
            #expect(inputs.contains { $0.hasPrefix("Corpus/\(target.rawValue)/") }, "no corpus for \(target.rawValue)")
        }
    }

    @Test(arguments: inputs(in: "Corpus") + inputs(in: "Crashes"))
    func replays(_ input: String) async throws {
        let parts = input.split(separator: "/")
        let target = try #require(FuzzTarget(rawValue: String(parts[1])))
        let data = try Data(contentsOf: Self.fuzz.appendingPathComponent(input))
        await target.run(Array(data))
    }
}
