import AppHost
@_spi(Host) import AppHostKit
import AppHostOptions
import AppHostSupport
import ArgumentParser
import Dispatch
import FoundationEssentials
import Glibc

/// The entry point. It is synchronous so that the executors which let `apphost test` run a view
/// model's sleeps on virtual time are in place before the first task exists (see `VirtualTime`);
/// then the command runs on the main actor, which the main thread serves.
@main
enum Entry {
    static func main() {
        VirtualTime.installExecutors()
        // A process of apphost runs one session at a time: a request no session's code made (a
        // detached task of the app's) is that session's.
        RecordedNetwork.requestsOfNoSessionAreTheSessions = true
        Task { @MainActor in
            await AppHostCommand.launch()
            exit(0)
        }
        dispatchMain()
    }
}

struct AppHostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apphost",
        abstract: "Runs an app made of feature libraries, rendering every screen as text.",
        usage: """
            apphost --start NAME [options]        run a session (the default command)
            apphost <command> [options]
            """,
        discussion: """
            Common invocations:
              apphost --start home                      a session at home (type help)
              apphost --start main --state s.json       a shell, its place kept across runs
              apphost --start home --script tour.txt    commands from a file
              apphost --start home --format json        one JSON line a screen, for tools
              apphost list                              what each feature file registers
              apphost routes                            all destinations, with parameters
              apphost test Features                     every *.flow file under Features
              apphost crawl --start main                every reachable state, and problems
              apphost graph --start main --output g.svg the navigation graph (Graphviz)
              apphost mcp                               a Model Context Protocol server

            Feature libraries (lib*Feature.so) are searched in the --features directories, \
            else in the directories of APPHOST_FEATURES (colon-separated), \
            else in the directory that holds apphost.
            """,
        subcommands: [Run.self, List.self, Routes.self, FlowTest.self, Crawl.self, Graph.self, Lock.self, NewFeature.self, Probe.self, Serve.self, MCPCommand.self],
        defaultSubcommand: Run.self
    )

    /// The commands a person types (`probe` is for apphost itself).
    static let commandNames = ["run", "list", "routes", "test", "crawl", "graph", "lock", "new-feature", "mcp", "help"]

    /// What a bare `apphost` says: what can be started from the features found, and where to go next.
    @MainActor
    static func firstSteps() {
        let host = (try? FeatureOptions.parse([]))?.loadHost(reportRefusals: false)
        let shells = host?.registry.shellNames ?? []
        let features = (host?.registry.startNames ?? []).filter { !shells.contains($0) }
        var lines = ["apphost: a session starts at a feature or a shell: apphost --start NAME"]
        if shells.isEmpty && features.isEmpty {
            lines.append("no feature was found (build them with swift build, or name a folder with --features DIR)")
        } else {
            if !shells.isEmpty { lines.append("  shells:   " + shells.joined(separator: ", ")) }
            if !features.isEmpty { lines.append("  features: " + features.joined(separator: ", ")) }
            let example = shells.first ?? features[0]
            lines.append("for example: apphost --start \(example)   (then type help)")
        }
        lines.append("apphost list shows what was found and where; apphost --help shows every command and option")
        standardError(lines.joined(separator: "\n") + "\n")
    }

    /// Runs the command line. A session (the common case) starts on the main actor, where it runs,
    /// without a first hop to the global pool, whose first thread would be made for it. Every other
    /// command is parsed off the main actor (a shell's completion asks for names on the main queue).
    @MainActor
    static func launch() async {
        if let session = QuickSession.parse(Array(CommandLine.arguments.dropFirst())) {
            do {
                try await session.runHere()
            } catch {
                fail(error)
            }
            return
        }
        await main()
    }

    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"] || arguments == ["-V"] {
            standardOutput(versionText)
            // A kit this host cannot run is said, with the status every other command gives it.
            if let mismatch = KitIdentity.mismatch() {
                standardError("error: \(mismatch)\n")
                Glibc.exit(ExitCode.kitMismatch)
            }
            return
        }
        if arguments.isEmpty {
            await firstSteps()
            Glibc.exit(ExitCode.validationFailure.rawValue)
        }
        do {
            let parsed: ParsableCommand
            do {
                parsed = try parseAsRoot(arguments)
            } catch _ where commandAfterOptions(arguments) != nil {
                // `apphost --features DIR list`: options before the command are the command's.
                let reordered = commandAfterOptions(arguments) ?? arguments
                do {
                    parsed = try parseAsRoot(reordered)
                } catch {
                    if let problem = problem(with: reordered) {
                        standardError("error: \(problem)\n")
                        Glibc.exit(ExitCode.validationFailure.rawValue)
                    }
                    throw error
                }
            } catch {
                // Only a command line that does not parse is read again for a clearer message:
                // reading every command's help for its options costs milliseconds at every start.
                // A request for a shell's completion script, or for the completions of a word being
                // typed (which the script makes), is answered by the argument parser itself.
                if let first = arguments.first, first.hasPrefix("--generate-completion-script") || first == "---completion" {
                    if let script = CompletionScript.bash(for: arguments) {
                        standardOutput(script)
                        return
                    }
                    exit(withError: error)
                }
                if let problem = problem(with: arguments) {
                    standardError("error: \(problem)\n")
                    Glibc.exit(ExitCode.validationFailure.rawValue)
                }
                throw error
            }
            var command = parsed
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            fail(error)
        }
    }

    /// Writes what `error` says, as the argument parser would but spelt as the host's own lines are,
    /// and exits with its status.
    static func fail(_ error: any Error) -> Never {
        // A message that quotes what was typed (a path, a name) shows its control characters
        // as the screen does, never sends them to the terminal; lines and tabs stay as they are.
        let message = fullMessage(for: error)
        let code = exitCode(for: error)
        // One spelling for every error line the host writes: `error:`, as its own are (the
        // argument parser's own would be `Error:`).
        var shown = message.hasPrefix("Error: ") ? "error: " + message.dropFirst("Error: ".count) : message
        if shown.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }) {
            shown = shown.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map { String($0).visible }.joined(separator: "\t") }
                .joined(separator: "\n")
        }
        if code == .success {
            standardOutput(shown.isEmpty ? "" : shown + "\n")
        } else if !shown.isEmpty {
            standardError(shown + "\n")
        }
        Glibc.exit(code.rawValue)
    }

    /// `apphost --version`: the host, the SDK and ABI it speaks, the compiler, and the kit it loaded.
    static var versionText: String {
        // The host's own build (compiled into apphost), not the kit it happened to load.
        let host = BuildStamp.client
        let kit = BuildStamp.kit
        let loaded = kit == host ? "" : " (AppHostKit \(kit.version), \(kit.compiler ?? "an unknown compiler"))"
        return """
            apphost \(host.version)
            SDK \(host.version), feature ABI \(FeatureABI.version), \(host.compiler ?? "an unknown compiler")
            kit \(KitIdentity.path)\(loaded)

            """
    }

    /// A command line whose options come before its command (`apphost --features DIR list`), with
    /// the command moved first; nil for any other. A word counts as the command only where it is
    /// not the value of the option before it, as that command declares its options.
    static func commandAfterOptions(_ arguments: [String]) -> [String]? {
        guard let first = arguments.first, first.hasPrefix("-") else { return nil }
        for (index, argument) in arguments.enumerated() where index > 0 {
            if argument == "--" { return nil }
            guard let command = configuration.subcommands.first(where: { $0._commandName == argument }), command != Run.self else { continue }
            let previous = arguments[index - 1]
            let valued = declaredOptions(of: command).filter(\.takesValue).flatMap(\.names)
            if previous.hasPrefix("--"), !previous.contains("="), valued.contains(previous) { continue }
            return [argument] + arguments[..<index] + arguments[(index + 1)...]
        }
        return nil
    }

    /// What is wrong with a command line before it is parsed: an unknown command, or an option the
    /// command does not have, each with the nearest name that exists.
    static func problem(with arguments: [String]) -> String? {
        guard let first = arguments.first else { return nil }
        var command: ParsableCommand.Type = Run.self
        var options = arguments
        if !first.hasPrefix("-") {
            if let known = configuration.subcommands.first(where: { $0._commandName == first }) {
                command = known
                options = Array(arguments.dropFirst())
            } else if first != "help" {
                let names = commandNames.filter { $0 != "help" }
                return "unknown command '\(first)'\(Suggestion.phrase(for: first, in: names)) "
                    + "(commands: \(names.joined(separator: ", ")); run one with --help for its options)"
            }
        }
        let known = longOptions(of: command)
        for argument in options {
            if argument == "--" { break }
            guard argument.hasPrefix("--") else { continue }
            let name = String(argument.split(separator: "=", maxSplits: 1)[0])
            if !known.contains(name) {
                return "unknown option '\(name)'\(Suggestion.phrase(for: name, in: known.sorted()))"
                    + " (apphost \(command._commandName) --help lists them)"
            }
        }
        return nil
    }

    /// The long options a command accepts, from the parser's own description of the command (the
    /// JSON `--experimental-dump-help` writes), so they never drift from its declarations.
    static func longOptions(of command: ParsableCommand.Type) -> Set<String> {
        declaredOptions(of: command).reduce(into: ["--help", "--version", "--experimental-dump-help"]) { $0.formUnion($1.names) }
    }

    /// One option or flag of a command, as the parser describes it.
    struct DeclaredOption: Equatable {
        /// Its long names, each with its dashes.
        var names: [String]
        /// An option takes a value; a flag does not.
        var takesValue: Bool
    }

    /// Every option and flag `command` declares (hidden ones too), as the parser describes them.
    static func declaredOptions(of command: ParsableCommand.Type) -> [DeclaredOption] {
        struct Description: Decodable {
            struct Command: Decodable { var arguments: [Argument]? }
            struct Argument: Decodable {
                struct Name: Decodable { var kind: String; var name: String }
                var kind: String
                var names: [Name]?
            }
            var command: Command
        }
        guard let description = try? JSONDecoder().decode(Description.self, from: Data(command._dumpHelp().utf8)) else { return [] }
        return (description.command.arguments ?? []).compactMap { argument in
            let names = (argument.names ?? []).filter { $0.kind == "long" }.map { "--" + $0.name }
            guard argument.kind != "positional", !names.isEmpty else { return nil }
            return DeclaredOption(names: names, takesValue: argument.kind == "option")
        }
    }
}
