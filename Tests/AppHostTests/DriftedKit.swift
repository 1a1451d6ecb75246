import AppHostTesting
import Foundation
import Synchronization
import Testing

/// A copy of AppHostKit with edits, compiled with `swiftc` the way the SDK package builds the
/// kit (library evolution), and features compiled against it: for the compatibility tests.
struct DriftedKit {
    /// The directory holding libAppHostKit.so, AppHostKit.swiftmodule and include/ (apphost.h).
    let directory: URL

    /// One edit of the kit's sources: in `file`, put `insert` before (or in place of) `anchor`.
    struct Edit {
        var file: String
        var anchor: String
        var insert: String
        var replacing = false
    }

    /// The edits of a kit that only adds: an enum case, a protocol requirement with a default,
    /// stored properties in a class and a struct, a new element type.
    static let additions: [Edit] = [
        Edit(file: "DSL/Node.swift", anchor: "    /// An actionable element that runs an action of the view model.",
             insert: "    /// A picture, by name (added after 1.0).\n    case image(String)\n"),
        Edit(file: "RouterContract.swift", anchor: "    /// Pops this scope's top destination;",
             insert: "    /// Pops two destinations (added after 1.0).\n    func goBackTwice()\n"),
        Edit(file: "RouterContract.swift", anchor: "/// What a view model may ask of navigation.",
             insert: "extension RouterContract {\n    /// Pops two destinations.\n    public func goBackTwice() { goBack(); goBack() }\n}\n\n"),
        Edit(file: "FeatureModule.swift", anchor: "    /// The feature's name.\n    public let feature: String",
             insert: "    /// Tags (added after 1.0).\n    public var tags: [String] = []\n"),
        Edit(file: "Screen.swift", anchor: "    private let loadModel:",
             insert: "    /// An accent (added after 1.0).\n    public var accent: String? = nil\n"),
        Edit(file: "DSL/Elements.swift", anchor: "/// The screen's title.",
             insert: "/// A picture (added after 1.0).\npublic struct Image: Element {\n    public let node: Node\n    public init(_ name: String) { node = .image(name) }\n}\n\n"),
        // The kit's own switches over its nodes take the new case, as a newer kit's would.
        Edit(file: "DSL/NodeContent.swift", anchor: "        case .divider:\n            if case .divider = other { return true }",
             insert: "        case .image(let left):\n            if case .image(let right) = other { return left == right }\n"),
        Edit(file: "DSL/NodeContent.swift", anchor: "        case .title, .text, .link, .divider, .progress, .error: self",
             insert: "        case .image: self\n"),
    ]

    /// The edits that make the kit a newer minor version.
    static let newerMinor: [Edit] = [
        Edit(file: "BuildStamp.swift", anchor: "(1, 0, 0) }", insert: "(1, 1, 0) }", replacing: true),
        Edit(file: "../CAppHost/include/apphost.h", anchor: "#define APPHOST_SDK_VERSION_MINOR 0",
             insert: "#define APPHOST_SDK_VERSION_MINOR 1", replacing: true),
    ]

    /// The edits that make the kit the next major version.
    static let nextMajor: [Edit] = [
        Edit(file: "BuildStamp.swift", anchor: "(1, 0, 0) }", insert: "(2, 0, 0) }", replacing: true),
        Edit(file: "../CAppHost/include/apphost.h", anchor: "#define APPHOST_SDK_VERSION_MAJOR 1",
             insert: "#define APPHOST_SDK_VERSION_MAJOR 2", replacing: true),
    ]

    /// An edit that breaks the ABI: a public property becomes internal.
    static let removal: [Edit] = [
        Edit(file: "Route.swift", anchor: "    public var path: String {", insert: "    var path: String {", replacing: true)
    ]

    /// The SDK's sources in this repository.
    static let sdkSources = CCompiler.repository.appendingPathComponent("SDK/Sources")

