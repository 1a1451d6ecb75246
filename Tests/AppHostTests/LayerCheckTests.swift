import Foundation
import Testing

/// `Scripts/check-layers`, which CI runs: each host target depends only on what its row in
/// ARCHITECTURE.md's table of layers allows, so the table is the map the manifests must follow.
@Suite
struct LayerCheckTests {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let checkLayers = repository.appendingPathComponent("Scripts/check-layers").path

    /// ARCHITECTURE.md with `row`'s line (the one that starts with its target) replaced, or left out when nil.
    private func architecture(in fixtures: borrowing FeatureFixtures, replacing target: String, with row: String?) throws -> String {
        let text = try String(contentsOf: Self.repository.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix(target + " ") })
        if let row { lines[index] = row } else { lines.remove(at: index) }
        let path = fixtures.path("ARCHITECTURE.md")
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test
    func theRepositorysManifestsFollowTheTable() throws {
        let result = try ProcessRunner.run(Self.checkLayers, [])

        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("check-layers: "), "\(result.output)")
        #expect(result.output.hasSuffix(" host targets, each depending only on what its layer allows\n"))
    }

    @Test
    func aDependencyTheTableDoesNotAllowIsNamedWithTheTargetsRow() throws {
        let fixtures = try FeatureFixtures()
        // The runtime may use nothing of the host's: its dependency on AppHostSupport is now one too many.
        let table = try architecture(in: fixtures, replacing: "AppHostRuntime", with: "AppHostRuntime          nothing                    anything")

        let result = try ProcessRunner.run(Self.checkLayers, ["--architecture", table])

        #expect(result.status == 1)
        #expect(result.errors.contains("SDK/Host/Package.swift: error: target AppHostRuntime depends on AppHostSupport, which its row in \(table)"), "\(result.errors)")
        #expect(result.errors.contains("does not allow; it may use no host target"), "\(result.errors)")
        #expect(result.errors.hasSuffix("check-layers: 1 problem(s) with the layers\n"), "\(result.errors)")
    }

    @Test
    func aHostTargetWithNoRowFails() throws {
        let fixtures = try FeatureFixtures()
        let table = try architecture(in: fixtures, replacing: "AppHostFlows", with: nil)

        let result = try ProcessRunner.run(Self.checkLayers, ["--architecture", table])

        #expect(result.status == 1)
        #expect(result.errors.contains("error: target AppHostFlows has no row in \(table)'s table of layers"), "\(result.errors)")
    }
}
