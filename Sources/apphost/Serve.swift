import AppHost
import AppHostOptions
import AppHostSupport
@_spi(Host) import AppHostKit
import ArgumentParser
import Dispatch
import FoundationEssentials
import Glibc

/// One session served to another program (`apphost mcp` runs one a session): commands in, one JSON
/// line an answer out. Not for people: `apphost --start NAME --format json` is.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a session for another program: a command a line in, one JSON answer a line out (used by apphost mcp).",
        shouldDisplay: false
    )

    @OptionGroup var features: FeatureOptions

    @Option(help: "The destination or shell to start at; by default the one --open's link names (a URL: the app's first shell).")
    var start: String?

    @Option(help: "A deep link or URL to open after starting.")
    var open: String?

    @Option(help: "Columns of rendered text.")
    var width: Int = TextRenderer.defaultWidth

    @Option(help: "Record the session as a flow to this file from its start.")
    var record: String?

    @Option(help: "Seconds one command may take before the session ends naming the feature at fault (0: no limit).")
    var featureTimeout: Int = SessionGuard.defaultLimit

    @Flag(help: "Let view models' sleeps take real time (by default they wait for wait commands, as in apphost test).")
    var realTime = false

    @Option(help: "The device's width as the views' horizontalSizeClass: compact (a phone, the default) or regular (an iPad).")
    var sizeClass: Session.SizeClass = .compact

    @Flag(help: "Run the session on one thread: code that hops to the global pool (a @concurrent call) runs on the session thread, in order. Faster; docs/sessions.md says what it changes.")
    var oneThread = false

    /// The parent's pid, as the program that runs this session gives it (apphost mcp).
    @Option(help: .hidden)
    var parent: Int32?

    func validate() throws {
        guard start != nil || open != nil else { throw ValidationError("serve needs --start, --open or both") }
        guard (TextRenderer.minimumWidth...TextRenderer.maximumWidth).contains(width) else {
            throw ValidationError("--width must be from \(TextRenderer.minimumWidth) to \(TextRenderer.maximumWidth), got \(width)")
        }
    }

    func run() async throws {
        features.bootstrapLogging()
        ParentWatch.endWhenOrphaned(parent: parent)
        let code = try await serve()
        if code != 0 { throw ExitCode(code) }
    }

    @MainActor
    private func serve() async throws -> Int32 {
        AnswerChannel.take()
        SessionGuard.install(stateFile: nil)
        guard let host = features.loadHost() else { return ExitCode.kitMismatch }
        // As in a flow: a view model's sleep waits for the session's wait commands, so what another
        // program sees is the same from run to run, and a recording replays as it ran.
        let said = Said(host: host)
        let session: Session
        do {
            session = try Launch.session(
                start: start ?? Self.start(for: open ?? "", in: host.registry), registry: host.registry, store: nil, open: open,
                options: {
                    var options = Session.Options(width: width, format: .text, color: false, virtualTime: !realTime)
                    options.sizeClass = sizeClass
                    options.oneThread = oneThread
                    return options
                }(),
                output: said,
                warn: { standardError("warning: \($0)\n") }
            )
        } catch {
            standardError("error: \("\(error)".visible)\n")
            return 2
        }
        let limit = featureTimeout
        _ = await SessionGuard.watch("drawing the first screen", limit: limit) { await session.start() }
        if let record {
            await session.execute("record \(record)")
            if let error = said.errors.last { standardError(error + "\n") }
        }
        said.clear()
        answer(session, said)
        while let line = await nextInputLine() {
            if session.hasUndrawnChange { await session.catchUp(watchedWithin: limit) }
            said.clear()
            let outcome = await SessionGuard.watch("running '\(line)'", limit: limit) { await session.execute(line) }
            answer(session, said, ended: outcome == .quit)
            if outcome == .quit { break }
        }
        return 0
    }

    /// Where a session that opens `link` starts: a shell link's shell, a URL's app (its first shell),
    /// else the feature the link's first route names.
    @MainActor
    static func start(for link: String, in registry: DestinationRegistry) -> String {
        if link.hasPrefix("@") { return String(link.dropFirst().prefix { $0 != ":" && $0 != "(" }) }
        let shells = registry.shellNames
        if link.contains("://") { return shells.first ?? registry.startNames.first ?? "" }
        let name = String(link.prefix { $0 != "/" && $0 != "?" && $0 != ">" && $0 != "!" })
        return registry.startNames.contains(name) || shells.isEmpty ? name : shells[0]
    }

    @MainActor
    private func answer(_ session: Session, _ said: Said, ended: Bool = false) {
        let layout = session.current.map { JSONRenderer().draw($0.layout) } ?? "{}"
        let answer = SessionAnswer(
            screen: session.current.map { String(decoding: $0.bytes, as: UTF8.self) } ?? "",
            layout: layout.trimmingNewlines,
            route: session.location,
            link: session.deepLink.description,
            errors: said.errors,
            output: said.output,
            ended: ended,
            sleeping: session.heldSleeps
        )
        guard let data = try? JSONEncoder().encode(answer) else { return }
        AnswerChannel.write(String(decoding: data, as: UTF8.self) + "\n")
    }

    /// What the session said since the last answer: screens are not kept (the answer draws the
    /// screen itself), errors are answered apart from the rest.
    @MainActor
    private final class Said: SessionOutput {
        private let host: FeatureHost
        var output = ""
        var errors: [String] = []

        init(host: FeatureHost) {
            self.host = host
        }

        func write(_ text: String) {
            output += text
        }

        func writeError(_ line: String) {
            let line = line.trimmingNewlines
            if line.hasPrefix("error: ") { errors.append(line) } else { output += line + "\n" }
        }

        func writeScreen(_ bytes: borrowing [UInt8]) {}

        func routeMap() -> RouteMap? {
            RouteMap(host: host)
        }

        func clear() {
            output = ""
            errors = []
        }
    }
}

/// The next line of standard input, read off the main actor (which view models' work may want
/// meanwhile); nil at its end. One reader, on a thread of its own, reads line after line and hands
/// each over: a line costs no new queue and no thread woken to read it, only the hand-over.
func nextInputLine() async -> String? {
    await inputLines.next()
}

/// Standard input's lines as they are read, then nil at its end.
private let inputLines: HandOffQueue<String?> = {
    let lines = HandOffQueue<String?>()
    HostWork.blocking("read") {
        while let line = Swift.readLine() { lines.send(line) }
        lines.send(nil)
    }
    return lines
}()
