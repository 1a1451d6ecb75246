import AppHost
import ArgumentParser
import Glibc

/// The options of `apphost mcp`, which `apphost-mcp` takes as it is: declared once, for both.
public struct MCPOptions: ParsableArguments, Sendable {
    @Option(help: "Seconds a session may go unused before it is closed.")
    public var idleTimeout: Int = 1800

    @Option(help: "The most sessions open at once (each is a process).")
    public var maxSessions: Int = 32

    @Option(help: "Seconds one command may take before its session ends naming the feature at fault (0: no limit).")
    public var featureTimeout: Int = SessionGuard.defaultLimit

    @Option(help: "The folder the record tool writes flows into (default: a new folder the server makes in the temporary folder, named in its log and in each record answer); nothing is written outside it.")
    public var root: String?

    @Flag(help: "Load features from folders a client names even when others could write there (the checks --allow-untrusted skips for the server's own folders still apply to a client's unless this is given).")
    public var allowUntrustedClientFolders = false

    @Flag(help: "Run each session on one thread: code that hops to the global pool (a @concurrent call) runs on the session thread, in order. Faster; docs/sessions.md says what it changes.")
    public var oneThread = false

    public init() {}

    public func validate() throws {
        guard idleTimeout >= 1 else { throw ValidationError("--idle-timeout must be 1 or more seconds, got \(idleTimeout)") }
        guard (1...1000).contains(maxSessions) else { throw ValidationError("--max-sessions must be from 1 to 1000, got \(maxSessions)") }
        guard featureTimeout >= 0 else { throw ValidationError("--feature-timeout must be 0 (no limit) or more seconds, got \(featureTimeout)") }
        if let root {
            var status = stat()
            guard stat(root, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw ValidationError("--root \(root): not a folder")
            }
        }
    }

    /// These options, for `apphost-mcp` to take them as given.
    public var arguments: [String] {
        ["--idle-timeout", String(idleTimeout), "--max-sessions", String(maxSessions), "--feature-timeout", String(featureTimeout)]
            + (root.map { ["--root", $0] } ?? []) + (allowUntrustedClientFolders ? ["--allow-untrusted-client-folders"] : [])
            + (oneThread ? ["--one-thread"] : [])
    }
}
