// What each tool call does: session commands go to the session's child; the rest run `apphost` as a
// child process and return what it printed.

import AppHost
import AppHostSupport
import Dispatch
import Foundation
import Logging
import MCP
import Synchronization

struct ToolCalls: Sendable {
    /// The `apphost` executable every child runs.
    let apphost: String
    /// `--features`, `--cache-dir` and `--allow-untrusted` as the server was given them.
    let featureArguments: [String]
    let logger: Logger
    let sessions = Sessions()
    /// The calls being answered: at the end of its input the server finishes them before it ends.
    let inFlight = InFlight()
    /// The most sessions open at once: each is a process of its own.
    let maximumSessions: Int
    /// Seconds one command may take before its session ends (`apphost serve --feature-timeout`).
    let featureTimeout: Int
    /// Where sessions record their flows: the server's private folder.
    let recordingFolder: PrivateFolder
    /// The folder the record tool writes into (`--root`, else a new folder the server made).
    let root: WriteRoot
    /// Whether ``root`` is the folder the server made: removed at the end if nothing was written there.
    var madeRoot = false
    /// Whether folders a client names skip the trust checks (`--allow-untrusted-client-folders`).
    let allowUntrustedClientFolders: Bool
    /// Whether each session runs on one thread (`--one-thread`).
    var oneThread = false

    var recordings: String { recordingFolder.path }

    init(
        apphost: String, featureArguments: [String], logger: Logger, maximumSessions: Int, featureTimeout: Int,
        recordings: PrivateFolder, root: WriteRoot, allowUntrustedClientFolders: Bool = false
    ) {
        self.allowUntrustedClientFolders = allowUntrustedClientFolders
        self.apphost = apphost
        self.featureArguments = featureArguments
        self.logger = logger
        self.maximumSessions = maximumSessions
        self.featureTimeout = featureTimeout
        self.recordingFolder = recordings
        self.root = root
    }

    /// The session commands each tool sends, given its checked arguments.
    private static let sessionCommands: [String: @Sendable (Arguments) throws(ToolError) -> String] = [
        "tap": { arguments throws(ToolError) in "tap \(try arguments.element("element"))" },
        "type": { arguments throws(ToolError) in
            let text = try arguments.string("text") ?? ""
            guard !text.contains("\n") else { throw ToolError(message: "type: 'text' must be one line") }
            let element = try arguments.element("element")
            // A label goes in double quotes (it may hold spaces) and the text after it, in double
            // quotes too, so that both arrive exactly (an empty text empties the field).
            guard !element.contains("\"") else {
                throw ToolError(message: "type: 'element' must be the field's number or its label, without double quotes, got '\(element)'")
            }
            return Int(element) == nil ? "type \"\(element)\" \"\(text)\"" : "type \(element) \"\(text)\""
        },
        "back": { _ in "back" },
        "root": { _ in "root" },
        "dismiss": { _ in "dismiss" },
        "tab": { arguments throws(ToolError) in "tab \(try arguments.element("item"))" },
        "open": { arguments throws(ToolError) in "open \(try arguments.oneLine("link"))" },
        "wait": { arguments throws(ToolError) in
            switch (try arguments.string("duration"), try arguments.string("until")) {
            case (let duration?, nil):
                guard !duration.contains("\n") else { throw ToolError(message: "wait: 'duration' must be one line") }
                return "wait \(duration)"
            case (nil, let text?):
                guard !text.isEmpty, !text.contains("\n") else { throw ToolError(message: "wait: 'until' must be a text on one line") }
                return "wait until \(text)"
            default:
                throw ToolError(message: "wait needs one of 'duration' (300ms, 2s) or 'until' (a text the screen must show)")
            }
        },
        "state": { _ in "state" },
        "screen": { _ in "show" },
    ]

