import Foundation
import Testing

/// The single-copy rule of ARCHITECTURE.md: the host, every feature and this test bundle link
/// the one libAppHostKit.so, and none of them defines the SDK's symbols itself.
@Suite
struct LinkageTests {
    private static let clients = [
        "apphost", "libHomeFeature.so", "libCharacterFeature.so", "libSettingsFeature.so", "libShellFeature.so",
        // The process running these tests: mocks and harness must bring no kit of their own.
        "AppHostPackageTests.xctest",
    ]

    private func exportedSymbols(_ file: String) throws -> Set<String> {
        try Self.exportedSymbols(atPath: ProcessRunner.built(file))
    }

    /// The Swift symbols a file defines and exports.
    static func exportedSymbols(atPath path: String) throws -> Set<String> {
        let result = try ProcessRunner.run("/usr/bin/env", ["nm", "--defined-only", "--extern-only", "--format=posix", path])
        #expect(result.status == 0, "nm failed on \(path): \(result.errors)")
        // Swift symbols only: every ELF file defines linker markers such as _end.
        return Set(
            result.output.split(separator: "\n")
                .compactMap { $0.split(separator: " ").first.map(String.init) }
                .filter { $0.hasPrefix("$s") }
        )
    }

    private func neededLibraries(_ file: String) throws -> [String] {
        let result = try ProcessRunner.run("/usr/bin/env", ["readelf", "--dynamic", ProcessRunner.built(file)])
        #expect(result.status == 0, "readelf failed on \(file): \(result.errors)")
        return result.output.split(separator: "\n")
            .filter { $0.contains("(NEEDED)") }
            .compactMap { line in line.split(separator: "[").last?.split(separator: "]").first.map(String.init) }
    }

    @Test(arguments: clients)
    func linksTheSharedKitDynamically(file: String) throws {
        #expect(try neededLibraries(file).contains("libAppHostKit.so"))
    }

    @Test(arguments: clients)
    func definesNoneOfTheKitsSymbols(file: String) throws {
        let kit = try exportedSymbols("libAppHostKit.so")
        #expect(kit.count > 100, "libAppHostKit.so should export the SDK")

        let copied = try exportedSymbols(file).intersection(kit)

        #expect(copied.isEmpty, "\(file) defines \(copied.count) symbols of libAppHostKit.so, e.g. \(copied.sorted().prefix(3))")
    }

    /// A symbol mangled with the kit's module prefix is a copy of the kit's own code unless it is an
    /// extension declared in another module (the host's `(extension in AppHost):AppHostKit.RouteError…`),
    /// whether or not this kit happens to export the same name.
    @Test(arguments: clients)
    func definesNoKitCodeOfItsOwn(file: String) throws {
        let prefixed = try exportedSymbols(file).filter { $0.hasPrefix("$s10AppHostKit") }.sorted()
        let demangled = try ProcessRunner.run("/usr/bin/env", ["swift", "demangle"], input: prefixed.joined(separator: "\n") + "\n")
        #expect(demangled.status == 0, "swift demangle failed: \(demangled.errors)")
        let names = demangled.output.split(separator: "\n", omittingEmptySubsequences: false).prefix(prefixed.count)
        #expect(names.count == prefixed.count)

        let own = names.filter { name in
            let extensionElsewhere = name.contains("(extension in ") && !name.contains("(extension in AppHostKit)")
            return !extensionElsewhere
        }

        #expect(own.isEmpty, "\(file) defines \(own.count) of the kit's symbols itself, e.g. \(own.prefix(3))")
    }

    @Test
    func theHostHoldsNoFeatureCode() throws {
        let host = try exportedSymbols("apphost")
        let featureModules = [
            "11HomeFeature", "16CharacterFeature", "15SettingsFeature", "12ShellFeature",
            "14EpisodeFeature", "13SystemFeature",
        ]

        let featureSymbols = host.filter { symbol in featureModules.contains { symbol.hasPrefix("$s\($0)") } }

        #expect(featureSymbols.isEmpty, "apphost defines feature symbols: \(featureSymbols.sorted().prefix(3))")
        #expect(try neededLibraries("apphost").allSatisfy { !$0.hasSuffix("Feature.so") })
    }

    /// The host library carries neither the fuzz targets nor the scaffold's templates: they are
    /// targets of their own (AppHostFuzzing, which apphost does not link at all; AppHostScaffold,
    /// which only `new-feature` uses).
    @Test
    func theHostLibraryHoldsNoFuzzingOrScaffoldCode() throws {
        let host = try exportedSymbols("apphost")
        let misplaced = host.filter { symbol in
            ["$s7AppHost10FuzzTarget", "$s7AppHost14SessionFuzzing", "$s7AppHost15FeatureScaffold", "$s14AppHostFuzzing"].contains { symbol.hasPrefix($0) }
        }

        #expect(misplaced.isEmpty, "apphost defines \(misplaced.sorted().prefix(3))")
        #expect(host.contains { $0.hasPrefix("$s15AppHostScaffold") }, "new-feature's scaffold is linked from its own module")
    }

    /// The host starts on FoundationEssentials: the full Foundation, with its ICU data, costs
    /// milliseconds at every start (see docs/benchmarks.md).
    @Test
    func theHostDoesNotLinkTheFullFoundation() throws {
        let needed = try neededLibraries("apphost")
        #expect(needed.contains("libFoundationEssentials.so"))
        #expect(!needed.contains("libFoundation.so"), "apphost links \(needed)")
        #expect(!needed.contains("libFoundationInternationalization.so"), "apphost links \(needed)")
    }
}
