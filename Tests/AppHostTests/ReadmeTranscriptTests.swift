import Foundation
import Testing

/// Every transcript in README.md and docs/ runs as written. A transcript is a fenced block whose
/// first line starts with `$ `: each `$ ` line is a command, run by bash (standard error into
/// standard output, as a terminal shows both) with the build on `PATH`, and the lines after it are
/// what it must print. A line that is only `…` (indented or not) stands for any number of lines;
/// `…` inside a line stands for any text there (a time, a size). Commands run in order, file by
/// file, in a scratch folder that links this repository's `.build`, `Features` and `Scripts`, so files a
/// transcript writes (`s.json`) land there; a feature package written to `/tmp` is built for real.
@Suite(.serialized)
struct ReadmeTranscriptTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    struct Command {
        var file: String
        var line: Int
        var text: String
        var expected: [String]
    }

    /// The transcripts of `file`, command by command.
    static func commands(in file: String) throws -> [Command] {
        let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var commands: [Command] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index].hasPrefix("```"), index + 1 < lines.count, lines[index + 1].hasPrefix("$ ") else { continue }
            index += 1
            while index < lines.count, !lines[index].hasPrefix("```") {
                if lines[index].hasPrefix("$ ") {
                    commands.append(Command(file: file, line: index + 1, text: String(lines[index].dropFirst(2)), expected: []))
                } else {
                    commands[commands.count - 1].expected.append(lines[index])
                }
                index += 1
            }
        }
        return commands
    }

    /// Whether `actual` is what `expected` says, with `…` as above.
    static func matches(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first.trimmingCharacters(in: .whitespaces) == "…" {
            return (0...actual.count).contains { matches(expected.dropFirst(), actual.dropFirst($0)) }
        }
        guard let line = actual.first, matchesLine(first, line) else { return false }
        return matches(expected.dropFirst(), actual.dropFirst())
    }

    static func matchesLine(_ pattern: String, _ line: String) -> Bool {
        let parts = pattern.components(separatedBy: "…")
        guard parts.count > 1 else { return pattern == line }
        guard line.hasPrefix(parts[0]), line.hasSuffix(parts[parts.count - 1]),
            line.count >= parts[0].count + parts[parts.count - 1].count
        else { return false }
        var rest = line.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    @Test
    func theMatchingRuleElidesLinesAndTextWithinALine() {
        #expect(Self.matches(["a", "…", "d"], ["a", "b", "c", "d"]))
        #expect(Self.matches(["a", "  …", "b"], ["a", "b"]))
        #expect(!Self.matches(["a", "…", "d"], ["a", "b", "c"]))
        #expect(Self.matches(["PASS x (3 steps, … s)"], ["PASS x (3 steps, 0.01 s)"]))
        #expect(!Self.matches(["PASS x (3 steps, … s)"], ["FAIL x (3 steps, 0.01 s)"]))
        #expect(!Self.matches(["one"], ["one", "two"]))
    }

    /// Where the README's tour writes a feature package of its own.
    static let tourFolder = "/tmp/apphost-tour"

    @Test
    func everyTranscriptInTheREADMEAndDocsRunsAsWritten() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        let commands = try (["README.md"] + docs).flatMap { try Self.commands(in: $0) }
        #expect(commands.count >= 25, "transcripts found: \(commands.count)")
        #expect(commands.contains { $0.text.contains("new-feature") }, "the tour writes a feature of its own")

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("apphost-transcripts-\(UUID().uuidString)")
        let cache = scratch.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for name in [".build", "Features", "Scripts"] {
            try FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent(name), withDestinationURL: Self.root.appendingPathComponent(name))
        }
        let built = URL(fileURLWithPath: ProcessRunner.built("apphost")).deletingLastPathComponent().path
        let path = built + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        // The tour's folder, /tmp/apphost-tour as the pages show it, is this run's own: two runs of
        // the suite on one machine never share it.
        let tour = scratch.appendingPathComponent("apphost-tour").path
        for command in commands {
            let result = try ProcessRunner.run(
                "/bin/bash", ["-c", "unset COLUMNS; { \(command.text.replacingOccurrences(of: Self.tourFolder, with: tour))\n} 2>&1"],
                environment: ["PATH": path, "NO_COLOR": "1", "APPHOST_CACHE": cache.path], in: scratch.path
            )
            var lines = result.output.replacingOccurrences(of: tour, with: Self.tourFolder)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            #expect(
                Self.matches(command.expected[...], lines[...]),
                "\(command.file):\(command.line): $ \(command.text)\nexpected:\n\(command.expected.joined(separator: "\n"))\ngot:\n\(lines.prefix(60).joined(separator: "\n"))"
            )
        }
    }
}