    func call(_ tool: String, _ values: [String: Value]?, progress: ProgressReporter? = nil) async -> CallTool.Result {
        await inFlight.enter()
        defer { Task { await inFlight.leave() } }
        do {
            guard ToolCatalog.schemas[tool] != nil else {
                throw ToolError(message: "no tool '\(tool)' (tools/list names them: \(ToolCatalog.order.joined(separator: ", ")))")
            }
            let arguments = try Arguments(tool: tool, values)
            if let command = Self.sessionCommands[tool] {
                let session = try await session(arguments)
                return await run(try command(arguments), in: session, showing: tool == "state" ? .output : .screen)
            }
            switch tool {
            case "start": return try await start(arguments)
            case "record": return try await record(arguments)
            case "close":
                let session = try await session(arguments)
                await end(session)
                return CallTool.Result(content: [.text(text: "session \(session.id) closed", annotations: nil, _meta: nil)])
            case "sessions": return await openSessions()
            case "routes": return try await runApphost(["routes"] + features(arguments))
            case "list": return try await runApphost(["list"] + features(arguments))
            case "crawl": return try await crawl(arguments, progress: progress)
            case "graph": return try await runApphost(["graph", "--start=" + arguments.oneLine("start"), "--format", "mermaid"] + features(arguments))
            case "test": return try await test(arguments, progress: progress)
            default: throw ToolError(message: "no tool '\(tool)'")
            }
        } catch {
            logger.debug("\(tool): \(error.message)")
            return Self.failure(error.message)
        }
    }

    // MARK: Sessions

    private func session(_ arguments: Arguments) async throws(ToolError) -> SessionChild {
        let id = try arguments.requiredString("session")
        guard let session = await sessions.session(id) else {
            let open = await sessions.ids
            throw ToolError(message: "\(arguments.tool): no session '\(id)'" + (open.isEmpty ? " (none is open: start one)" : " (open: \(open.joined(separator: ", ")))"))
        }
        return session
    }

    private func start(_ arguments: Arguments) async throws(ToolError) -> CallTool.Result {
        // A start name, or a deep link or URL that the session opens (starting where it names).
        let start = try arguments.oneLine("start")
        let isLink = start.contains { "/?@>!".contains($0) }
        // Values go in `--name=value` form: one that begins with a dash is a value, never an option.
        var childArguments = isLink ? ["--open=" + start] : ["--start=" + start]
        if let link = try arguments.string("open") {
            guard !link.contains("\n") else { throw ToolError(message: "start: 'open' must be one line") }
            guard !isLink else { throw ToolError(message: "start: 'start' is a link already; give 'open' with a start name") }
            childArguments += ["--open=" + link]
        }
        if let width = try arguments.integer("width", in: TextRenderer.minimumWidth...TextRenderer.maximumWidth) {
            childArguments += ["--width", String(width)]
        }
        if try arguments.bool("real_time") == true { childArguments.append("--real-time") }
        if let sizeClass = try arguments.string("size_class") {
            guard Session.SizeClass(rawValue: sizeClass) != nil else {
                throw ToolError(message: "start: 'size_class' must be compact or regular, got '\(sizeClass.visible)'")
            }
            childArguments += ["--size-class=" + sizeClass]
        }
        childArguments += try arguments.strings("network").map { "--network=" + $0 }
        childArguments += try features(arguments) + ["--feature-timeout", String(featureTimeout)] + (oneThread ? ["--one-thread"] : [])
        guard let id = await sessions.reserve(limit: maximumSessions) else {
            let open = await sessions.ids
            throw ToolError(message: "start: \(maximumSessions) session\(maximumSessions == 1 ? " is" : "s are") open or starting, the most at once (--max-sessions); close one (open: \(open.joined(separator: ", ")))")
        }
        let recording = recordings + "/\(id).flow"
        switch await SessionChild.start(id: id, apphost: apphost, arguments: childArguments, recording: recording) {
        case .success(let (session, answer)):
            await sessions.add(session)
            logger.info("session \(id) started: \(childArguments.joined(separator: " "))")
            return Self.screen(answer, session: id)
        case .failure(let failure):
            await sessions.release(id)
            throw ToolError(message: "start: \(failure.message)")
        }
    }

