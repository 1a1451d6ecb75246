import AppHost
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

    @Option(help: "Seconds a session may go unused before it is closed.")
    var idleTimeout: Int = 1800

    @Option(help: "The most sessions open at once (each is a process).")
    var maxSessions: Int = 32

    @Option(help: "Seconds one command may take before its session ends naming the feature at fault (0: no limit).")
    var featureTimeout: Int = SessionGuard.defaultLimit

    func validate() throws {
        guard idleTimeout >= 1 else { throw ValidationError("--idle-timeout must be 1 or more seconds, got \(idleTimeout)") }
        guard (1...1000).contains(maxSessions) else { throw ValidationError("--max-sessions must be from 1 to 1000, got \(maxSessions)") }
        guard featureTimeout >= 0 else { throw ValidationError("--feature-timeout must be 0 (no limit) or more seconds, got \(featureTimeout)") }
    }

    func run() throws {
        let server = FeatureDiscovery.executableDirectory + "/apphost-mcp"
        let arguments = [server] + features.childArguments + ["--idle-timeout", String(idleTimeout), "--max-sessions", String(maxSessions), "--feature-timeout", String(featureTimeout)]
        let argv = arguments.map { strdup($0) } + [nil]
        execv(server, argv)
        standardError("error: apphost mcp runs \(server), which cannot be started: \(String(cString: strerror(errno))) (swift build builds it beside apphost)\n")
        throw ExitCode(1)
    }
}
