// `apphost mcp`: the app served to agents and editors over the Model Context Protocol, on standard
// input and output. Each session is an `apphost serve` child, and every other tool runs `apphost`
// as a child too, so no feature is ever loaded into the server: a feature that crashes ends one
// session, and the server answers the next request. Logs go to standard error, never standard output.

import AppHost
@_spi(Host) import AppHostKit
import AppHostOptions
import AppHostSupport
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

    @OptionGroup var features: FeatureOptions
    @OptionGroup var mcp: MCPOptions

    // Long: the server's set-up in order (options, sessions, transport, handlers), then the wait for its end.
    func run() async throws {
        features.bootstrapLogging()
        let logger = Logger(label: "apphost.mcp")
        let apphost = FeatureDiscovery.executableDirectory + "/apphost"
        // Recordings and reports are the server's own: a private folder (mkdtemp, 0700), removed at the end.
        let recordings: PrivateFolder
        do {
            recordings = try PrivateFolder(prefix: "apphost-mcp")
        } catch {
            throw ValidationError("apphost mcp: a folder for recordings \(error)")
        }
        // Flows the record tool writes go where the person chose (--root), else into a new folder
        // the server makes (mkdtemp), never its working folder: a server started in / or in a
        // home folder would otherwise let a client write beside the person's own files.
        let root: String
        if let chosen = mcp.root {
            root = chosen
        } else {
            do {
                root = try PrivateFolder(prefix: "apphost-mcp-flows").path
            } catch {
                throw ValidationError("apphost mcp: a folder for recorded flows \(error)")
            }
            logger.info("the record tool writes flows into \(root) (--root chooses another folder)")
        }
        var made = ToolCalls(
            apphost: apphost, featureArguments: features.childArguments, logger: logger,
            maximumSessions: mcp.maxSessions, featureTimeout: mcp.featureTimeout,
            recordings: recordings, root: WriteRoot(root),
            allowUntrustedClientFolders: mcp.allowUntrustedClientFolders
        )
        made.madeRoot = mcp.root == nil
        made.oneThread = mcp.oneThread
        let calls = made

        let server = Server(
            name: "apphost", version: BuildStamp.client.version,
            instructions: "Drive an app's screens as text: start a session, then tap, type, open and go back; each call returns the new screen. Read apphost://docs/flows for the flow syntax test runs.",
            capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false))
        )
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: ToolCatalog.all) }
        await server.withMethodHandler(CallTool.self) { [server] parameters in
            // A request with a progress token hears how a long crawl or test goes.
            let progress = parameters._meta?.progressToken.map { token in
                ProgressReporter(token: token) { update in try? await server.notify(ProgressNotification.message(update)) }
            }
            let result = await calls.call(parameters.name, parameters.arguments, progress: progress)
            // A cancelled call has been stopped (its child ended); the protocol sends it no answer.
            try Task.checkCancellation()
            return result
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
        try await server.start(transport: LineTransport(logger: logger))
        logger.info("apphost mcp: serving on standard input and output")
        let idle = Double(mcp.idleTimeout)
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
