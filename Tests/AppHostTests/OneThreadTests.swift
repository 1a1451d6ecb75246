import AppHost
import AppHostTesting
@_spi(Host) import AppHostKit
@testable import AppHostRuntime
import Observation
import Synchronization
import Testing

/// A session on one thread (`Session.Options.oneThread`): its tasks' calls to `@concurrent`
/// functions run on the session's thread, in the order they were queued, and what else the app
/// runs off the main actor (a detached task) still runs on the pool.
enum LaneNavigation: Navigation {
    case lanes

    static let routeName = "lane"
}

/// What the lanes' steps did, in order, from any thread.
final class LaneLog: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    var joined: String { lines.withLock { $0.joined(separator: " ") } }
}

/// A data source whose work leaves the main actor, as networking code's does.
nonisolated struct LaneSource: Sendable {
    /// Logs `name`; true if it ran on the session's own thread.
    @concurrent func step(_ name: String, log: LaneLog) async -> Bool {
        log.append(name)
        return HostExecutors.runsPoolJobOnSessionThread
    }
}

@MainActor
@Observable
final class LaneModel: ViewModel {
    private(set) var status = "idle"
    @ObservationIgnored private let log = LaneLog()
    @ObservationIgnored private let source = LaneSource()

    /// Two tasks, each calling off the main actor twice.
    func interleave() async {
        let source = source, log = log
        let first = Task {
            _ = await source.step("a1", log: log)
            _ = await source.step("a2", log: log)
        }
        let second = Task {
            _ = await source.step("b1", log: log)
            _ = await source.step("b2", log: log)
        }
        await first.value
        await second.value
        status = log.joined
    }

    /// Where a `@concurrent` call and a detached task run.
    func whereWorkRuns() async {
        let concurrent = await source.step("concurrent", log: log)
        let detached = await Task.detached { HostExecutors.runsPoolJobOnSessionThread }.value
        status = "concurrent on \(concurrent ? "session" : "pool"), detached on \(detached ? "session" : "pool")"
    }

    /// A sleep off the main actor, then a callback another thread makes.
    func waitTheOrdinaryWays() async {
        let uploaded = await ErrandSource().upload()
        let answer = await withCheckedContinuation { continuation in
            fetchAnswer(after: .milliseconds(20)) { continuation.resume(returning: $0) }
        }
        status = "\(uploaded), answer \(answer)"
    }
}

@MainActor
@Suite(.serialized)
struct OneThreadTests {
    private final class Capture {
        var errors = ""
    }

    private let capture = Capture()

    private func makeSession(oneThread: Bool) throws -> (Session, LaneModel) {
        let model = LaneModel()
        let registry = DestinationRegistry()
        try registry.register(LaneNavigation.self, root: .lanes, feature: "lane") { _, _ in
            Screen(model) { model in
                Text("Status: \(model.status)")
                Button("Interleave") { await model.interleave() }
                Button("Where") { await model.whereWorkRuns() }
                Button("Wait") { await model.waitTheOrdinaryWays() }
            }
        }
        var options = Session.Options(width: 60, settleTimeout: .seconds(60), virtualTime: true)
        options.oneThread = oneThread
        let capture = capture
        let session = Session(
            registry: registry, start: try #require(registry.root(named: "lane")), options: options,
            output: { _ in }, errorOutput: { capture.errors += $0 }
        )
        return (session, model)
    }

    @Test
    func aConcurrentCallRunsOnTheSessionsThreadAndADetachedTaskOnThePool() async throws {
        let (sut, model) = try makeSession(oneThread: true)
        await sut.start()

        await sut.execute("tap 2")

        #expect(model.status == "concurrent on session, detached on pool")
        #expect(capture.errors.isEmpty)
    }

    @Test
    func withoutOneThreadAConcurrentCallRunsOnThePool() async throws {
        let (sut, model) = try makeSession(oneThread: false)
        await sut.start()

        await sut.execute("tap 2")

        #expect(model.status == "concurrent on pool, detached on pool")
    }

    @Test
    func twoTasksHopsRunInTheOrderTheyWereQueuedOnEveryRun() async throws {
        // Each task's call is queued behind the other's: the order on a device is any, here it is one.
        for _ in 0..<10 {
            let (sut, model) = try makeSession(oneThread: true)
            await sut.start()

            await sut.execute("tap 1")

            #expect(model.status == "a1 b1 a2 b2")
        }
        #expect(capture.errors.isEmpty)
    }

    @Test(arguments: [true, false])
    func aSleepOffTheMainActorAndACallbackSettleAsWithThreads(oneThread: Bool) async throws {
        let (sut, model) = try makeSession(oneThread: oneThread)
        await sut.start()

        // The action is awaited: its sleep's 300 ms of virtual time pass, then the vendor's 20 ms
        // timer's (held on the session's clock too), and the callback's answer lands.
        await sut.execute("tap 3")

        #expect(model.status == "uploaded, answer 42")
        #expect(sut.virtualElapsed == .milliseconds(320))
        #expect(capture.errors.isEmpty)
    }
}

/// A session on one thread in `apphost`: work off the main actor that assumes the main actor stops
/// the program there, as it does on a pool thread, and work that does not runs as with threads.
@Suite
struct OneThreadProcessTests {
    private let apphost = ProcessRunner.built("apphost")

    @Test(arguments: [[], ["--one-thread"]])
    func workOffTheMainActorThatAssumesItStopsTheProgramOnOneThreadToo(options: [String]) throws {
        let fixtures = try FeatureFixtures()
        let lane = fixtures.path("libLaneFeature.so")
        try DriftedKit.buildFeatureAgainstThisKit("Lane", to: lane)
        let arguments = ["--start", "lane", "--features", fixtures.directory.path] + options

        let counted = try ProcessRunner.run(apphost, arguments, input: "tap Count\n")
        let assumed = try ProcessRunner.run(apphost, arguments, input: "tap Count\ntap Assume\n")

        #expect(counted.status == 0)
        #expect(counted.output.contains("Status: counted 2"), "\(counted.output)")
        #expect(assumed.status == SessionGuard.exitCode, "\(assumed.errors)")
        #expect(assumed.errors.contains("error: \(lane): crashed"), "\(assumed.errors)")
        #expect(assumed.errors.contains("while running 'tap Assume'"), "\(assumed.errors)")
    }
}
