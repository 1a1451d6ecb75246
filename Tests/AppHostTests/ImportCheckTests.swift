import Foundation
import Testing

/// `Scripts/check-imports`, which CI runs: a target may import only what it declares, because
/// a module another target happens to build first is there on one run and missing on the next.
@Suite
struct ImportCheckTests {
    /// Writes a package of two libraries where `Reader` imports `Shared` and `Reader`'s tests
    /// import both, with the test target's dependencies as given.
    private func writePackage(in fixtures: borrowing FeatureFixtures, testDependencies: String) throws -> String {
        let package = fixtures.path("Sample")
        let files = [
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(
                    name: "Sample",
                    targets: [
                        .target(name: "Shared"),
                        .target(name: "Reader", dependencies: ["Shared"]),
                        .testTarget(name: "ReaderTests", dependencies: [\(testDependencies)]),
                    ]
                )

                """,
            "Sources/Shared/Shared.swift": "public let shared = 1\n",
            "Sources/Reader/Reader.swift": "import Shared\n\npublic let read = shared\n",
            "Tests/ReaderTests/ReaderTests.swift": """
                import Foundation
                @testable import Reader
                import Shared
                import Testing

                let template = \"\"\"
                    import NotAModule
                    \"\"\"

                """,
        ]
        for (path, contents) in files {
            let url = URL(fileURLWithPath: package).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        return package
    }

    @Test
    func anImportOnlyADependencyBringsIsNamedWithItsTargetAndLine() throws {
        let fixtures = try FeatureFixtures()
        let package = try writePackage(in: fixtures, testDependencies: #""Reader""#)

        let result = try ProcessRunner.run(ScaffoldTests.checkImports, [package])

        #expect(result.status == 1)
        #expect(result.errors.contains("Tests/ReaderTests/ReaderTests.swift:3: error: target ReaderTests imports Shared but does not depend on it"), "\(result.errors)")
        #expect(result.errors.hasSuffix("check-imports: 1 import(s) not declared\n"), "\(result.errors)")
    }

    @Test
    func everyImportDeclaredPasses() throws {
        let fixtures = try FeatureFixtures()
        let package = try writePackage(in: fixtures, testDependencies: #""Reader", "Shared""#)

        let result = try ProcessRunner.run(ScaffoldTests.checkImports, [package])

        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "check-imports: every import of 1 package(s) is declared\n")
    }
}
