// `apphost mcp`: the app served to agents and editors over the Model Context Protocol, on standard
// input and output. Each session is an `apphost serve` child, and every other tool runs `apphost`
// as a child too, so no feature is ever loaded into the server: a feature that crashes ends one
// session, and the server answers the next request. Logs go to standard error, never standard output.

import AppHost
@_spi(Host) import AppHostKit
import ArgumentParser
import Foundation
import Logging
import MCP

@main
struct AppHostMCP: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apphost mcp",
        abstract: "Serve the app to agents and editors: a Model Context Protocol server on standard input and output."
    )

    @Option(name: .customLong("features"), help: "A directory of feature libraries (repeatable); by default the folder that holds apphost.")
    var directories: [String] = []

    @Option(help: "Seconds a session may go unused before it is closed.")
    var idleTimeout: Int = 1800

    @Option(help: "The most sessions open at once (each is a process).")
    var maxSessions: Int = 32

    @Option(help: "Seconds one command may take before its session ends naming the feature at fault (0: no limit).")
    var featureTimeout: Int = SessionGuard.defaultLimit

    @Option(help: "Where the registry cache is kept.")
    var cacheDir: String?

    @Flag(help: "Load feature files and folders that others can write to, or that others own.")
    var allowUntrusted = false

    @Option(help: "Log level on stderr: trace, debug, info, notice, warning, error, critical.")
    var logLevel: String = "warning"

    @Option(help: "Seconds a feature file may take to load in its probe before it is refused.")
    var probeTimeout: Double = FeatureProber.defaultTimeout

    func validate() throws {
        guard idleTimeout >= 1 else { throw ValidationError("--idle-timeout must be 1 or more seconds, got \(idleTimeout)") }
        guard (1...1000).contains(maxSessions) else { throw ValidationError("--max-sessions must be from 1 to 1000, got \(maxSessions)") }
        guard featureTimeout >= 0 else { throw ValidationError("--feature-timeout must be 0 (no limit) or more seconds, got \(featureTimeout)") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical, got '\(logLevel)'") }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "apphost.mcp")
        let apphost = FeatureDiscovery.executableDirectory + "/apphost"
        var shared = directories.flatMap { ["--features", $0] }
        if let cacheDir { shared += ["--cache-dir", cacheDir] }
        if allowUntrusted { shared.append("--allow-untrusted") }
        shared += ["--probe-timeout", String(probeTimeout), "--log-level", logLevel]
        let calls = ToolCalls(apphost: apphost, featureArguments: shared, logger: logger, maximumSessions: maxSessions, featureTimeout: featureTimeout)

        let server = Server(
            name: "apphost", version: BuildStamp.client.version,
            instructions: "Drive an app's screens as text: start a session, then tap, type, open and go back; each call returns the new screen. Read apphost://docs/flows for the flow syntax test runs.",
            capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false))
        )
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: ToolCatalog.all) }
        await server.withMethodHandler(CallTool.self) { parameters in
            await calls.call(parameters.name, parameters.arguments)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            ListResources.Result(resources: await calls.resources())
        }
        await server.withMethodHandler(ReadResource.self) { parameters in
            guard let contents = await calls.read(parameters.uri) else {
                throw MCPError.invalidParams("no resource \(parameters.uri) (resources/list names them)")
            }
            return ReadResource.Result(contents: contents)
        }
        try await server.start(transport: StdioTransport(logger: logger))
        logger.info("apphost mcp: serving on standard input and output")
        let idle = Double(idleTimeout)
        let closer = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(min(idle, 30)))
                await calls.closeIdle(after: idle)
            }
        }
        await server.waitUntilCompleted()
        // The client closed its end: the calls it already made are answered first (their answers
        // are sent just after their handlers return, hence the moment's grace).
        await calls.inFlight.none()
        try? await Task.sleep(for: .milliseconds(100))
        closer.cancel()
        await calls.closeAll()
    }
}
