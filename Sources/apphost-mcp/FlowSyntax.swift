import AppHost
import AppHostFlows

/// The flow syntax, as the `apphost://docs/flows` resource serves it: made from the host's own lists
/// of flow steps and session commands, so it says what this host runs.
enum FlowSyntax {
    static let uri = "apphost://docs/flows"

    static var text: String {
        var lines = [
            "# Flow files (*.flow)",
            "",
            "A flow is a plain-text file, one step a line: a session command, or an assertion about the",
            "screen the command before it left. `apphost test PATH...` (the test tool) runs each flow in a",
            "fresh session at width 60; a command that fails fails nothing by itself. The record tool",
            "writes a session's steps so far as a flow.",
            "",
            "## Steps",
            "",
        ]
        lines += Flow.stepReference.map { "- `\($0.usage)`: \($0.summary)" }
        lines += ["", "## Session commands (each is a step, and each has a tool of its own)", ""]
        lines += SessionCommand.commands.map { "- `\($0.usage)`: \($0.summary)" }
        lines += [
            "", "## Example", "",
            "```",
            "start character",
            "see 24 characters",
            "tap morty",
            "route character/detail?identifier=2",
            "open character/detail?identifier=two",
            "error parameter 'identifier' expects an integer",
            "```",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