    private func run(_ command: String, in session: SessionChild, showing shown: Shown) async -> CallTool.Result {
        // What a session would refuse is refused here, before it is written to the session's pipe.
        guard command.utf8.count <= SessionCommand.maximumLineLength else {
            return Self.failure("\(command.prefix { $0 != " " }): the command is \(command.utf8.count) bytes; a session reads at most \(SessionCommand.maximumLineLength) (SessionCommand.maximumLineLength)")
        }
        switch await session.ask(command) {
        case .answer(let answer):
            if answer.ended { await sessions.remove(session.id) }
            return Self.screen(answer, session: session.id, showing: shown)
        case .ended(let said):
            await sessions.remove(session.id)
            logger.info("session \(session.id) ended: \(said)")
            return Self.failure("session \(session.id) ended: \(said)")
        }
    }

    private func record(_ arguments: Arguments) async throws(ToolError) -> CallTool.Result {
        let session = try await session(arguments)
        guard let flow = try? String(contentsOfFile: session.recording, encoding: .utf8) else {
            throw ToolError(message: "record: the recording of session \(session.id) cannot be read")
        }
        var text = flow
        if let path = try arguments.string("path") {
            text = try copy(recording: session.recording, flow: flow, to: path) + "\n# written to \(path) in \(root.path)\n"
        }
        return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)])
    }

    /// Writes a session's recording (`flow`, read from `recording`) to `path` inside the root, with
    /// its snapshots in `<path>.screens/`: a new file and a new folder, never one that is there,
    /// never through a symbolic link, never outside the root; the text written is returned.
    private func copy(recording: String, flow: String, to path: String) throws(ToolError) -> String {
        guard path.hasSuffix(".flow") else { throw ToolError(message: "record: 'path' must name a .flow file, got '\(path)'") }
        guard !path.hasPrefix("~") else {
            throw ToolError(message: "record: 'path' \(path): '~' is not expanded; name a file inside \(root.path) (--root)")
        }
        let source = URL(fileURLWithPath: recording)
        let sourceName = source.deletingPathExtension().lastPathComponent
        let targetName = String(path.split(separator: "/").last ?? Substring(path)).dropLast(".flow".count)
        let screens = String(path.dropLast(".flow".count)) + ".screens"
        // The snapshots are named after the flow: the copy's steps name its own folder.
        let renamed = flow.replacingOccurrences(of: "snapshot \(sourceName).screens/", with: "snapshot \(targetName).screens/")
            .replacingOccurrences(of: "apphost test \(source.lastPathComponent)\n", with: "apphost test \(targetName).flow\n")
        do {
            // The snapshots' folder first, then the flow: a name that is taken is refused before
            // anything is written, and a folder made for a flow that cannot be written goes again.
            try root.makeFolder(screens, existing: .refuse)
            do {
                try root.write(Array(renamed.utf8), to: path, existing: .refuse)
            } catch {
                root.removeEmptyFolder(screens)
                throw error
            }
            let snapshots = (try? FileManager.default.contentsOfDirectory(atPath: source.deletingPathExtension().path + ".screens")) ?? []
            for name in snapshots.sorted() where name.hasSuffix(".screen") {
                let bytes = try FileBytes.read(source.deletingPathExtension().path + ".screens/" + name)
                try root.write(bytes, to: screens + "/" + name, existing: .refuse)
            }
        } catch let refusal as WriteRefusal {
            throw ToolError(message: "record: \(refusal) (the record tool writes only new files inside \(root.path); see docs/mcp.md)")
        } catch {
            throw ToolError(message: "record: the recording of this session cannot be read: \(error)")
        }
        return renamed
    }

    private func openSessions() async -> CallTool.Result {
        var lines: [String] = []
        for id in await sessions.ids {
            guard let session = await sessions.session(id) else { continue }
            lines.append("\(id) · \(session.currentRoute())" + (session.runningCommand().map { " · running \($0)" } ?? ""))
        }
        return CallTool.Result(content: [.text(text: lines.isEmpty ? "no session is open" : lines.joined(separator: "\n"), annotations: nil, _meta: nil)])
    }

    func closeIdle(after seconds: Double) async {
        for session in await sessions.all where session.idleSeconds() >= seconds {
            await end(session)
            logger.info("session \(session.id) closed after \(Int(seconds)) s unused")
        }
    }

    func closeAll() async {
        for session in await sessions.all { await end(session) }
        recordingFolder.remove()
        if madeRoot { rmdir(root.path) }
    }

    /// Closes a session and removes its recording.
    private func end(_ session: SessionChild) async {
        await sessions.remove(session.id)
        await session.close()
        try? FileManager.default.removeItem(atPath: session.recording)
        try? FileManager.default.removeItem(atPath: String(session.recording.dropLast(".flow".count)) + ".screens")
    }

    // MARK: Resources

    /// Each feature's routes, and the flow syntax.
    func resources() async -> [Resource] {
        var resources = [
            Resource(name: "flow syntax", uri: FlowSyntax.uri, description: "The steps of a flow file, for the test tool and record.", mimeType: "text/markdown")
        ]
        for (name, _) in await routeEntries() {
            resources.append(Resource(name: "routes of \(name)", uri: "apphost://routes/\(name)", description: "The destinations of the feature \(name), with their parameters.", mimeType: "application/json"))
        }
        return resources
    }

    func read(_ uri: String) async -> [Resource.Content]? {
        if uri == FlowSyntax.uri { return [.text(FlowSyntax.text, uri: uri, mimeType: "text/markdown")] }
        let prefix = "apphost://routes/"
        guard uri.hasPrefix(prefix) else { return nil }
        let name = String(uri.dropFirst(prefix.count))
        guard let entry = await routeEntries().first(where: { $0.name == name }),
            let data = try? JSONEncoder().encode(entry.entry)
        else { return nil }
        return [.text(String(decoding: data, as: UTF8.self), uri: uri, mimeType: "application/json")]
    }

    /// `apphost routes --format json`, an entry a feature or shell.
    private func routeEntries() async -> [(name: String, entry: Value)] {
        let ran = await Self.runChild(apphost, ["routes", "--format", "json"] + featureArguments)
        guard let map = try? JSONDecoder().decode([String: [Value]].self, from: Data(ran.output)) else { return [] }
        return (map["routes"] ?? []).compactMap { entry in
            entry.objectValue?["name"]?.stringValue.map { ($0, entry) }
        }
    }

    // MARK: Results

    /// A screen as a tool's result: the text (after a line naming the session and route, and the errors),
    /// and everything as structured content, the JSON layout as an object.
    static func screen(_ answer: SessionAnswer, session: String, showing shown: Shown = .screen) -> CallTool.Result {
        var text = shown == .output ? "" : "session \(session) · \(answer.route)\n"
        text += answer.errors.map { $0 + "\n" }.joined()
        if !answer.output.isEmpty { text += answer.output + (answer.output.hasSuffix("\n") ? "" : "\n") }
        if shown == .screen { text += answer.screen }
        if answer.sleeping > 0 {
            text += "(\(answer.sleeping) sleep\(answer.sleeping == 1 ? "" : "s") of the view models wait for time to pass: wait with a duration, or until a text)\n"
        }
        if answer.ended { text += "(the session ended)\n" }
        let layout = (try? JSONDecoder().decode(Value.self, from: Data(answer.layout.utf8))) ?? .null
        let structured: Value = .object([
            "session": .string(session), "route": .string(answer.route), "link": .string(answer.link),
            "errors": .array(answer.errors.map { .string($0) }), "output": .string(answer.output),
            "screen": .string(answer.screen), "layout": layout, "ended": .bool(answer.ended), "sleeping": .int(answer.sleeping),
        ])
        // A command that reported an error is a failed call, with the screen it left.
        let content: [Tool.Content] = [.text(text: text, annotations: nil, _meta: nil)]
        let structuredContent: Value? = structured
        return CallTool.Result(content: content, structuredContent: structuredContent, isError: !answer.errors.isEmpty, _meta: nil)
    }

    /// What a session tool's text shows: the screen (after what the command wrote), or only what it wrote.
    enum Shown {
        case screen, output
    }

    static func failure(_ message: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text: "error: " + message, annotations: nil, _meta: nil)], isError: true)
    }
}

extension Error {
    /// The line a tool error shows.
    var message: String { (self as? ToolError)?.message ?? "\(self)" }
}

extension [String] {
    /// These options without their `--features DIR` pairs.
    func dropFeatureFolders() -> [String] {
        var kept: [String] = []
        var index = 0
        while index < count {
            if self[index] == "--features" { index += 2; continue }
            kept.append(self[index])
            index += 1
        }
        return kept
    }
}
