import AppHost
@_spi(Host) import AppHostKit
import AppHostTesting
import Foundation
import Testing

/// `--state FILE`: restored at the start, saved after every change; a bad file is never lost silently.
@MainActor
@Suite
struct StateFileTests {
    private final class Directory {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("apphost-state-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        var file: String { url.appendingPathComponent("state.json").path }
    }

    private let all = ["Home", "Character", "Settings", "Shell", "About"]

    @Test
    func theSameScreenTabAndPresentationComeBack() async throws {
        let directory = try Directory()
        let first = try await AppHarness(features: all, start: "main", stateFile: directory.file)
        await first.run(["tab 2", "tap 7", "tab Settings", "tap Edit profile"])

        let second = try await AppHarness(features: all, start: "main", stateFile: directory.file)

        #expect(second.session.state == first.session.state)
        #expect(second.screen == first.screen)
        #expect(second.errorLines.isEmpty)
    }

    @Test
    func aMissingFileStartsFreshAndIsWrittenAfterTheFirstChange() async throws {
        let directory = try Directory()
        let app = try await AppHarness(features: all, start: "character", stateFile: directory.file)
        #expect(!FileManager.default.fileExists(atPath: directory.file))

        await app.run("tap Morty Smith")

        #expect(StateStore(path: directory.file).load() == .state(app.session.state))
    }

    @Test
    func aCorruptFileIsMovedAsideReportedAndTheSessionStartsFresh() async throws {
        let directory = try Directory()
        try Data("{ \"state\": not json".utf8).write(to: URL(fileURLWithPath: directory.file))

        let app = try await AppHarness(features: all, start: "home", stateFile: directory.file)

        #expect(app.errorLines == ["warning: state \(directory.file) is not a state file (no JSON object with a version); moved it to \(directory.file).corrupt and started fresh\n"])
        #expect(FileManager.default.contents(atPath: directory.file + ".corrupt") == Data("{ \"state\": not json".utf8))
        #expect(app.session.state.stacks.map(\.stack) == [[try Route(parsing: "home/main")]])
    }

    @Test
    func aFileOfAnotherFormatVersionIsMovedAside() async throws {
        let directory = try Directory()
        // As a later host would write it: keys sorted, the state first.
        try Data(#"{"state": {}, "version": 9}"#.utf8).write(to: URL(fileURLWithPath: directory.file))

        let app = try await AppHarness(features: all, start: "home", stateFile: directory.file)

        #expect(app.errorLines == ["warning: state \(directory.file) has format version 9, this host reads version 1; moved it to \(directory.file).corrupt and started fresh\n"])
        #expect(FileManager.default.fileExists(atPath: directory.file + ".corrupt"))
    }

    @Test
    func routesWhoseFeatureIsGoneAreDroppedFromTheFirstThatNoLongerResolves() async throws {
        let directory = try Directory()
        let first = try await AppHarness(features: all, start: "home", stateFile: directory.file)
        await first.run(["tap About", "tap Rick Sanchez", "tap Back"])
        await first.run(["tap Rick Sanchez"])

        let second = try await AppHarness(features: ["Home", "About"], start: "home", stateFile: directory.file)

        #expect(second.session.state.stacks[0].stack.map(\.description) == ["home/main", "about/main"])
        #expect(second.errorLines == ["warning: state \(directory.file): dropped character/detail?identifier=1: no loaded feature provides 'character' (loaded: about, home)\n"])
    }

    @Test
    func aSavedSessionOfAnotherStartIsNotRestored() async throws {
        let directory = try Directory()
        let first = try await AppHarness(features: all, start: "character", stateFile: directory.file)
        await first.run("tap 1")

        let second = try await AppHarness(features: all, start: "home", stateFile: directory.file)

        #expect(second.errorLines == ["warning: state \(directory.file) holds a session of 'character', not 'home'; started fresh\n"])
        #expect(second.session.state.stacks[0].stack.map(\.description) == ["home/main"])
    }

    @Test
    func savingReplacesTheFileAtomically() async throws {
        let directory = try Directory()
        let app = try await AppHarness(features: all, start: "character", stateFile: directory.file)

        await app.run(["tap 1", "back", "tap 2"])

        #expect(!FileManager.default.fileExists(atPath: directory.file + ".tmp"))
        #expect(StateStore(path: directory.file).load() == .state(app.session.state))
    }
}
