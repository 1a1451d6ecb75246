// A build plugin that compiles OpenCombine's Swift sources into the SDK's Combine module, instead
// of linking OpenCombine as a module of its own. OpenCombine imports a C module
// (COpenCombineHelpers), and SwiftPM gives a C module's map only to the targets that depend on it.
// So any other target of a build that found the SwiftUI module on its search path and imported it
// (swift-snapshot-testing's `#if canImport(SwiftUI)` code) failed: "missing required module
// 'COpenCombineHelpers'". Compiled here, the code needs no C module, and its types are
// `Combine.AnyCancellable`, as Apple's are.
//
// Each source is written into the plugin's folder under its own name, with two changes, so that
// the code reads as the module's own:
// - `OpenCombine.` before a name becomes `Combine.`, the module the code now belongs to;
// - `canImport(COpenCombineHelpers)` becomes `false`: the module's own Swift locks
//   (Sources/Combine/OpenCombineHelpers.swift) stand in for that C module.
// The command is the system's `sh` and `sed`: a tool of the package's own would be built first,
// on every first build's critical path.
import Foundation
import PackagePlugin

@main
struct CombineSources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let openCombine = context.package.dependencies.lazy.map(\.package).first { $0.displayName == "OpenCombine" }
        guard let module = openCombine?.targets.first(where: { $0.name == "OpenCombine" }) as? SourceModuleTarget else {
            throw CombineSourcesError.missing(context.package.dependencies.map(\.package.displayName))
        }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path }
        let folder = context.pluginWorkDirectoryURL.appendingPathComponent("OpenCombine")
        let outputs = sources.map { folder.appendingPathComponent($0.lastPathComponent) }
        let script = """
            set -e
            folder=$1
            shift
            mkdir -p "$folder"
            for source in "$@"; do
                sed -e 's/\\bOpenCombine\\./Combine./g' -e 's/canImport(COpenCombineHelpers)/false/g' "$source" > "$folder/$(basename "$source")"
            done
            """
        return [
            .buildCommand(
                displayName: "OpenCombine's sources into \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "combine-sources", folder.path] + sources.map(\.path),
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
            "CombineSources: the package has no dependency 'OpenCombine' with a target 'OpenCombine' to compile into Combine (its dependencies: \(found.joined(separator: ", ")))"
        }
    }
}
