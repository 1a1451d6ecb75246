import Foundation
import Testing

/// Builds C feature libraries the way a feature author outside this package would: `cc -shared -fPIC`.
enum CCompiler {
    /// The repository's root, found from this file's path.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The directory that holds apphost.h.
    static let includeDirectory = repository.appendingPathComponent("SDK/Sources/CAppHost/include").path

    /// A fixture source under Tests/Fixtures/CFeatures.
    static func fixture(_ name: String) -> String {
        repository.appendingPathComponent("Tests/Fixtures/CFeatures/\(name)").path
    }

    /// ``compile(_:to:defines:compiler:linking:)`` off the caller's actor: a test on the main actor
    /// does not hold it, and every other test waiting for it, while the compiler runs.
    @concurrent
    static func compiling(
        _ source: String, to output: String, defines: [String] = [], compiler: [String] = ["cc"], linking: [String] = []
    ) async throws {
        try compile(source, to: output, defines: defines, compiler: compiler, linking: linking)
    }

    /// Compiles `source` into the shared library `output`; records an issue with the compiler's output if it fails.
    /// `compiler` is `cc` for C, `c++` (with the language standard) for C++.
    /// `linking` follows the source: libraries (`-L dir -lname`) and linker options.
    static func compile(
        _ source: String, to output: String, defines: [String] = [], compiler: [String] = ["cc"], linking: [String] = []
    ) throws {
        let arguments = compiler + ["-shared", "-fPIC", "-Wall", "-Werror", "-I", includeDirectory]
            + defines.map { "-D\($0)" } + [source] + linking + ["-o", output]
        let result = try ProcessRunner.run("/usr/bin/env", arguments)
        try #require(result.status == 0, "cc \(source) failed:\n\(result.errors)")
    }
}