    /// Copies the kit's sources, applies `edits`, and compiles them into `<build directory>/drifted-kits/<label>`,
    /// made afresh. With `moduleOnly`, only the module is emitted (enough for the ABI checker).
    static func build(_ label: String, _ edits: [Edit], moduleOnly: Bool = false) throws -> DriftedKit {
        let directory = URL(fileURLWithPath: AppHarness.buildDirectory).appendingPathComponent("drifted-kits/\(label)")
        try? FileManager.default.removeItem(at: directory)
        let sources = directory.appendingPathComponent("Sources/AppHostKit")
        let include = directory.appendingPathComponent("include")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: sdkSources.appendingPathComponent("AppHostKit"), to: sources)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Sources/CAppHost"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: sdkSources.appendingPathComponent("CAppHost/include"), to: include)
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("Sources/CAppHost/include"), withDestinationURL: include)
        try Data("module CAppHost {\n    header \"apphost.h\"\n    export *\n}\n".utf8)
            .write(to: include.appendingPathComponent("module.modulemap"))
        for edit in edits {
            let file = sources.appendingPathComponent(edit.file)
            let text = try String(contentsOf: file, encoding: .utf8)
            let range = try #require(text.range(of: edit.anchor), "\(edit.file) no longer contains '\(edit.anchor)'; update the compatibility test's edits")
            let edited = edit.replacing
                ? text.replacingCharacters(in: range, with: edit.insert)
                : text.replacingCharacters(in: range.lowerBound..<range.lowerBound, with: edit.insert)
            try Data(edited.utf8).write(to: file)
        }
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
            .filter { $0.hasSuffix(".swift") }
            .map { sources.appendingPathComponent($0).path }
        let kit = DriftedKit(directory: directory)
        var arguments = [
            "swiftc", "-parse-as-library", "-module-name", "AppHostKit", "-swift-version", "6",
            "-enable-library-evolution", "-DAPPHOST_RESILIENT", "-Onone",
            "-Xcc", "-fmodule-map-file=\(include.appendingPathComponent("module.modulemap").path)",
            "-emit-module", "-emit-module-path", directory.appendingPathComponent("AppHostKit.swiftmodule").path,
        ]
        if !moduleOnly {
            arguments += ["-emit-library", "-o", kit.library]
        }
        try run(arguments + files, what: "the drifted kit")
        return kit
    }

    /// The kit's shared library.
    var library: String { directory.appendingPathComponent("libAppHostKit.so").path }

    /// Compiles Tests/Fixtures/Drift/DriftFeature.swift against this kit into `output`.
    func buildFeature(to output: String, defines: [String] = []) throws {
        try Self.compileFeature(
            "Drift",
            modules: directory.path,
            library: directory.path,
            moduleMap: directory.appendingPathComponent("include/module.modulemap").path,
            to: output,
            defines: defines
        )
    }

    /// Compiles Tests/Fixtures/<name>/<name>Feature.swift against the kit this package built, into `output`.
    static func buildFeatureAgainstThisKit(_ name: String, to output: String, defines: [String] = []) throws {
        let build = URL(fileURLWithPath: AppHarness.buildDirectory)
        try compileFeature(
            name,
            modules: build.appendingPathComponent("Modules").path,
            library: build.path,
            moduleMap: build.appendingPathComponent("CAppHost.build/module.modulemap").path,
            to: output,
            defines: defines
        )
    }

    /// The features compiled by ``copyOfFeatureBuiltOnce(_:to:defines:)`` in this test process:
    /// the library's path by its name and defines.
    private static let builtOnce = Mutex<[String: String]>([:])

    /// Copies Tests/Fixtures/<name>/<name>Feature.swift, compiled against the kit this package
    /// built, into `output`: compiled the first time a test of this process asks for it (into
    /// `<build directory>/test-features/`), copied after that. Each test gets a file of its own.
    static func copyOfFeatureBuiltOnce(_ name: String, to output: String, defines: [String] = []) throws {
        let key = ([name] + defines).joined(separator: "-")
        // One compile at a time, so that two tests asking for the same library compile it once.
        let library = try builtOnce.withLock { built in
            if let library = built[key] { return library }
            let folder = URL(fileURLWithPath: AppHarness.buildDirectory).appendingPathComponent("test-features/\(key)")
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let library = folder.appendingPathComponent("lib\(name)Feature.so").path
            try buildFeatureAgainstThisKit(name, to: library, defines: defines)
            built[key] = library
            return library
        }
        try FileManager.default.copyItem(atPath: library, toPath: output)
    }

    private static func compileFeature(
        _ name: String,
        modules: String,
        library: String,
        moduleMap: String,
        to output: String,
        defines: [String]
    ) throws {
        let source = CCompiler.repository.appendingPathComponent("Tests/Fixtures/\(name)/\(name)Feature.swift").path
        try run([
            "swiftc", "-parse-as-library", "-module-name", "\(name)Feature", "-swift-version", "6", "-Onone",
            "-I", modules, "-L", library, "-lAppHostKit", "-Xcc", "-fmodule-map-file=\(moduleMap)",
            "-emit-library", "-o", output, source,
        ] + defines.map { "-D\($0)" }, what: "the \(name) feature")
    }

    private static func run(_ arguments: [String], what: String) throws {
        let result = try ProcessRunner.run("/usr/bin/env", arguments)
        try #require(result.status == 0, "compiling \(what) failed:\n\(result.errors)")
    }
}
