@_spi(Host) @_spi(Runtime) import AppHost
import AppHostLoading
import AppHostRuntime
import AppHostSupport
import FoundationEssentials
import Glibc

/// A flow: a plain-text file of steps, one a line, run in a fresh session by `apphost test`.
///
/// A step is a session command (`tap`, `type`, `back`, `open`, …) or an assertion about what the
/// command before it left on screen:
///
/// ```text
/// start home                      the destination or shell to start at (the first step)
/// see Rick Sanchez                the screen contains this text
/// not see Unavailable             the screen does not contain it
/// element About                   an element with this label can be tapped
/// route character/detail?identifier=1   the route on top is this one
/// link @main:home(home:home/main|…)     the whole state, as `state` prints it, is this deep link
/// error no element 9              the last command reported an error containing this text
/// no error                        the last command reported no error
/// expect error: tap Mortyy        a command that must report an error (the flow fails if it does not)
/// snapshot home.screen            the whole screen equals this file (beside the flow)
/// ```
///
/// A command that reports an error fails the flow at its line, unless the flow says the error is
/// expected: the command is written `expect error: COMMAND`, or the step after it is `error TEXT`.
/// Blank lines and lines starting with `#` are skipped.
public struct Flow: Sendable {
    /// One line of a flow.
    public struct Step: Sendable, Equatable {
        /// The line number in the file, from 1.
        public var line: Int
        /// What the step does.
        public var action: Action
        /// The line as written.
        public var text: String
    }

    /// What a step does.
    public enum Action: Sendable, Equatable {
        case command(String)
        /// A command that must report an error (`expect error: COMMAND`).
        case failingCommand(String)
        case see(String)
        case notSee(String)
        case element(String)
        case route(String)
        case link(String)
        case error(String)
        case noError
        case snapshot(String)
    }

    /// The file the flow was read from.
    public var path: String
    /// The name `start` gives, or nil to use the runner's default.
    public var start: String?
    /// The steps after `start`, in order.
    public var steps: [Step]

    /// The assertion words, for messages.
    public static let assertions = ["see", "not see", "element", "route", "link", "error", "no error", "snapshot"]

    /// Each step a flow has besides the session's commands, with when it passes (for people and tools:
    /// `apphost mcp` serves it as its flow syntax).
    public static let stepReference: [(usage: String, summary: String)] = [
        ("start NAME", "(the first step only) the flow's session starts at NAME; else at apphost test's --start"),
        ("see TEXT", "passes when the screen the step before left contains TEXT"),
        ("not see TEXT", "passes when that screen does not contain TEXT"),
        ("element LABEL", "passes when an element labelled LABEL can be tapped"),
        ("route ROUTE", "passes when the route on top is ROUTE"),
        ("link LINK", "passes when the whole state, as state prints it, is LINK"),
        ("expect error: COMMAND", "runs COMMAND and passes when it reports an error (any other command that reports one fails the flow)"),
        ("error TEXT", "passes when the command before reported an error containing TEXT"),
        ("no error", "passes when the command before reported none"),
        ("snapshot FILE", "passes when the whole screen (drawn at width 60) equals FILE, beside the flow; a missing file is written"),
        ("# …", "a comment; blank lines are skipped too"),
    ]

    // Long: one pass over the flow's lines, a case for each kind of line.
    /// Reads a flow's text; `path` names it in errors.
    public init(text: String, path: String) throws(FlowError) {
        self.path = path
        var start: String?
        var steps: [Step] = []
        // A byte-order mark (some editors save one) is not part of the first step.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, raw) in lines.enumerated() {
            let line = String(raw).trimmingSpaces
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let number = index + 1
            func argument(after word: String) throws(FlowError) -> String {
                let rest = String(line.dropFirst(word.count)).trimmingSpaces
                guard !rest.isEmpty else {
                    throw FlowError(path: path, line: number, message: "'\(word)' needs a text, e.g. \(word) Home")
                }
                return rest
            }
            let lower = line.lowercased()
            func starts(_ word: String) -> Bool {
                lower == word || lower.hasPrefix(word + " ") || lower.hasPrefix(word + "\t")
            }
            let action: Action
            if starts("start") {
                guard steps.isEmpty, start == nil else {
                    throw FlowError(path: path, line: number, message: "'start' must be the first step")
                }
                start = try argument(after: "start")
                continue
            } else if starts("not see") {
                action = .notSee(try argument(after: "not see"))
            } else if starts("see") {
                action = .see(try argument(after: "see"))
            } else if starts("element") {
                action = .element(try argument(after: "element"))
            } else if starts("route") {
                action = .route(try argument(after: "route"))
            } else if starts("link") {
                action = .link(try argument(after: "link"))
            } else if lower == "no error" {
                action = .noError
            } else if starts("error") {
                action = .error(try argument(after: "error"))
            } else if lower.hasPrefix("expect error:") {
                let command = String(line.dropFirst("expect error:".count)).trimmingSpaces
                guard (try? SessionCommand.parse(command)) != nil else {
                    throw FlowError(path: path, line: number, message: "'expect error:' needs a command after it, e.g. expect error: tap Nowhere")
                }
                action = .failingCommand(command)
            } else if starts("snapshot") {
                action = .snapshot(try argument(after: "snapshot"))
            } else {
                do {
                    guard try SessionCommand.parse(line) != nil else { continue }
                } catch {
                    let word = String(lower.split(separator: " ").first ?? "")
                    // A known command that does not read (too long, a missing argument) says why.
                    if SessionCommand.words.contains(word) {
                        throw FlowError(path: path, line: number, message: error.description)
                    }
                    let hint = Suggestion.phrase(for: word, in: SessionCommand.words + Self.assertions)
                    throw FlowError(path: path, line: number, message: "'\(word)' is neither a command nor an assertion\(hint)")
                }
                action = .command(line)
            }
            steps.append(Step(line: number, action: action, text: line))
        }
        self.start = start
        self.steps = steps
    }

    /// Reads the flow file at `path`.
    public init(contentsOf path: String) throws(FlowError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FlowError(path: path, line: nil, message: "cannot be read")
        }
        try self.init(text: String(decoding: data, as: UTF8.self), path: path)
    }

    /// The flow files under `folder`, at any depth; build products (`.build`) are not looked into.
    private static func collect(in folder: String, into files: inout [String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            let path = folder + "/" + name
            if name.hasSuffix(".flow") { files.append(path) }
            var status = stat()
            // Links to folders are not followed (lstat): a link cycle cannot make this endless.
            if !name.hasSuffix(".build"), lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                collect(in: path, into: &files)
            }
        }
    }

    /// The flow files under `paths`: a file as it is, a folder searched for `*.flow`, sorted.
    public static func files(under paths: [String]) -> (files: [String], missing: [String]) {
        var files: [String] = []
        var missing: [String] = []
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else {
                missing.append(path)
                continue
            }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                files.append(path)
                continue
            }
            collect(in: path, into: &files)
        }
        return (Array(Set(files)).sorted(), missing)
    }
}

/// A flow file that cannot be read, naming the file and the line.
public struct FlowError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var message: String

    public var description: String {
        "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}
