// The AssetSymbols plugin's tool: reads asset catalogs and writes the symbols Xcode would
// generate for them (AssetCatalog.swift), or says which catalog is at fault and fails.
//
//   AssetSymbolsTool OUTPUT.swift CATALOG.xcassets...
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2, let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: AssetSymbolsTool OUTPUT.swift CATALOG.xcassets...\n".utf8))
    exit(2)
}
do {
    let catalogs = try arguments.dropFirst().map { try AssetCatalog(reading: URL(fileURLWithPath: $0)) }
    let (source, warnings) = AssetCatalog.symbols(of: catalogs)
    for warning in warnings {
        FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
    }
    // Written only when it changed, so an unchanged catalog rebuilds nothing.
    let url = URL(fileURLWithPath: output)
    if (try? String(contentsOf: url, encoding: .utf8)) != source {
        try source.write(to: url, atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
