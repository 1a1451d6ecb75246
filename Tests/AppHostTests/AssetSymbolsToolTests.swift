import AppHostTesting
import Foundation
import Testing

/// The AssetSymbols plugin's tool, run as the plugin runs it, on catalogs written here: what it
/// cannot read is named by file, and two assets that would be one symbol are said.
struct AssetSymbolsToolTests {
    private let tool = URL(fileURLWithPath: AppHarness.buildDirectory).appendingPathComponent("AssetSymbolsTool-tool").path

    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func color(_ components: String) -> String {
        #"{"colors":[{"color":{"color-space":"srgb","components":{"# + components + #"}},"idiom":"universal"}]}"#
    }

    @Test
    func aComponentItCannotReadIsNamedWithItsFile() throws {
        let folder = try FeatureFixtures()
        let file = folder.path("Assets.xcassets/Bad.colorset/Contents.json")
        try write(color(#""red":"1.5","green":"0","blue":"0""#), to: file)

        let result = try ProcessRunner.run(tool, [folder.path("out.swift"), folder.path("Assets.xcassets")])

        #expect(result.status == 1)
        #expect(result.errors == "error: \(file): component 'red' is 1.5, not a number from 0 to 1, 0 to 255 or 0x00 to 0xFF\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.swift")))
    }

    @Test
    func twoAssetsOfOneSymbolAreSaidAndTheFirstIsKept() throws {
        let folder = try FeatureFixtures()
        try write(color(#""red":"0","green":"0","blue":"0""#), to: folder.path("Assets.xcassets/Sky-Blue.colorset/Contents.json"))
        try write(color(#""white":"0.5""#), to: folder.path("Assets.xcassets/SkyBlueColor.colorset/Contents.json"))
        try write(#"{"images":[]}"#, to: folder.path("Assets.xcassets/class.imageset/Contents.json"))
        try write(#"{"images":[]}"#, to: folder.path("Assets.xcassets/4K Banner Image.imageset/Contents.json"))

        let result = try ProcessRunner.run(tool, [folder.path("out.swift"), folder.path("Assets.xcassets")])
        let source = try String(contentsOfFile: folder.path("out.swift"), encoding: .utf8)

        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == "warning: asset 'SkyBlueColor' would be ColorResource.skyBlue, which an earlier asset is; it has no symbol\n")
        #expect(source.contains(#"nonisolated static let skyBlue = ColorResource(name: "Sky-Blue", bundle: .main, _components: [0.0, 0.0, 0.0, 1.0])"#), "\(source)")
        #expect(source.contains(#"nonisolated static let _4KBanner = ImageResource(name: "4K Banner Image", bundle: .main)"#), "\(source)")
        #expect(source.contains(#"nonisolated static let `class` = ImageResource(name: "class", bundle: .main)"#), "\(source)")
    }

    @Test
    func aMissingCatalogIsAnError() throws {
        let folder = try FeatureFixtures()
        let result = try ProcessRunner.run(tool, [folder.path("out.swift"), folder.path("Missing.xcassets")])
        #expect(result.status == 1)
        #expect(result.errors == "error: \(folder.path("Missing.xcassets")): no such asset catalog folder\n")
    }
}
