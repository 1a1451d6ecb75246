@_spi(Host) @_spi(Runtime) import AppHost
@_spi(Host) import AppHostKit
import AppHostLoading
@_spi(Host) import AppHostNavigation
import AppHostRuntime
import AppHostSupport
import FoundationEssentials
import Glibc

/// How a flow went.
public struct FlowResult: Sendable, Codable, Equatable {
    /// The first step that failed: where, what was expected, and the screen as it was.
    public struct Failure: Sendable, Codable, Equatable {
        public var line: Int?
        public var step: String
        public var message: String
        public var screen: String
    }

    public var path: String
    public var failure: Failure?
    /// How many steps ran (all of them when it passed).
    public var steps: Int
    public var seconds: Double
    /// The routes (name/destination) that were on top at some point, sorted.
    public var visited: [String]
    /// Snapshot files written because they did not exist yet (or `--record` was given).
    public var recorded: [String]
    /// How far the flow moved virtual time (see ``VirtualTime``), in seconds; nil if time was real.
    public var virtualSeconds: Double?
    /// The feature libraries whose destinations the flow visited, sorted: what `apphost test
    /// --watch` runs it again for when one changes.
    public var libraries: [String]?

    public var passed: Bool { failure == nil }

    /// A result for a flow that could not run at all (unreadable, or its session could not start).
    public static func broken(_ path: String, line: Int? = nil, message: String) -> FlowResult {
        FlowResult(path: path, failure: Failure(line: line, step: "", message: message, screen: ""), steps: 0, seconds: 0, visited: [], recorded: [])
    }

