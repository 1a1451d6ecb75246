// A build plugin that compiles OpenCombine's Swift sources into the SDK's Combine module, instead
// of linking OpenCombine as a module of its own. OpenCombine imports a C module
// (COpenCombineHelpers), and SwiftPM gives a C module's map only to the targets that depend on it.
// So any other target of a build that found the SwiftUI module on its search path and imported it
// (swift-snapshot-testing's `#if canImport(SwiftUI)` code) failed: "missing required module
// 'COpenCombineHelpers'". Compiled here, the code needs no C module, and its types are
// `Combine.AnyCancellable`, as Apple's are.
import Foundation
import PackagePlugin

@main
struct CombineSources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let openCombine = context.package.dependencies.lazy.map(\.package).first { $0.displayName == "OpenCombine" }
        guard let module = openCombine?.targets.first(where: { $0.name == "OpenCombine" }) as? SourceModuleTarget else {
            throw CombineSourcesError.missing(context.package.dependencies.map { "\($0.package.id) \($0.package.displayName)" })
        }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path }
        let folder = context.pluginWorkDirectoryURL.appendingPathComponent("OpenCombine")
        let outputs = sources.map { folder.appendingPathComponent($0.lastPathComponent) }
        return [
            .buildCommand(
                displayName: "OpenCombine's sources into \(target.name)",
                executable: try context.tool(named: "CombineSourcesTool").url,
                arguments: [folder.path] + sources.map(\.path),
                inputFiles: sources,
                outputFiles: outputs
            )
        ]
    }
}

enum CombineSourcesError: Error, CustomStringConvertible {
    case missing([String])

    var description: String {
        switch self {
        case .missing(let found):
            "CombineSources: the package has no dependency 'OpenCombine' with a target 'OpenCombine' to compile into Combine (it has: \(found.joined(separator: ", ")))"
        }
    }
}
