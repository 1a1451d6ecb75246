import AppHost
import AppHostTesting
import Foundation
import Testing

/// `apphost --watch`: a rebuilt feature is reloaded and the person stays on the same screen, drawn by the
/// new code; a broken rebuild is reported and the session goes on with the last good build.
@Suite
struct WatchTests {
    private let apphost = ProcessRunner.built("apphost")

    @Test
    func aRebuiltFeatureComesBackOnTheSameScreenAndABrokenOneIsReported() throws {
        let fixtures = try FeatureFixtures()
        try fixtures.addBuiltFeature("Home")
        let hello = fixtures.path("libHelloFeature.so")
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: hello)
        let (process, input, output, errors) = try watching(["--start", "home", "--open", "hello/greet?name=Rick"], in: fixtures)
        defer { if process.isRunning { process.terminate() } }
        try Self.waitFor("Hello, Rick!", in: output)

        // A rebuild, written beside the file and moved over it as a build tool does.
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: hello + ".new", defines: ["GREETING=\"Howdy\""])
        #expect(rename(hello + ".new", hello) == 0)
        try Self.waitFor("watch: reloaded libHelloFeature.so; the session is back where it was\n", in: errors)
        try Self.waitFor("Howdy, Rick!", in: output)

        // A broken rebuild: reported, and the session keeps the last good one.
        try Data("not a library".utf8).write(to: URL(fileURLWithPath: hello + ".new"))
        #expect(rename(hello + ".new", hello) == 0)
        try Self.waitFor("watch: libHelloFeature.so changed but does not load: ", in: errors)
        input.fileHandleForWriting.write(Data("state\n".utf8))
        try Self.waitFor("hello/greet?name=Rick\n", in: output)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()

        #expect(process.terminationStatus == 0)
    }

    @Test
    func aChangedResourceReloadsItsFeature() throws {
        let fixtures = try FeatureFixtures()
        try FileManager.default.copyItem(atPath: AppHarness.libraryPath("Character"), toPath: fixtures.path("libCharacterFeature.so"))
        let resources = fixtures.path("CharacterFeature.resources")
        try FileManager.default.copyItem(
            atPath: URL(fileURLWithPath: AppHarness.buildDirectory).appendingPathComponent("AppHost_CharacterFeature.resources").path,
            toPath: resources
        )
        let (process, input, output, errors) = try watching(["--start", "character", "--open", "character/detail?identifier=1"], in: fixtures)
        defer { if process.isRunning { process.terminate() } }
        try Self.waitFor("Rick Sanchez", in: output)

        let fixture = resources + "/Network/GET-rickandmortyapi.com-api-character-1.json"
        let renamed = try String(contentsOfFile: fixture, encoding: .utf8).replacingOccurrences(of: "Rick Sanchez", with: "Rick Prime")
        try Data(renamed.utf8).write(to: URL(fileURLWithPath: fixture + ".new"))
        #expect(rename(fixture + ".new", fixture) == 0)
        try Self.waitFor("watch: reloaded libCharacterFeature.so; the session is back where it was\n", in: errors)
        try Self.waitFor("Rick Prime", in: output)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()

        #expect(process.terminationStatus == 0)
    }

    @Test
    func aReloadBringsBackThePushedDetailAndTheSheetTheViewsOwn() throws {
        let fixtures = try FeatureFixtures()
        let library = fixtures.path("libRecipesFeature.so")
        try FileManager.default.copyItem(atPath: AppHarness.libraryPath("Recipes"), toPath: library)
        let (process, input, output, errors) = try watching(["--start", "recipes"], in: fixtures)
        defer { if process.isRunning { process.terminate() } }
        input.fileHandleForWriting.write(Data("wait until Carbonara\ntap Carbonara\ntap Share\n".utf8))
        try Self.waitFor("Share Carbonara with a friend.", in: output)

        // The same library written again, as a rebuild that changed nothing writes it.
        try FileManager.default.copyItem(atPath: AppHarness.libraryPath("Recipes"), toPath: library + ".new")
        #expect(rename(library + ".new", library) == 0)
        try Self.waitFor("watch: reloaded libRecipesFeature.so; the session is back where it was\n", in: errors)
        input.fileHandleForWriting.write(Data("state\n".utf8))
        try Self.waitFor(#"recipes/book › tab "Recipes" › push "Carbonara" › sheet "Share""# + "\n", in: output)
        input.fileHandleForWriting.write(Data("dismiss\nstate\n".utf8))
        try Self.waitFor(#"recipes/book › tab "Recipes" › push "Carbonara""# + "\n", in: output)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()

        #expect(process.terminationStatus == 0)
        #expect(!(try String(contentsOf: errors, encoding: .utf8)).contains("error:"))
    }

    /// Runs `apphost ARGUMENTS --watch` over the fixtures' folder, its output and errors going to files
    /// there (read while it runs), its input a pipe.
    private func watching(_ arguments: [String], in fixtures: borrowing FeatureFixtures) throws -> (Process, Pipe, URL, URL) {
        let output = fixtures.directory.appendingPathComponent("out.txt")
        let errors = fixtures.directory.appendingPathComponent("err.txt")
        #expect(FileManager.default.createFile(atPath: output.path, contents: nil))
        #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: apphost)
        process.arguments = arguments + ["--watch", "--features", fixtures.directory.path]
        var environment = ProcessInfo.processInfo.environment
        environment[RegistryCache.environmentVariable] = ProcessRunner.testCache
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        return (process, input, output, errors)
    }

    private static func waitFor(_ text: String, in file: URL) throws {
        let deadline = Date().addingTimeInterval(30)
        while !(try String(contentsOf: file, encoding: .utf8)).contains(text) {
            guard Date() < deadline else {
                throw TerminalError(message: "'\(text)' did not appear in \(file.lastPathComponent): \(try String(contentsOf: file, encoding: .utf8).suffix(400))")
            }
            usleep(100_000)
        }
    }
}
