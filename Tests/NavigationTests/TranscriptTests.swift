import AppHostTesting
import Foundation
import Testing

/// Whole sessions, compared with the transcripts in Transcripts/: each command
/// (`> …`), then every screen and error line it produced.
///
/// After a deliberate change of what screens look like, run once with
/// `APPHOST_RECORD_TRANSCRIPTS=1` to rewrite the files, read the diff, and commit it;
/// a recording run fails, so it is never mistaken for a passing one.
@MainActor
@Suite
struct TranscriptTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcripts")

    static func transcript(of name: String, start: String, width: Int) async throws -> (actual: String, expected: String) {
        let commands = try String(contentsOf: directory.appendingPathComponent("\(name).commands"), encoding: .utf8)
        let file = directory.appendingPathComponent("\(name).txt")
        let expected = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let app = try await AppHarness(features: ["Home", "Character", "Settings", "Shell", "About"], start: start, options: .init(width: width))
        var actual = app.transcript
        for line in commands.split(separator: "\n") where !line.hasPrefix("#") {
            let errorsBefore = app.errorLines.count
            let output = await app.run(String(line))
            actual += "> \(line)\n" + output + app.errorLines.dropFirst(errorsBefore).joined()
        }
        if ProcessInfo.processInfo.environment["APPHOST_RECORD_TRANSCRIPTS"] == "1" {
            try Data(actual.utf8).write(to: file)
            Issue.record("recorded \(file.path); unset APPHOST_RECORD_TRANSCRIPTS and run again")
        }
        return (actual, expected)
    }

    @Test
    func theTourMatchesItsTranscript() async throws {
        let (actual, expected) = try await Self.transcript(of: "tour", start: "main", width: 60)

        #expect(actual == expected)
    }
}
