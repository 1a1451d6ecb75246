// `CombineSourcesTool OUTPUT-FOLDER SOURCE...`: writes each of OpenCombine's Swift sources into
// OUTPUT-FOLDER, under its own name, to be compiled into the SDK's Combine module (see the
// CombineSources plugin). Two things change, so that the code reads as the module's own:
// - `OpenCombine.` before a name becomes `Combine.`, the module the code now belongs to;
// - `canImport(COpenCombineHelpers)` becomes `false`: the module's own Swift locks
//   (OpenCombineHelpers.swift) stand in for that C module, which no importer then needs.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first, arguments.count > 1 else {
    FileHandle.standardError.write(Data("usage: CombineSourcesTool OUTPUT-FOLDER SOURCE...\n".utf8))
    exit(2)
}
let qualified = try Regex(#"\bOpenCombine\."#)
do {
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    for source in arguments.dropFirst() {
        let text = try String(contentsOfFile: source, encoding: .utf8)
        let changed = text
            .replacing(qualified, with: "Combine.")
            .replacingOccurrences(of: "canImport(COpenCombineHelpers)", with: "false")
        let name = URL(fileURLWithPath: source).lastPathComponent
        let destination = URL(fileURLWithPath: output).appendingPathComponent(name)
        // Written only when it differs, so that a build with nothing new compiles nothing again.
        if (try? String(contentsOf: destination, encoding: .utf8)) != changed {
            try Data(changed.utf8).write(to: destination, options: .atomic)
        }
    }
} catch {
    FileHandle.standardError.write(Data("CombineSourcesTool: \(error)\n".utf8))
    exit(1)
}
