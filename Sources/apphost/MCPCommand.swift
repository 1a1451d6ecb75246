import AppHost
import AppHostOptions
import ArgumentParser
import Glibc

/// `apphost mcp`: the Model Context Protocol server. It is the program `apphost-mcp` beside this one,
/// which this command becomes (exec): the server and its protocol library stay out of `apphost`, whose
/// start-up every session pays for.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the app to agents and editors: a Model Context Protocol server on standard input and output.",
        discussion: """
            Tools: start, tap, type, back, root, dismiss, tab, open, wait, state, screen, record, close, \
            sessions, routes, list, crawl, graph, test. Each session is a child process, so a feature \
            that crashes ends its session and never the server. Register it with an MCP client as the \
            command `apphost mcp` (see docs/mcp.md).
            """
    )

    @OptionGroup var features: FeatureOptions
    @OptionGroup var mcp: MCPOptions

    func run() throws {
        let server = FeatureDiscovery.executableDirectory + "/apphost-mcp"
        let arguments = [server] + features.childArguments + mcp.arguments
        let argv = arguments.map { strdup($0) } + [nil]
        execv(server, argv)
        standardError("error: apphost mcp runs \(server), which cannot be started: \(String(cString: strerror(errno))) (swift build builds it beside apphost)\n")
        throw ExitCode(1)
    }
}
