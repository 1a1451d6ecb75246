import AppHost
import AppHostKit
import AppHostTesting
import Foundation
import Testing

/// A state file is never lost: what is not a valid state is moved aside only if it is a regular file,
/// earlier copies are kept, the temporary file is never written through a link, and one session saves at a time.
@Suite
struct StateFileSafetyTests {
    private let apphost = URL(fileURLWithPath: AppHarness.buildDirectory).appendingPathComponent("apphost").path

    private func run(_ state: String, in folder: URL, input stdin: String = "") throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: apphost)
        process.arguments = ["--start", "home", "--state", state]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["APPHOST_CACHE"] = folder.appendingPathComponent("cache").path
        process.environment = environment
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// Runs a session held to file permissions: when the tests run as root (who may read and write
    /// anything), through setpriv without the capabilities that override them; as it is otherwise.
    /// Standard output and error, and the status.
    private func runHeldToPermissions(_ state: String, in folder: URL, cache: URL, script: URL) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        let arguments = ["--start", "home", "--state", state, "--script", script.path]
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--bounding-set=-dac_override,-dac_read_search", apphost] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: apphost)
            process.arguments = arguments
        }
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["APPHOST_CACHE"] = cache.path
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorText = BackgroundText(errors.fileHandleForReading)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text, errorText.wait())
    }

    /// A folder with a state file saved at About, and a script that goes Home.
    private func sharedFolder() throws -> (folder: URL, cache: URL, script: URL) {
        let folder = try folder()
        let cache = folder.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: false)
        let script = folder.appendingPathComponent("script.txt")
        try Data("root\n".utf8).write(to: script)
        _ = try run("s.json", in: folder, input: "tap 3\n")
        return (folder, cache, script)
    }

    @Test
    func aStateFileThisUserCannotReadIsReportedKeptAndNeverReplaced() throws {
        let (folder, cache, script) = try sharedFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("s.json")
        let saved = try Data(contentsOf: file)
        chmod(file.path, 0o000)

        let result = try runHeldToPermissions("s.json", in: folder, cache: cache, script: script)

        #expect(result.status == 0)
        #expect(result.errors == "warning: state s.json cannot be read (Permission denied); it was left as it is; started fresh\nwarning: state s.json cannot be read (Permission denied); this session saves nothing to it\n")
        chmod(file.path, 0o600)
        #expect(try Data(contentsOf: file) == saved)
        #expect(!FileManager.default.fileExists(atPath: file.path + ".corrupt"))
    }

    @Test
    func aReadOnlyStateFileIsRestoredButNotReplaced() throws {
        let (folder, cache, script) = try sharedFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("s.json")
        let saved = try Data(contentsOf: file)
        chmod(file.path, 0o444)

        let result = try runHeldToPermissions("s.json", in: folder, cache: cache, script: script)

        #expect(result.status == 0)
        #expect(result.errors == "warning: state s.json cannot be written (Permission denied); this session saves nothing to it\n")
        #expect(result.output.hasPrefix("════════════════════════════════════════════════════════════\nAbout AppHost\n"))
        #expect(try Data(contentsOf: file) == saved)
    }

    @Test
    func aLockThatCannotBeMadeIsSaidAsSuchAndNothingIsSaved() throws {
        let (folder, cache, script) = try sharedFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("s.json")
        let saved = try Data(contentsOf: file)
        try? FileManager.default.removeItem(atPath: file.path + ".lock")
        chmod(file.path, 0o666)
        // The file may be read and written, but nothing new may be made beside it.
        chmod(folder.path, 0o555)
        defer { chmod(folder.path, 0o755) }

        let result = try runHeldToPermissions("s.json", in: folder, cache: cache, script: script)

        #expect(result.status == 0)
        #expect(result.errors == "warning: state s.json: cannot lock it with s.json.lock (Permission denied); this session saves nothing to it\n")
        #expect(try Data(contentsOf: file) == saved)
    }

    @Test
    func aLinkPlantedAsTheLockIsNotFollowedAndNothingIsSaved() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("s.json.lock").path, withDestinationPath: elsewhere.path)

        let result = try run("s.json", in: folder, input: "tap 3\n")

        #expect(result.status == 0)
        #expect(result.errors == "warning: state s.json: cannot lock it with s.json.lock (Too many levels of symbolic links); this session saves nothing to it\n")
        #expect(!FileManager.default.fileExists(atPath: elsewhere.path), "the file the link points at was not made")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s.json").path))
    }

    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apphost-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test
    func aDirectoryIsLeftWhereItIsAndNothingIsSaved() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("d"), withIntermediateDirectories: false)

        let result = try run("d", in: folder)

        #expect(result.status == 0)
        #expect(result.errors == "warning: state d is a directory, not a state file; it was left as it is; started fresh\nwarning: state d is a directory, not a state file; this session saves nothing to it\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["cache", "d"])
    }

    @Test
    func aUsersJSONWithAVersionOfItsOwnIsLeftAsItIs() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = "{\"version\": \"2.1.0\", \"name\": \"my-app\"}\n"
        try Data(mine.utf8).write(to: folder.appendingPathComponent("package.json"))

        let result = try run("package.json", in: folder)

        #expect(result.errors.contains("state package.json is not a state file (it does not begin as one, with {\"state\"); it was left as it is"), "\(result.errors)")
        #expect(try String(contentsOf: folder.appendingPathComponent("package.json"), encoding: .utf8) == mine)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("package.json.corrupt").path))
    }

    @Test
    func anEarlierCorruptCopyIsKept() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"state\": first\n".utf8).write(to: folder.appendingPathComponent("s.json"))
        _ = try run("s.json", in: folder)
        try Data("{\"state\": second\n".utf8).write(to: folder.appendingPathComponent("s.json"))

        let result = try run("s.json", in: folder)

        #expect(result.errors == "warning: state s.json is not a state file (no JSON object with a version); moved it to s.json.corrupt.1 and started fresh\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("s.json.corrupt"), encoding: .utf8) == "{\"state\": first\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("s.json.corrupt.1"), encoding: .utf8) == "{\"state\": second\n")
    }

    @Test
    func aLinkAtTheOldTemporaryNameIsNeverWrittenThrough() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("precious")
        try Data("keep me\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("s.json.tmp"), withDestinationURL: target)

        let result = try run("s.json", in: folder, input: "tap 1\n")

        #expect(result.status == 0)
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("s.json").path))
    }

    @Test
    func linksPlantedAtTheTemporaryNamesASaveUsesAreNeverWrittenThrough() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.json").path
        let target = folder.appendingPathComponent("precious")
        try Data("keep me\n".utf8).write(to: target)
        // The names this process's first saves would use, each a link to the file to protect.
        for attempt in 0..<3 {
            try FileManager.default.createSymbolicLink(atPath: "\(path).\(getpid()).\(attempt).tmp", withDestinationPath: target.path)
        }

        let state = AppState(NavigationState(root: Route(name: "home", destination: "main")))

        try StateStore(path: path).save(state)

        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me\n")
        #expect(StateStore(path: path).load() == .state(state))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil)
    }

    @Test
    func aSecondSessionOnOneFileDoesNotSaveToIt() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // This test holds the lock, as a first session would.
        let lock = open(folder.appendingPathComponent("s.json.lock").path, O_RDWR | O_CREAT, 0o600)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)

        let result = try run("s.json", in: folder, input: "tap 1\n")

        #expect(result.errors == "warning: state s.json is in use by another session; this one does not save to it\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s.json").path))
    }
}

/// Reads a pipe to its end on a thread of its own, so that neither pipe of a child fills up.
private final class BackgroundText: @unchecked Sendable {
    private var text = ""
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            done.signal()
        }
    }

    func wait() -> String {
        done.wait()
        return text
    }
}