    /// The failure as people read it: the step, what was expected, and the screen.
    public var report: String {
        guard let failure else { return "" }
        var lines: [String] = []
        var message = failure.message.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        // FILE:LINE: first, as compilers write it, so an editor or a CI log can jump to the step.
        let place = failure.line.map { "\(path):\($0): " } ?? "\(path): "
        if !failure.step.isEmpty {
            lines.append("  \(place)step \(steps): \(failure.step)")
        } else if failure.line != nil, !message.isEmpty {
            // A flow that does not read: its line, then why.
            message[0] = "  " + place + message[0].dropFirst(2)
        }
        lines += message
        if !failure.screen.isEmpty {
            lines.append("  the screen was:")
            lines += failure.screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "    " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Runs a flow in a fresh session over a registry, checking each assertion after the command before it.
@MainActor
public enum FlowRunner {
    /// The width flows are drawn at, so that snapshots do not depend on the terminal.
    public static let width = FlowRecorder.width

    /// Runs `flow`. With `virtualTime` (and where ``VirtualTime`` is available: in `apphost`), a
    /// view model's sleeps wait for the flow's `wait` steps instead of the clock. With `oneThread`,
    /// the session runs on one thread (``Session/Options/oneThread``). Where the session
    /// guard is installed (`apphost test`), a step that runs longer than `featureTimeout` seconds
    /// (0: no limit) ends the flow's process, naming the feature; on virtual time the limit starts
    /// again at each deadline a `wait` reaches.
    ///
    /// `recordAgain` is the command a failed snapshot suggests for recording it again, as the run
    /// was asked for (its `--features` and the rest); by default `apphost test PATH --record`.
    public static func run(
        _ flow: Flow, registry: DestinationRegistry, start defaultStart: String?, record: Bool = false, virtualTime: Bool = true, oneThread: Bool = false,
        settleTimeout: Duration = Session.defaultSettleTimeout, featureTimeout: Int = SessionGuard.defaultLimit,
        recordAgain: String? = nil
    ) async -> FlowResult {
        guard let start = flow.start ?? defaultStart else {
            return .broken(flow.path, message: "the flow has no 'start NAME' step, and no --start was given")
        }
        // What the flow's steps write (`record FILE`) stays in its folder, as its snapshots do.
        let folder = URL(fileURLWithPath: flow.path).deletingLastPathComponent().path
        var options = Session.Options(width: width, settleTimeout: settleTimeout, virtualTime: virtualTime, writeRoot: folder)
        options.oneThread = oneThread
        let again = recordAgain ?? "apphost test \(ShellWords.quoted(flow.path)) --record"
        var result = await run(flow, registry: registry, start: start, record: record, options: options, limit: max(featureTimeout, 0), recordAgain: again)
        let names = Set(result.visited.map { String($0.prefix { $0 != "/" }) })
        result.libraries = Set(names.compactMap { registry.origin(of: $0) }).sorted()
        return result
    }

    // Long: the flow's session made, played and ended; `play` is a local function that shares its state.
    private static func run(
        _ flow: Flow, registry: DestinationRegistry, start: String, record: Bool, options: Session.Options, limit: Int, recordAgain: String
    ) async -> FlowResult {
        let clock = ContinuousClock()
        let began = clock.now
        var errors: [String] = []
        let session: Session
        do {
            session = try Launch.session(
                start: start, registry: registry, store: nil, lock: false, open: nil,
                options: options, output: TextOutput(output: { _ in }, errorOutput: { errors.append($0.trimmingNewlines) }),
                warn: { errors.append("warning: " + $0) }
            )
        } catch {
            return .broken(flow.path, line: nil, message: "\(error)")
        }
        // The session ends with the flow: its screens go and the sleeps it holds are cancelled, so
        // nothing it started outlives it (a test process runs many flows).
        // Long: one loop over the flow's steps, a case for each kind of step.
        func play() async -> FlowResult {
            _ = await SessionGuard.watch("drawing the first screen", limit: limit) { await session.start() }
            var visited: Set<String> = [session.visitedPlace]
            var recorded: [String] = []
            var lastErrors = errors
            var count = 0
            let folder = URL(fileURLWithPath: flow.path).deletingLastPathComponent().path
            for (index, step) in flow.steps.enumerated() {
                count += 1
                // What work beside the session changed since the last step is drawn before it is checked.
                await session.catchUp()
                let screen = session.current?.text ?? ""
                func fail(_ message: String) -> FlowResult {
                    FlowResult(
                        path: flow.path,
                        failure: .init(line: step.line, step: step.text, message: message, screen: session.current?.text ?? screen),
                        steps: count, seconds: seconds(clock.now - began), visited: visited.sorted(), recorded: recorded,
                        virtualSeconds: session.usesVirtualTime ? seconds(session.virtualElapsed) : nil
                    )
                }
                switch step.action {
                case .command(let line), .failingCommand(let line):
                    let before = errors.count
                    // In `apphost test`'s child the guard ends a command that never settles, naming the feature.
                    let outcome = await SessionGuard.watch("running '\(line)'", limit: limit) { await session.execute(line) }
                    lastErrors = errors[before...].filter { !$0.hasPrefix("note: ") }
                    let failures = lastErrors.filter { !$0.hasPrefix("warning: ") }.map { $0.hasPrefix("error: ") ? String($0.dropFirst(7)) : $0 }
                    visited.insert(session.visitedPlace)
                    if case .failingCommand = step.action {
                        if failures.isEmpty { return fail("expected '\(line)' to report an error; it reported none") }
                    } else if !failures.isEmpty, !Self.expectsError(after: index, in: flow.steps) {
                        return fail(
                            "the command failed: " + failures.joined(separator: " | ")
                                + "\nif it is meant to fail, write the step as: expect error: \(line)"
                        )
                    }
                    if outcome == .quit { break }
                case .see(let text):
                    if !Self.shows(screen, text) { return fail("expected the screen to contain: \(text)") }
                case .notSee(let text):
                    if Self.shows(screen, text) { return fail("expected the screen not to contain: \(text)") }
                case .element(let label):
                    let actions = session.current?.actions ?? []
                    let labels = actions.map(\.label)
                    if !labels.contains(where: { $0.equalsIgnoringCase(label) }), !actions.contains(where: { $0.identifier == label }) {
                        return fail("expected an element labelled: \(label)\nthe elements are: \(labels.map { "'\($0)'" }.joined(separator: ", "))")
                    }
                case .route(let expected):
                    if !Self.isAt(expected, session) {
                        return fail("expected the route on top to be: \(expected)\nit is: \(session.location)")
                    }
                case .link(let expected):
                    let actual = session.deepLink.description
                    if actual != expected {
                        return fail("expected the state to be: \(expected)\nit is: \(actual)")
                    }
                case .error(let text):
                    if !lastErrors.contains(where: { $0.contains(text) }) {
                        let said = lastErrors.isEmpty ? "it reported none" : "it reported: " + lastErrors.joined(separator: " | ")
                        return fail("expected the last command to report an error containing: \(text)\n\(said)")
                    }
                case .noError:
                    if !lastErrors.isEmpty {
                        return fail("expected the last command to report no error\nit reported: " + lastErrors.joined(separator: " | "))
                    }
                case .snapshot(let name):
                    // Snapshots live in the flow's own folder: a name outside it, `..` or a link is refused.
                    let root = WriteRoot(folder)
                    let file: String
                    do { file = try root.resolve(name) } catch { return fail("snapshot \(error)") }
                    if record || !FileManager.default.fileExists(atPath: file) {
                        do {
                            try root.write(Array(screen.utf8), to: name, existing: .replace)
                            recorded.append(file)
                        } catch {
                            return fail("cannot write the snapshot: \(error)")
                        }
                    } else if let expected = FileManager.default.contents(atPath: file).map({ String(decoding: $0, as: UTF8.self) }), expected != screen {
                        return fail(
                            "the screen differs from the snapshot \(file)\n" + ScreenDiff.describe(expected: expected, actual: screen)
                                + "\nif the new screen is right: \(recordAgain)"
                        )
                    }
                }
            }
            return FlowResult(
                path: flow.path, failure: nil, steps: count, seconds: seconds(clock.now - began), visited: visited.sorted(), recorded: recorded,
                virtualSeconds: session.usesVirtualTime ? seconds(session.virtualElapsed) : nil
            )
        }
        let result = await play()
        await SessionGuard.watch("ending the session", limit: limit) { await session.end() }
        return result
    }

    /// Whether the step after `index` checks the error the command at `index` reports.
    private static func expectsError(after index: Int, in steps: [Flow.Step]) -> Bool {
        guard index + 1 < steps.count, case .error = steps[index + 1].action else { return false }
        return true
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// A readable difference between two screens: a line diff (the longest common run of lines kept),
/// each change with two lines around it; only lines that differ are marked.
public enum ScreenDiff {
    /// The most lines a diff shows; the rest is counted.
    package static let maximumLines = 40

    public static func describe(expected: String, actual: String) -> String {
        // A screen ends with a newline, which is no line of its own.
        func lines(_ text: String) -> [String] {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        }
        let old = lines(expected)
        let new = lines(actual)
        let edits = script(old, new)
        guard let first = edits.firstIndex(where: { $0.mark != " " }) else { return "" }
        // Each changed line, and two on each side of it.
        var shown = Set<Int>()
        for (index, edit) in edits.enumerated() where edit.mark != " " {
            shown.formUnion(max(index - 2, 0)...min(index + 2, edits.count - 1))
        }
        let firstLine = edits[..<first].filter { $0.mark != "+" }.count + 1
        var lines = ["first difference at line \(firstLine) (- snapshot, + screen):"]
        var previous: Int?
        for index in shown.sorted() {
            if let previous, index > previous + 1 { lines.append("   …") }
            lines.append(" \(edits[index].mark) " + edits[index].text)
            previous = index
        }
        if lines.count > maximumLines + 1 {
            let hidden = lines.count - 1 - maximumLines
            lines = Array(lines.prefix(maximumLines + 1)) + ["   … \(hidden) more line\(hidden == 1 ? "" : "s")"]
        }
        return lines.joined(separator: "\n")
    }

    /// The lines of both, each kept (" "), removed ("-") or added ("+"), by the longest common subsequence.
    private static func script(_ old: [String], _ new: [String]) -> [(mark: Character, text: String)] {
        // Screens are a few dozen lines; very long ones are compared line by line instead.
        guard old.count * new.count <= 1_000_000 else {
            let common = min(old.count, new.count)
            var edits: [(Character, String)] = []
            for index in 0..<common {
                if old[index] == new[index] { edits.append((" ", old[index])) } else { edits += [("-", old[index]), ("+", new[index])] }
            }
            return edits + old[common...].map { ("-", $0) } + new[common...].map { ("+", $0) }
        }
        var length = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                length[i][j] = old[i] == new[j] ? length[i + 1][j + 1] + 1 : max(length[i + 1][j], length[i][j + 1])
            }
        }
        var edits: [(Character, String)] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                edits.append((" ", old[i]))
                i += 1
                j += 1
            } else if i < old.count, j == new.count || length[i + 1][j] >= length[i][j + 1] {
                // A removal before the addition that replaces it, as diff writes them.
                edits.append(("-", old[i]))
                i += 1
            } else {
                edits.append(("+", new[j]))
                j += 1
            }
        }
        return edits
    }
}

/// JUnit XML for flow results, as CI systems read it.
public enum JUnitReport {
    /// Why `path` may not take a report, or nil: a file that is there and is not a JUnit report
    /// (a flow named by mistake, `--junit a.flow b.flow`) is never replaced; a report written
    /// before, a device or a pipe, or a new name may be.
    public static func replaceProblem(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return "cannot be read, so it is not replaced; name another file" }
        var head = [UInt8](repeating: 0, count: 4_096)
        let count = head.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard count > 0 else { return count == 0 ? nil : "cannot be read, so it is not replaced; name another file" }
        let text = String(decoding: head[0..<count], as: UTF8.self)
        if text.hasPrefix("<?xml"), text.contains("<testsuite") { return nil }
        return "exists and is not a JUnit report\(path.hasSuffix(".flow") ? " (it is a flow)" : ""); name another file, or remove it first"
    }

