/// One line of a session, parsed.
public enum SessionCommand: Hashable, Sendable {
    /// What `tap` aims at.
    public enum Target: Hashable, Sendable {
        /// The element numbered `[N]`.
        case number(Int)
        /// The element with this label (case-insensitive).
        case label(String)
    }

    case tap(Target)
    case back
    case root
    case open(String)
    case state
    case help
    case quit

    /// The commands, as `help` prints them.
    public static let summary = """
        tap N|LABEL   activate the element numbered N, or labelled LABEL
        back          go back one screen
        root          go back to the first screen
        open ROUTE    go to a route, e.g. open character/detail?identifier=2
        state         print the stack as routes, one a line
        help          print this list
        quit          end the session
        """

    /// Parses a line; `nil` for a blank line or a `#` comment.
    public static func parse(_ line: String) throws(SessionError) -> SessionCommand? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        let parts = trimmed.split(separator: " ", maxSplits: 1)
        let word = parts[0].lowercased()
        let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        func noArgument(_ command: SessionCommand) throws(SessionError) -> SessionCommand {
            guard argument.isEmpty else {
                throw SessionError(command: trimmed, message: "'\(word)' takes no argument")
            }
            return command
        }
        switch word {
        case "tap":
            guard !argument.isEmpty else {
                throw SessionError(command: trimmed, message: "tap needs a number or a label, e.g. tap 1")
            }
            if let number = Int(argument) {
                return .tap(.number(number))
            }
            return .tap(.label(argument))
        case "open":
            guard !argument.isEmpty else {
                throw SessionError(command: trimmed, message: "open needs a route, e.g. open character/list")
            }
            return .open(argument)
        case "back": return try noArgument(.back)
        case "root": return try noArgument(.root)
        case "state": return try noArgument(.state)
        case "help": return try noArgument(.help)
        case "quit", "exit": return try noArgument(.quit)
        default:
            throw SessionError(command: trimmed, message: "unknown command '\(word)'; type help for the list")
        }
    }
}

/// A command the session could not carry out, with the command at fault.
public struct SessionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The command line as typed.
    public var command: String
    /// What was wrong.
    public var message: String

    /// Creates an error about `command`.
    public init(command: String, message: String) {
        self.command = command
        self.message = message
    }

    public var description: String { "\(command): \(message)" }
}
