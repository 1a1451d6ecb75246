import AppHostSupport
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
    case type(Target, String)
    case back
    case root
    case dismiss
    case pop(String)
    case replace([String])
    case tab(Target)
    case open(String)
    case state
    /// Print a URL deep link of the destination on top, when its feature makes them (`state --url`).
    case stateURL
    case help
    case quit
    /// Draw the screen on top again (`show`, `ls`; Enter on an empty line at a prompt).
    case show
    /// List the elements of the screen on top that have an identifier (`show --ids`).
    case showIdentifiers
    /// List every destination the loaded features provide.
    case routes
    /// Start recording the session as a flow into a file, or stop (nil).
    case record(String?)
    /// Let this much time pass, the work of view models running, then draw what changed.
    case wait(Duration)
    /// Let time pass until the screen shows this text (at most ``Session/waitUntilLimit``).
    case waitUntil(String)

    /// The commands and what they do, as `help` prints them.
    public static let commands: [(usage: String, summary: String)] = [
        ("tap N|LABEL", "activate element N, or the one whose label is LABEL or starts with it (a unique part of a label will do): button, link, toggle, dialog button"),
        ("type N|LABEL TEXT", "set text field N (or the one labelled LABEL) to TEXT; type N \"\" empties it"),
        ("back", "go back one screen; in a sheet, pop its stack, then close it"),
        ("root", "close everything presented and go back to the first screen"),
        ("dismiss", "close the alert, dialog, sheet or cover on top"),
        ("pop ROUTE", "go back to ROUTE, which must be in the stack on top"),
        ("replace ROUTE...", "replace the stack on top with these routes"),
        ("tab N|NAME", "switch to tab (or sidebar item) N or NAME"),
        ("open LINK", "go to a route or deep link, e.g. open character/detail?identifier=2"),
        ("show", "draw the screen on top again (also ls)"),
        ("show --ids", "list the elements that have an identifier (accessibilityIdentifier), which tap and type take too"),
        ("routes", "list every destination the loaded features provide"),
        ("state", "print the whole navigation state as a deep link"),
        ("state --url", "print a URL deep link of the destination on top, when its feature makes one"),
        ("record FILE|stop", "record what follows as a flow, with a snapshot of every screen; replay it with apphost test FILE"),
        ("wait TIME", "let TIME pass (300ms, 2s; at most 60s) while the view models' own work runs, then draw what changed"),
        ("wait until TEXT", "let time pass until the screen shows TEXT (at most 10s)"),
        ("help", "print this list (also ?)"),
        ("quit", "end the session"),
    ]

    /// The command words, for suggestions.
    public static let words = ["tap", "type", "back", "root", "dismiss", "pop", "replace", "tab", "open", "show", "ls", "routes", "record", "wait", "state", "help", "quit", "exit"]

    /// The commands as `help` prints them, each description wrapped to fit `width` columns.
    public static func help(width: Int) -> String {
        let column = 19
        var lines: [String] = []
        for (usage, summary) in commands {
            if width - column >= 24 {
                // The description beside the usage, its continuations lined up under it.
                let wrapped = wordWrap(summary, width: width - column)
                lines.append(usage.padded(to: column) + wrapped[0])
                lines += wrapped.dropFirst().map { String(repeating: " ", count: column) + $0 }
            } else {
                // Too narrow for two columns: the usage, then the description indented under it.
                lines.append(usage)
                lines += wordWrap(summary, width: max(width - 2, 8)).map { "  " + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken at spaces; a longer word is cut.
    package static func wordWrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for whole in text.split(separator: " ") {
            var word = whole
            while word.count > width {
                if !current.isEmpty { lines.append(current) }
                lines.append(String(word.prefix(width)))
                current = ""
                word = word.dropFirst(width)
            }
            if word.isEmpty { continue }
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }

    /// The commands, as `help` prints them at the default width.
    public static var summary: String { help(width: TextRenderer.defaultWidth) }

    /// The largest element or tab number a command takes.
    public static let maximumNumber = 1_000_000

    /// The longest `wait` a command may ask for.
    public static let maximumWait = Duration.seconds(60)

    /// The longest command line read, in bytes; a longer one is refused whole.
    public static let maximumLineLength = 65_536

    /// A command word in lower case: ASCII ones by their bytes, others as `lowercased()` does.
    private static func lowercased(_ word: Substring) -> String {
        guard word.utf8.allSatisfy({ $0 < 0x80 }) else { return word.lowercased() }
        guard word.utf8.contains(where: { (0x41...0x5A).contains($0) }) else { return String(word) }
        return String(decoding: word.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    // Long: one switch over the command words, each case a line or two.
    /// Parses a line; `nil` for a blank line or a `#` comment.
    public static func parse(_ line: String) throws(SessionError) -> SessionCommand? {
        guard line.utf8.count <= maximumLineLength else {
            throw SessionError(
                command: String(line.prefix(40)) + "…",
                message: "the line is \(line.utf8.count) bytes; at most \(maximumLineLength) are read (SessionCommand.maximumLineLength)"
            )
        }
        let trimmed = line.trimmingSpaces
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        // Words are separated by any run of spaces and tabs.
        // Spaces and tabs are ASCII: the first one is found in the bytes.
        let space = trimmed.utf8.firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let word = Self.lowercased(trimmed[..<(space ?? trimmed.endIndex)])
        let argument = space.map { String(trimmed[$0...]).trimmingSpaces } ?? ""
        func target(_ text: String) throws(SessionError) -> Target {
            // Element and tab numbers start at 1; a word of digits that is no such number is refused,
            // not taken as a label (and never turned into arithmetic on Int.min).
            // Signs and digits are ASCII: the bytes are checked, not the characters.
            let utf8 = text.utf8
            let signed = utf8.first == UInt8(ascii: "-") || utf8.first == UInt8(ascii: "+")
            let digits = utf8.dropFirst(signed ? 1 : 0)
            guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return .label(text) }
            guard let number = Int(text), number >= 1, number <= maximumNumber else {
                throw SessionError(command: trimmed, message: "\(text) is not an element or tab number; numbers go from 1 to \(maximumNumber)")
            }
            return .number(number)
        }
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
            return .tap(try target(argument))
        case "type":
            // A label in double quotes may hold spaces: type "Search recipes" tiramisu.
            if argument.hasPrefix("\""), let close = argument.dropFirst().firstIndex(of: "\"") {
                let label = String(argument[argument.index(after: argument.startIndex)..<close])
                let after = argument[argument.index(after: close)...]
                let text = String(after).trimmingSpaces
                guard !label.isEmpty, after.first.map(Self.isSpace) == true, !text.isEmpty else {
                    throw SessionError(command: trimmed, message: "type needs a field and a text, e.g. type \"Search recipes\" tiramisu")
                }
                return .type(.label(label), Self.typedText(text))
            }
            let parts = argument.split(maxSplits: 1, whereSeparator: Self.isSpace)
            guard parts.count == 2 else {
                throw SessionError(command: trimmed, message: "type needs a field and a text, e.g. type 1 Morty (type 1 \"\" empties it)")
            }
            return .type(try target(String(parts[0])), Self.typedText(String(parts[1]).trimmingSpaces))
        case "tab":
            guard !argument.isEmpty else {
                throw SessionError(command: trimmed, message: "tab needs a number or a name, e.g. tab 2")
            }
            return .tab(try target(argument))
        case "pop":
            guard !argument.isEmpty else {
                throw SessionError(command: trimmed, message: "pop needs a route in the stack, e.g. pop character/list")
            }
            return .pop(argument)
        case "replace":
            guard !argument.isEmpty else {
                throw SessionError(command: trimmed, message: "replace needs one route or more, e.g. replace home character/list")
            }
            return .replace(argument.split(whereSeparator: Self.isSpace).map(String.init))
        case "open":
            guard !argument.isEmpty else {
                throw SessionError(command: trimmed, message: "open needs a route or a deep link, e.g. open character/list")
            }
            return .open(argument)
        case "back": return try noArgument(.back)
        case "dismiss": return try noArgument(.dismiss)
        case "root": return try noArgument(.root)
        case "state":
            if argument == "--url" { return .stateURL }
            return try noArgument(.state)
        case "help", "?": return try noArgument(.help)
        case "show", "ls":
            if argument == "--ids" { return .showIdentifiers }
            return try noArgument(.show)
        case "routes": return try noArgument(.routes)
        case "record":
            guard !argument.isEmpty else {
                throw SessionError(command: trimmed, message: "record needs a flow file to write, e.g. record flows/checkout.flow, or stop")
            }
            return .record(argument == "stop" ? nil : argument)
        case "wait":
            if argument.hasPrefix("until"), argument.count == 5 || argument.dropFirst(5).first.map(Self.isSpace) == true {
                let text = String(argument.dropFirst(5)).trimmingSpaces
                guard !text.isEmpty else {
                    throw SessionError(command: trimmed, message: "wait until needs a text to wait for, e.g. wait until Morty")
                }
                return .waitUntil(text)
            }
            return .wait(try waitDuration(argument, command: trimmed))
        case "quit", "exit": return try noArgument(.quit)
        default:
            throw SessionError(command: trimmed, message: "unknown command '\(word)'\(Suggestion.phrase(for: word, in: words)) (help lists the commands)")
        }
    }
}

extension SessionCommand {
    /// `300ms`, `2s` or `1.5s`: from 0 to ``maximumWait``.
    package static func waitDuration(_ text: String, command: String) throws(SessionError) -> Duration {
        let example = "e.g. wait 300ms or wait 2s (at most \(maximumWait.components.seconds)s)"
        guard !text.isEmpty else {
            throw SessionError(command: command, message: "wait needs a time or 'until TEXT', \(example)")
        }
        let isMilliseconds = text.hasSuffix("ms")
        let number = isMilliseconds ? text.dropLast(2) : text.hasSuffix("s") ? text.dropLast() : ""
        guard !number.isEmpty, number.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") }),
            number.utf8.count <= 12, let value = Double(number), value.isFinite
        else {
            throw SessionError(command: command, message: "'\(text)' is not a time; \(example)")
        }
        let milliseconds = isMilliseconds ? value : value * 1000
        guard milliseconds <= Double(maximumWait.components.seconds) * 1000 else {
            throw SessionError(command: command, message: "\(text) is longer than a wait may be (SessionCommand.maximumWait); \(example)")
        }
        return .microseconds(Int64((milliseconds * 1000).rounded()))
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

extension SessionCommand {
    /// A space or a tab: what separates the words of a command.
    /// The text `type` sets: as written, or what is inside a pair of double quotes (`""` is
    /// nothing, which empties the field; `" a "` keeps its spaces).
    package static func typedText(_ text: String) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return text }
        return String(text.dropFirst().dropLast())
    }

    package static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\t"
    }
}

extension String {
    /// The text without spaces and tabs (and other non-newline whitespace) at either end.
    package var trimmingSpaces: String {
        // The usual line starts and ends with a visible ASCII character: it is its own trimmed form.
        if let first = utf8.first, let last = utf8.last, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) {
            return self
        }
        func isSpace(_ character: Character) -> Bool {
            character == " " || character == "\t" || (!character.isASCII && character.isWhitespace && !character.isNewline)
        }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == startIndex, last == index(before: endIndex) { return self }
        return String(self[first...last])
    }
}