    public static func xml(_ results: [FlowResult], suite: String = "apphost flows") -> String {
        let failures = results.filter { !$0.passed }.count
        let time = results.reduce(0) { $0 + $1.seconds }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites tests="\#(results.count)" failures="\#(failures)" time="\#(format(time))">"#,
            #"  <testsuite name="\#(escape(suite))" tests="\#(results.count)" failures="\#(failures)" errors="0" skipped="0" time="\#(format(time))">"#,
        ]
        for result in results {
            let name = URL(fileURLWithPath: result.path).lastPathComponent
            let classname = URL(fileURLWithPath: result.path).deletingLastPathComponent().path
            let open = #"    <testcase name="\#(escape(name))" classname="\#(escape(classname))" time="\#(format(result.seconds))""#
            if let failure = result.failure {
                lines.append(open + ">")
                lines.append(#"      <failure message="\#(escape(failure.message.split(separator: "\n").first.map(String.init) ?? ""))">\#(escape(result.report))</failure>"#)
                lines.append("    </testcase>")
            } else {
                lines.append(open + "/>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func format(_ seconds: Double) -> String {
        NumberText.fixed(seconds, digits: 3)
    }

    /// `text` with what XML cannot hold raw escaped, and control characters (not allowed in XML 1.0) as `?`.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n", "\t", "\r": escaped.unicodeScalars.append(scalar)
            // Control characters are not allowed in XML 1.0 at all.
            case _ where scalar.value < 0x20: escaped += "?"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

extension FlowRunner {
    /// Whether the session is at `expected`: a route (`recipes/list`, parameters in any order)
    /// with no layer of the views' own above it but a tab, or a whole route line with its layers
    /// (`recipes/list › push "Carbonara" › sheet "New recipe"`).
    @MainActor
    package static func isAt(_ expected: String, _ session: Session) -> Bool {
        let parts = expected.components(separatedBy: " › ")
        let route = parts[0]
        guard route == session.topRoute.description || (try? Route(parsing: route)) == session.topRoute else { return false }
        let layers = session.viewLayers.map(\.description)
        if parts.count == 1 { return session.viewLayers.allSatisfy { $0.kind == .tab } }
        return Array(parts.dropFirst()) == layers
    }

    /// Whether `screen` shows `text`, as `see` and `wait until` read it (``Session/screen(_:shows:)``).
    package static func shows(_ screen: String, _ text: String) -> Bool {
        Session.screen(screen, shows: text)
    }
}
