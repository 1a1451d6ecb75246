import AppHost
import AppHostKit
import ArgumentParser
import Foundation

struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start the app at a destination and read commands, one a line (type help)."
    )

    @OptionGroup var features: FeatureOptions

    @Option(help: "The name of the destination to start at, e.g. home.")
    var start: String

    @Option(help: "Read commands from this file instead of standard input.")
    var script: String?

    @Option(help: "Columns of rendered text (at least \(TextRenderer.minimumWidth)).")
    var width: Int = TextRenderer.defaultWidth

    @Flag(help: "End at the first error, with exit code 1.")
    var strict = false

    func validate() throws {
        guard width >= TextRenderer.minimumWidth else {
            throw ValidationError("--width must be at least \(TextRenderer.minimumWidth), got \(width)")
        }
    }

    func run() async throws {
        features.bootstrapLogging()
        let code = try await runSession()
        if code != 0 { throw ExitCode(code) }
    }

    @MainActor
    private func runSession() async throws -> Int32 {
        let host = FeatureHost()
        host.loadFeatures(from: features.discovery)
        guard let root = host.registry.root(named: start) else {
            let names = host.registry.entries.filter { $0.root != nil }.map(\.name)
            let known = names.isEmpty ? "none; no feature loaded" : names.joined(separator: ", ")
            standardError("error: --start \(start): no loaded feature provides '\(start)' (known: \(known))\n")
            return 2
        }
        var lines = try script.map(ScriptLines.init(path:))
        let session = Session(
            registry: host.registry,
            start: root,
            options: Session.Options(width: width, strict: strict),
            output: standardOutput,
            errorOutput: standardError
        )
        return await session.run {
            if lines != nil { return lines?.next() }
            return readLine(strippingNewline: true)
        }
    }
}

/// The lines of a script file.
struct ScriptLines {
    private var lines: IndexingIterator<[String]>

    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("--script \(path): cannot read the file")
        }
        lines = String(decoding: data, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
            .makeIterator()
    }

    mutating func next() -> String? { lines.next() }
}

func standardOutput(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

func standardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}
