import AppHost
import AppHostFlows
@_spi(Host) import AppHostKit
import AppHostNetwork
import Foundation

/// Why a harness could not start.
public enum HarnessError: Error, CustomStringConvertible {
    /// A feature library failed to load.
    case featureFailed(FeatureLoadError)
    /// The session could not start.
    case launchFailed(LaunchError)

    public var description: String {
        switch self {
        case .featureFailed(let error): "\(error)"
        case .launchFailed(let error): "\(error)"
        }
    }
}

/// Runs real feature libraries through the real loader and a real session, for integration tests.
///
/// ```swift
/// let app = try await AppHarness(features: ["Home", "Character"], start: "home")
/// let screen = await app.run("tap 1")
/// ```
@MainActor
public final class AppHarness {
    /// The host the features were loaded into.
    public let host: FeatureHost
    /// The session the commands run in.
    public let session: Session
    /// Everything written to the screen output so far.
    public private(set) var transcript = ""
    /// Every error line so far.
    public private(set) var errorLines: [String] = []

    /// The directory that holds the build products, next to the test executable.
    nonisolated public static var buildDirectory: String { FeatureDiscovery.executableDirectory }

    /// The path of `lib<name>Feature.so` in the build directory.
    nonisolated public static func libraryPath(_ name: String) -> String {
        URL(fileURLWithPath: buildDirectory).appendingPathComponent("lib\(name)Feature.so").path
    }

    /// Loads `lib<name>Feature.so` for each name from the build directory and starts a session at `start`
    /// (a destination's or a shell's name), restoring and saving `stateFile` if one is given.
    /// `URLSession.shared` requests are answered from recorded answers (as `--network` does): each
    /// feature's own (a `Network` folder in its resources) and those in the `network` folders.
    public convenience init(
        features: [String],
        start: String,
        options: Session.Options = Session.Options(),
        stateFile: String? = nil,
        network: [String] = []
    ) async throws {
        try await self.init(paths: features.map(Self.libraryPath), start: start, options: options, stateFile: stateFile, network: network)
    }

    /// Loads the feature libraries at `paths` and starts a session at `start`.
    public convenience init(
        paths: [String],
        start: String,
        options: Session.Options = Session.Options(),
        stateFile: String? = nil,
        network: [String] = []
    ) async throws {
        try Self.serveRecordedNetwork(network)
        let host = FeatureHost()
        for path in paths {
            do {
                _ = try FeatureLoader.load(path, into: host.registry)
            } catch {
                throw HarnessError.featureFailed(error)
            }
        }
        try await self.init(host: host, start: start, options: options, stateFile: stateFile)
    }

    /// Starts a session at `start` over what `registry` holds: features registered in the test's
    /// own process (`registry.register(MyFeature.self)`), with no library loaded.
    public convenience init(
        registry: DestinationRegistry,
        start: String,
        options: Session.Options = Session.Options(),
        stateFile: String? = nil
    ) async throws {
        let host = FeatureHost(registry: registry)
        try await self.init(host: host, start: start, options: options, stateFile: stateFile)
    }

    /// Serves, in this test process, each loaded feature's recorded answers and those in `folders`.
    /// The folders stay served for the rest of the process (URLProtocol's registry is the
    /// process's): a test that wants no recording served uses a request no folder answers.
    nonisolated public static func serveRecordedNetwork(_ folders: [String] = []) throws {
        RecordedNetwork.link(NetworkModule.install)
        RecordedNetwork.serveFeatureRecordings { _ in }
        for folder in folders { try RecordedNetwork.serve(folder) }
    }

    private init(host: FeatureHost, start: String, options: Session.Options, stateFile: String?) async throws {
        let sink = Sink()
        do {
            session = try Launch.session(
                start: start,
                registry: host.registry,
                store: stateFile.map(StateStore.init(path:)),
                // A test plays several sessions on one file in one process, one after another.
                lock: false,
                open: nil,
                options: options,
                output: TextOutput(output: { sink.output += $0 }, errorOutput: { sink.errors.append($0) }),
                warn: { sink.errors.append("warning: \($0)\n") }
            )
        } catch {
            throw HarnessError.launchFailed(error)
        }
        self.host = host
        self.sink = sink
        await session.start()
        // A test stands for a person, who waits between commands: what waits for that happens now.
        session.flush()
        transcript = sink.output
        errorLines = sink.errors
    }

    private let sink: Sink

    /// Runs the flow file at `path` (see `Flow`) in a fresh session over this harness's features,
    /// as `apphost test` does, on the same runtime. View models' sleeps wait on the session's
    /// virtual clock, and each step is checked once its command has settled. The host's executors
    /// are installed in a test process too (see `VirtualTime`), so the flow's verdict is
    /// `apphost test`'s. `result.report` says what failed.
    public func runFlow(
        _ path: String, start: String? = nil, settleTimeout: Duration = Session.defaultSettleTimeout
    ) async throws -> FlowResult {
        try await FlowRunner.run(Flow(contentsOf: path), registry: host.registry, start: start, settleTimeout: settleTimeout)
    }

    /// The text of the screen on top.
    public var screen: String { session.current?.text ?? "" }

    /// Ends the session: its screens go, each task they started is cancelled, and each sleep held
    /// on its virtual clock is cancelled and woken, so no view model outlives it (see
    /// `Session.end()`). The last screen stays readable; run no command after this.
    public func end() async {
        await session.end()
        transcript = sink.output
        errorLines = sink.errors
    }

    /// Runs one command and returns what it wrote to the screen output.
    @discardableResult
    public func run(_ command: String) async -> String {
        let start = sink.output.endIndex
        _ = await session.execute(command)
        session.flush()
        let written = String(sink.output[start...])
        transcript = sink.output
        errorLines = sink.errors
        return written
    }

    /// Runs commands in order and returns the screen on top afterwards.
    @discardableResult
    public func run(_ commands: [String]) async -> String {
        for command in commands {
            await run(command)
        }
        return screen
    }

    private final class Sink {
        var output = ""
        var errors: [String] = []
    }
}
