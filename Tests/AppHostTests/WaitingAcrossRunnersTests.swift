import AppHost
import AppHostFlows
import Foundation
import MCP
import Testing

/// The Backup feature waits in each of the ways app code waits (an awaited sleep in `load()` and in
/// an action, a `@concurrent` sleep, a detached task's value, a callback resumed from a dispatch
/// thread, timers computing their deadlines, a flag polled by yielding, CPU work left to a detached
/// task). Its flows pass under `apphost test` and `AppHarness` (FlowTests); here each flow's steps
/// are driven one at a time through `apphost serve` (a command a line in, a JSON answer out) and
/// through `apphost mcp`'s session tools, and must pass the same way.
@Suite
struct WaitingAcrossRunnersTests {
    private let apphost = ProcessRunner.built("apphost")

    private static let flows: [String] = {
        let folder = CCompiler.repository.appendingPathComponent("Features/Backup/Flows")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".flow") }.sorted().map { folder.appendingPathComponent($0).path }
    }()

    /// What a runner answered to one command.
    struct Answer {
        var screen: String
        var route: String
        var errors: [String]
    }

    @Test
    func theBackupFeatureHasAFlowForEachWayOfWaiting() {
        let names = Self.flows.map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(names == ["compact.flow", "load.flow", "schedule.flow", "server.flow", "sync.flow", "upload.flow", "verify.flow"])
    }

    /// On one core dispatch's pools are one thread wide. A detached task computing for seconds
    /// (compact.flow) used to hold that thread, and the vendor's callback queued on
    /// `DispatchQueue.global()` waited for it: `tap Check server` ran into the feature timeout and the
    /// healthy feature was blamed. A session's pool is its own and as wide on every machine.
    @Test
    func everyBackupFlowPassesOnOneCore() throws {
        guard let taskset = ["/usr/bin/taskset", "/bin/taskset"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("note: taskset (util-linux) is not installed; the Backup flows were not run on one core (CI installs it)")
            return
        }
        let folder = CCompiler.repository.appendingPathComponent("Features/Backup/Flows").path
        let run = try ProcessRunner.run(taskset, ["--cpu-list", "0", apphost, "test", folder])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("7 flows: 7 passed, 0 failed"), "\(run.output)")
    }

    @Test(arguments: flows)
    func aFlowPassesTheSameWayThroughServe(path: String) throws {
        let flow = try Flow(contentsOf: path)
        let commands = Self.commands(of: flow)
        let served = try ProcessRunner.run(apphost, ["serve", "--start", flow.start ?? "backup"], input: commands.map { $0 + "\n" }.joined())
        #expect(served.status == 0, "\(served.errors)")
        let answers = try served.output.split(separator: "\n").map { line in
            let answer = try JSONDecoder().decode(SessionAnswer.self, from: Data(line.utf8))
            return Answer(screen: answer.screen, route: answer.route, errors: answer.errors)
        }
        // The first answer is the start's screen; then one a command.
        try #require(answers.count == commands.count + 1, "\(served.output)")
        var next = answers.dropFirst().makeIterator()
        let failures = Self.check(flow, started: answers[0]) { _ in next.next()! }
        #expect(failures.isEmpty, "\(path):\n\(failures.joined(separator: "\n"))")
    }

    @Test(arguments: flows)
    func aFlowPassesTheSameWayThroughMCPsTools(path: String) async throws {
        let flow = try Flow(contentsOf: path)
        let server = try await MCPServerTests.Connection(apphost)
        let started = try await server.call("start", ["start": .string(flow.start ?? "backup")])
        #expect(!started.isError, "\(started.text)")
        var answers = [Self.answer(started.structured)]
        for command in Self.commands(of: flow) {
            let words = command.split(separator: " ", maxSplits: 1).map(String.init)
            let call: (tool: String, arguments: [String: Value])
            switch words[0] {
            case "tap": call = ("tap", ["session": "s1", "element": .string(words[1])])
            case "wait": call = ("wait", ["session": "s1", "duration": .string(words[1])])
            case "back": call = ("back", ["session": "s1"])
            default:
                Issue.record("\(path): no tool for '\(command)'")
                continue
            }
            answers.append(Self.answer(try await server.call(call.tool, call.arguments).structured))
        }
        await server.close()
        var next = answers.dropFirst().makeIterator()
        let failures = Self.check(flow, started: answers[0]) { _ in next.next() ?? Answer(screen: "", route: "", errors: ["no answer"]) }
        #expect(failures.isEmpty, "\(path):\n\(failures.joined(separator: "\n"))")
    }

    /// A tool's structured answer, as an answer.
    private static func answer(_ structured: Value?) -> Answer {
        let object = structured?.objectValue
        return Answer(
            screen: object?["screen"]?.stringValue ?? "",
            route: object?["route"]?.stringValue ?? "",
            errors: object?["errors"]?.arrayValue?.compactMap(\.stringValue) ?? []
        )
    }

    /// The commands of `flow`, in order.
    private static func commands(of flow: Flow) -> [String] {
        flow.steps.compactMap { step in
            switch step.action {
            case .command(let command), .failingCommand(let command): command
            default: nil
            }
        }
    }

    /// Checks `flow`'s assertions against the screen it `started` on and the answers `answer` gives
    /// to its commands, in order; the failures, each naming its line.
    private static func check(_ flow: Flow, started: Answer, answer: (String) -> Answer) -> [String] {
        var failures: [String] = []
        var last = started
        for (index, step) in flow.steps.enumerated() {
            let line = "line \(step.line) (\(step.text))"
            switch step.action {
            case .command(let command), .failingCommand(let command):
                last = answer(command)
                if case .failingCommand = step.action {
                    if last.errors.isEmpty { failures.append("\(line): no error") }
                } else if !last.errors.isEmpty {
                    let next = flow.steps.indices.contains(index + 1) ? flow.steps[index + 1].action : nil
                    if case .error = next {} else { failures.append("\(line): \(last.errors)") }
                }
            case .see(let text):
                if !last.screen.contains(text) { failures.append("\(line): not on the screen:\n\(last.screen)") }
            case .notSee(let text):
                if last.screen.contains(text) { failures.append("\(line): on the screen") }
            case .route(let route):
                if last.route != route { failures.append("\(line): the route is \(last.route)") }
            case .noError:
                if !last.errors.isEmpty { failures.append("\(line): \(last.errors)") }
            case .error(let text):
                if !last.errors.contains(where: { $0.contains(text) }) { failures.append("\(line): \(last.errors)") }
            case .element, .link, .snapshot:
                failures.append("\(line): this check drives no such step")
            }
        }
        return failures
    }
}
