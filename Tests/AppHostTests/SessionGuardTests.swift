import AppHost
import AppHostTesting
import Foundation
import Testing

/// A feature that crashes or hangs after it has loaded ends the session with one line
/// naming its library and exit status 4; the state file brings the user back.
@Suite
struct SessionGuardTests {
    private let apphost = ProcessRunner.built("apphost")

    private func crashFeatures() throws -> FeatureFixtures {
        let fixtures = try FeatureFixtures()
        try CCompiler.compile(CCompiler.fixture("crash.c"), to: fixtures.path("libCrashFeature.so"))
        return fixtures
    }

    @Test
    func aCrashingScreenNamesItsLibraryAndTheStateComesBack() throws {
        let fixtures = try crashFeatures()
        let state = fixtures.path("state.json")
        let arguments = ["--start", "crash", "--features", fixtures.directory.path, "--state", state]

        let crashed = try ProcessRunner.run(apphost, arguments, input: "tap Fine\ntap Segfault\n")
        let again = try ProcessRunner.run(apphost, arguments, input: "state\n")

        #expect(crashed.status == SessionGuard.exitCode)
        #expect(crashed.errors == "error: \(fixtures.path("libCrashFeature.so")): crashed (SIGSEGV) while running 'tap Segfault'; the session ended; \(state) holds the state from before it: run again with --state \(state) to come back\n")
        #expect(again.status == 0)
        #expect(again.output.hasSuffix("crash/main>crash/fine\n"))
    }

    @Test(arguments: [("tap Exit", 3, "running 'tap Exit'"), ("tap Exit in a thread", 7, "running 'tap Exit in a thread'")])
    func aFeatureThatCallsExitIsNamedWithAStatusOfTheHosts(command: String, status: Int, activity: String) throws {
        let fixtures = try crashFeatures()

        let result = try ProcessRunner.run(apphost, ["--start", "crash", "--features", fixtures.directory.path], input: command + "\nstate\n")

        #expect(result.status == SessionGuard.featureExitCode)
        #expect(result.errors == "error: \(fixtures.path("libCrashFeature.so")): called exit(\(status)) while \(activity); the session ended\n")
    }

    @Test
    func theHostsOwnExitsAreNotTakenForAFeatures() throws {
        let fixtures = try crashFeatures()

        let strict = try ProcessRunner.run(apphost, ["--start", "crash", "--features", fixtures.directory.path, "--strict"], input: "tap Nowhere\n")
        let quit = try ProcessRunner.run(apphost, ["--start", "crash", "--features", fixtures.directory.path], input: "tap Fine\nquit\n")

        #expect(strict.status == 1)
        #expect(!strict.errors.contains("called exit"))
        #expect(quit.status == 0)
        #expect(quit.errors == "")
    }

    @Test
    func aScreenThatNeverReturnsIsStoppedByTheWatchdog() throws {
        let fixtures = try crashFeatures()

        let result = try ProcessRunner.run(
            apphost,
            ["--start", "crash", "--features", fixtures.directory.path, "--feature-timeout", "1"],
            input: "tap Hang\n"
        )

        #expect(result.status == SessionGuard.exitCode)
        #expect(result.errors == "error: \(fixtures.path("libCrashFeature.so")): did not return within 1 s while running 'tap Hang'; the session ended\n")
    }

    @Test
    func aSwiftTrapInAViewModelNamesItsLibrary() throws {
        let fixtures = try FeatureFixtures()
        let library = fixtures.path("libTrapFeature.so")
        try DriftedKit.buildFeatureAgainstThisKit("Trap", to: library)

        let result = try ProcessRunner.run(apphost, ["--start", "trap", "--features", fixtures.directory.path], input: "tap 1\nback\ntap 2\n")

        #expect(result.status == SessionGuard.exitCode)
        #expect(result.output.contains("Value 2\nTrap › Value 2\n"))
        #expect(result.errors.hasSuffix("Fatal error: Index out of range\nerror: \(library): crashed (SIGILL) while running 'tap 2'; the session ended\n"))
    }
}
