import AppHost
import AppHostTesting
import CHostGuard
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

    @Test
    func aScreenThatOverflowsItsStackIsNamedOnTheAlternateStack() throws {
        let fixtures = try crashFeatures()

        // Twice: the command runs on whichever thread the main actor is served by, each with a stack of its own.
        for _ in 0..<2 {
            let result = try ProcessRunner.run(apphost, ["--start", "crash", "--features", fixtures.directory.path], input: "tap Fine\nback\ntap Overflow\n")
            #expect(result.status == SessionGuard.exitCode)
            #expect(result.errors == "error: \(fixtures.path("libCrashFeature.so")): crashed (SIGSEGV) while running 'tap Overflow'; the session ended\n", "\(result.errors)")
        }
    }

    /// A command that returns right at its limit is never reported: the watchdog may find it
    /// overdue just as it returns, and the handler then decides by the arm/disarm generation, not
    /// by the clock. Decided here with made-up times, so the verdict never depends on the load.
    @Test
    func aCommandThatReturnsRightAtItsLimitIsNotTakenForAHang() {
        apphost_guard_arm("running 'tap Slow'", 1)
        let seen = apphost_guard_generation()
        let deadline = apphost_guard_deadline()
        #expect(apphost_guard_still_overdue(seen, deadline) == 0, "at its deadline it is not overdue")
        #expect(apphost_guard_still_overdue(seen, deadline + 1) == 1, "past it, still running, it is")

        apphost_guard_disarm()
        #expect(apphost_guard_still_overdue(seen, deadline + 1) == 0, "returned after the watchdog looked: no hang")

        apphost_guard_arm("running 'back'", 1)
        #expect(apphost_guard_still_overdue(seen, apphost_guard_deadline() + 1) == 0, "the next command is not the one seen overdue")
        apphost_guard_disarm()
    }

    /// A slow command well within its limit runs to its end, in a real process (a quarter of the
    /// limit, so that a loaded machine's slowness never makes it overdue).
    @Test
    func aSlowCommandWithinItsLimitRuns() throws {
        let fixtures = try FeatureFixtures()
        try CCompiler.compile(CCompiler.fixture("crash.c"), to: fixtures.path("libCrashFeature.so"), defines: ["SLOW_MS=500"])
        let input = String(repeating: "tap Slow\nback\n", count: 2) + "state\n"

        let result = try ProcessRunner.run(apphost, ["--start", "crash", "--features", fixtures.directory.path, "--feature-timeout", "2"], input: input)

        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == "")
        #expect(result.output.hasSuffix("crash/main\n"))
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

    /// A build that writes over a loaded library in place (cp truncates, then writes): the next call
    /// into it faults, and the line says the file changed, not that the feature crashed.
    @Test
    func aLibraryOverwrittenInPlaceWhileLoadedIsNamed() throws {
        let fixtures = try crashFeatures()
        let library = fixtures.path("libCrashFeature.so")
        let running = try ProcessRunner.start(apphost, ["--start", "crash", "--features", fixtures.directory.path])
        let (process, input, output, errors) = (running.process, running.input, running.output, running.errors)
        defer { if process.isRunning { process.terminate() } }
        input.fileHandleForWriting.write(Data("show\n".utf8))
        // The first screen is drawn: the library's code is mapped and has run.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("[1] Fine") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            seen.append(chunk)
        }
        #expect(truncate(library, 0) == 0)
        input.fileHandleForWriting.write(Data("tap Fine\n".utf8))
        try input.fileHandleForWriting.close()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus == SessionGuard.exitCode)
        #expect(said.hasPrefix("error: \(library) changed on disk while loaded (SIG"), "\(said)")
        #expect(said.hasSuffix("); the session ended; replace a feature file by renaming a new one over it\n"), "\(said)")
    }

    /// A Swift view model whose load awaits a continuation nothing resumes: the command is suspended,
    /// on no thread's stack, and the thread that armed the watch may be gone; it is still bounded.
    @Test
    func aLoadThatNeverResumesIsBoundedAndNamesItsLibrary() throws {
        let fixtures = try FeatureFixtures()
        let library = fixtures.path("libLoadHangFeature.so")
        try DriftedKit.copyOfFeatureBuiltOnce("LoadHang", to: library)

        let result = try ProcessRunner.run(
            apphost, ["--start", "loadhang", "--features", fixtures.directory.path, "--feature-timeout", "1"], input: "tap Hang\nstate\nquit\n"
        )

        #expect(result.status == SessionGuard.exitCode)
        #expect(result.errors.hasSuffix(
            "error: \(library): did not return within 1 s (suspended in it, awaiting what never resumed) while running 'tap Hang'; the session ended\n"
        ), "\(result.errors)")
    }

    /// A load that yields for ever is suspended between its jobs as one that awaits for ever is, but
    /// it runs: the message says which.
    @Test
    func aLoadThatKeepsYieldingIsBoundedAndToldFromOneThatNeverResumes() throws {
        let fixtures = try FeatureFixtures()
        let library = fixtures.path("libLoadHangFeature.so")
        try DriftedKit.copyOfFeatureBuiltOnce("LoadHang", to: library)

        let result = try ProcessRunner.run(
            apphost, ["--start", "loadhang", "--features", fixtures.directory.path, "--feature-timeout", "1"], input: "tap Spin\nstate\nquit\n"
        )

        #expect(result.status == SessionGuard.exitCode)
        #expect(result.errors.hasSuffix(
            "error: \(library): did not return within 1 s (suspended in it and still running: its tasks keep yielding or sleeping, and never finish) while running 'tap Spin'; the session ended\n"
        ), "\(result.errors)")
    }

    /// The same two waits in an action, and a yield loop in a screen's task, which no load awaits:
    /// each names the library, not the host.
    @Test(arguments: [
        ("tap Hang here", "(suspended in it, awaiting what never resumed)"),
        ("tap Spin here", "(suspended in it and still running: its tasks keep yielding or sleeping, and never finish)"),
        ("tap Spin in a task", "(its tasks keep running without end: they yield, or sleep for no time, in a loop)"),
        ("tap Work on a queue", "(work it handed to a dispatch queue is still running)"),
    ])
    func anActionOrATaskThatNeverFinishesNamesItsLibrary(command: String, how: String) throws {
        let fixtures = try FeatureFixtures()
        let library = fixtures.path("libLoadHangFeature.so")
        try DriftedKit.copyOfFeatureBuiltOnce("LoadHang", to: library)

        let result = try ProcessRunner.run(
            apphost, ["--start", "loadhang", "--features", fixtures.directory.path, "--feature-timeout", "1"], input: "\(command)\nstate\nquit\n"
        )

        #expect(result.status == SessionGuard.exitCode)
        #expect(result.errors.hasSuffix("error: \(library): did not return within 1 s \(how) while running '\(command)'; the session ended\n"), "\(result.errors)")
    }

    /// A command still running is told from one awaiting what never resumes by the jobs it has
    /// queued or running, not by whether one started in the watchdog's last tenth of a second,
    /// which a loaded machine can leave empty (a test beside CPU hogs once read a yield loop as
    /// awaiting). strace slows every futex call by 150 ms, so jobs start rarely on every run.
    @Test(arguments: [
        ("tap Hang here", "(suspended in it, awaiting what never resumed)"),
        ("tap Spin here", "(suspended in it and still running: its tasks keep yielding or sleeping, and never finish)"),
    ])
    func aCommandStillRunningIsToldApartWhenItsJobsStartRarely(command: String, how: String) throws {
        guard let strace = try Strace.usable(toCheck: "how an overdue command is told apart when its jobs start rarely") else { return }
        let fixtures = try FeatureFixtures()
        let library = fixtures.path("libLoadHangFeature.so")
        try DriftedKit.copyOfFeatureBuiltOnce("LoadHang", to: library)
        let script = fixtures.path("commands.txt")
        try Data("\(command)\nstate\nquit\n".utf8).write(to: URL(fileURLWithPath: script))
        let slowed = ["-f", "-qq", "-o", "/dev/null", "-e", "trace=futex", "-e", "inject=futex:delay_enter=150000"]

        let result = try ProcessRunner.run(
            strace, slowed + [apphost, "--start", "loadhang", "--features", fixtures.directory.path, "--feature-timeout", "1", "--script", script]
        )

        // strace's own warnings (a process's wait delayed twice) are left out.
        let errors = result.errors.split(separator: "\n").filter { !$0.hasPrefix("\(strace):") }.joined(separator: "\n")

        #expect(result.status == SessionGuard.exitCode)
        #expect(errors.hasSuffix("error: \(library): did not return within 1 s \(how) while running '\(command)'; the session ended"), "\(result.errors)")
    }

    /// Three seconds of CPU in a detached task the action does not await, with a one-second limit
    /// on each command: the work is not the command's, so nothing waits for it or is blamed.
    @Test
    func detachedWorkTheActionDoesNotAwaitHoldsNothing() throws {
        let fixtures = try FeatureFixtures()
        try DriftedKit.copyOfFeatureBuiltOnce("LoadHang", to: fixtures.path("libLoadHangFeature.so"))

        // A session on real time, typed into.
        let session = try ProcessRunner.run(
            apphost, ["--start", "loadhang", "--features", fixtures.directory.path, "--feature-timeout", "1"],
            input: "tap Busy\ntap Busy\nroutes\nquit\n"
        )
        #expect(session.status == 0, "\(session.errors)")
        #expect(session.errors.isEmpty, "\(session.errors)")
        #expect(session.output.contains("Work: busy"))

        // A flow on virtual time, whose wait moves the clock while the work runs.
        let flow = fixtures.path("busy.flow")
        try "start loadhang\ntap Busy\nsee Work: busy\nwait 2s\ntap Busy\nno error\n".write(toFile: flow, atomically: true, encoding: .utf8)
        let test = try ProcessRunner.run(apphost, ["test", flow, "--features", fixtures.directory.path, "--feature-timeout", "1"])
        #expect(test.status == 0, "\(test.output)\(test.errors)")
        #expect(test.output.contains("PASS"), "\(test.output)")
    }

    /// `Timer.scheduledTimer` would never fire (the host runs no run loop): the command that
    /// schedules one is refused by name, in a session and in a flow; the session goes on.
    @Test
    func aRunLoopTimerIsRefusedByName() throws {
        let fixtures = try FeatureFixtures()
        try DriftedKit.copyOfFeatureBuiltOnce("LoadHang", to: fixtures.path("libLoadHangFeature.so"))
        let refusal = "the app scheduled a Timer on a run loop (Timer.scheduledTimer, RunLoop.add), which the host does not run: it would never fire"

        let session = try ProcessRunner.run(
            apphost, ["--start", "loadhang", "--features", fixtures.directory.path], input: "tap Refresh every minute\ntap Busy\nquit\n"
        )
        #expect(session.errors.hasPrefix("error: tap Refresh every minute: \(refusal)"), "\(session.errors)")
        #expect(session.errors.split(separator: "\n").count == 1, "\(session.errors)")
        #expect(session.output.contains("Work: refreshing every minute"))
        #expect(session.output.contains("Work: busy"))

        let flow = fixtures.path("timer.flow")
        try "start loadhang\nexpect error: tap Refresh every minute\nerror Timer.scheduledTimer\n".write(toFile: flow, atomically: true, encoding: .utf8)
        let test = try ProcessRunner.run(apphost, ["test", flow, "--features", fixtures.directory.path])
        #expect(test.status == 0, "\(test.output)\(test.errors)")
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
        try DriftedKit.copyOfFeatureBuiltOnce("Trap", to: library)

        let result = try ProcessRunner.run(apphost, ["--start", "trap", "--features", fixtures.directory.path], input: "tap 1\nback\ntap 2\n")

        #expect(result.status == SessionGuard.exitCode)
        #expect(result.output.contains("Value 2\nTrap › Value 2\n"))
        #expect(result.errors.hasSuffix("Fatal error: Index out of range\nerror: \(library): crashed (SIGILL) while running 'tap 2'; the session ended\n"))
    }
}
