// A build plugin that makes Xcode's generated asset symbols from a target's asset catalogs
// (`*.xcassets` anywhere under the target's folder): `ImageResource.logo` for `Logo.imageset`,
// `ColorResource.skyBlue` for `SkyBlue.colorset`, so `Image(.logo)` and `Color(.skyBlue)` compile
// as they do in Xcode. The target excludes the catalogs (or declares them as resources).
import Foundation
import PackagePlugin

@main
struct AssetSymbols: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let catalogs = Self.catalogs(under: target.directoryURL)
        guard !catalogs.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedAssetSymbols.swift")
        // Every file and folder of the catalogs: a new asset, or a changed colour, makes the symbols again.
        var inputs: [URL] = []
        for catalog in catalogs {
            inputs.append(catalog)
            let walker = FileManager.default.enumerator(at: catalog, includingPropertiesForKeys: nil)
            while let item = walker?.nextObject() as? URL { inputs.append(item) }
        }
        return [
            .buildCommand(
                displayName: "Asset symbols of \(target.name)",
                executable: try context.tool(named: "AssetSymbolsTool").url,
                arguments: [output.path] + catalogs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    /// The `.xcassets` folders under `folder`, in name order; a catalog's own folders are not searched.
    static func catalogs(under folder: URL) -> [URL] {
        var found: [URL] = []
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey])
        while let item = walker?.nextObject() as? URL {
            if item.pathExtension == "xcassets" {
                found.append(item)
                walker?.skipDescendants()
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}
