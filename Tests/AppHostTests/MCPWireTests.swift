import AppHost
import Foundation
import Testing

/// `apphost mcp` spoken to over its real pipes, byte by byte, as a client that writes all its
/// calls at once and reads late, or sends a message far too long.
@Suite
struct MCPWireTests {
    private let apphost = ProcessRunner.built("apphost")

    /// Whether Python's jsonschema is installed (CI installs it): the schema test runs only there.
    static let hasJSONSchema = (try? ProcessRunner.run("/usr/bin/env", ["python3", "-c", "import jsonschema"]).status == 0) ?? false

    @Test(.enabled(if: hasJSONSchema, "Python's jsonschema is not installed (pip install jsonschema; CI installs it)"))
    func everyToolsInputSchemaPassesAJSONSchemaValidatorAndSaysWhetherItChangesAnything() throws {
        let wire = try Wire(apphost)
        wire.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        let listed = try wire.line()
        wire.close()
        let tools = try #require((listed["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("apphost-tools-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: tools).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        // Each schema against the metaschema it declares (draft 2020-12 when none), and a call
        // with a wrong type refused by it.
        let check = """
            import json, sys, jsonschema
            tools = json.load(open(sys.argv[1]))
            for tool in tools:
                schema = tool["inputSchema"]
                jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator).check_schema(schema)
                for name, prop in schema["properties"].items():
                    wrong = {name: {"not": "this"}} if prop.get("type") != "object" else {name: 1}
                    if jsonschema.Draft202012Validator(schema).is_valid(wrong):
                        sys.exit(f"{tool['name']}: {name} accepts {wrong}")
            print(len(tools))
            """
        let result = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", check, file.path])

        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "\(tools.count)\n")
        let annotations = tools.compactMap { $0["annotations"] as? [String: Any] }
        #expect(annotations.count == tools.count, "every tool says whether it only reads")
        let readOnly = tools.filter { ($0["annotations"] as? [String: Any])?["readOnlyHint"] as? Bool == true }.compactMap { $0["name"] as? String }
        #expect(Set(readOnly) == ["state", "screen", "sessions", "routes", "list", "crawl", "graph"])
    }

    /// Every tool that returns structured content declares its schema, and real results of the
    /// session tools, the crawl and the test conform to it.
    @Test(.enabled(if: hasJSONSchema, "Python's jsonschema is not installed (pip install jsonschema; CI installs it)"))
    func structuredResultsConformToTheirToolsOutputSchemas() throws {
        let wire = try Wire(apphost)
        let flows = CCompiler.repository.appendingPathComponent("Features/About/Flows").path
        let calls = [
            #"{"name":"start","arguments":{"start":"main"}}"#,
            #"{"name":"tap","arguments":{"session":"s1","element":1}}"#,
            #"{"name":"tap","arguments":{"session":"s1","element":"Nowhere"}}"#,
            #"{"name":"state","arguments":{"session":"s1"}}"#,
            #"{"name":"crawl","arguments":{"start":"about","max_states":5}}"#,
            #"{"name":"test","arguments":{"paths":["\#(flows)"]}}"#,
        ]
        wire.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        let listed = try wire.line()
        var results: [[String: Any]] = []
        for (index, call) in calls.enumerated() {
            wire.send(#"{"jsonrpc":"2.0","id":\#(index + 2),"method":"tools/call","params":\#(call)}"#)
            let answer = try wire.line()
            results.append(["name": try #require(call.split(separator: "\"")[3...].first.map(String.init)), "result": try #require(answer["result"])])
        }
        wire.close()
        let tools = try #require((listed["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("apphost-results-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: ["tools": tools, "results": results]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let check = """
            import json, sys, jsonschema
            data = json.load(open(sys.argv[1]))
            schemas = {tool["name"]: tool.get("outputSchema") for tool in data["tools"]}
            for name, schema in schemas.items():
                if schema is not None:
                    jsonschema.Draft202012Validator.check_schema(schema)
            checked = 0
            for entry in data["results"]:
                structured = entry["result"].get("structuredContent")
                if structured is None:
                    sys.exit(f"{entry['name']}: no structured content")
                jsonschema.validate(structured, schemas[entry["name"]])
                checked += 1
            print(checked, sorted(name for name, schema in schemas.items() if schema is not None))
            """
        let result = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", check, file.path])

        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "6 ['back', 'crawl', 'dismiss', 'open', 'root', 'screen', 'start', 'state', 'tab', 'tap', 'test', 'type', 'wait']\n")
    }

    /// A server with the handshake done, and the lines it answered read one by one.
    private final class Wire {
        let server: RunningProcess
        private var pending: [UInt8] = []

        init(_ apphost: String, _ arguments: [String] = [], in folder: String? = nil) throws {
            server = try ProcessRunner.start(apphost, ["mcp"] + arguments, in: folder)
            send(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"wire","version":"1"}}}"#)
            _ = try line()
            send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        }

        func send(_ text: String) {
            server.input.fileHandleForWriting.write(Data((text + "\n").utf8))
        }

        func line() throws -> [String: Any] {
            while true {
                if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = Data(pending[..<newline])
                    pending.removeSubrange(...newline)
                    return try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any], "\(String(decoding: line, as: UTF8.self).prefix(300))")
                }
                let data = server.output.fileHandleForReading.availableData
                try #require(!data.isEmpty, "the server ended")
                pending += data
            }
        }

        func close() {
            try? server.input.fileHandleForWriting.close()
            server.process.waitUntilExit()
        }

        /// Every line left unread once the server has ended.
        func rest() -> [String] {
            let text = String(decoding: pending + server.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return text.split(separator: "\n").map(String.init)
        }
    }

    @Test
    func threeHundredCallsAtOnceAreEachAnsweredWholeAndOnce() throws {
        let wire = try Wire(apphost)
        wire.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"start","arguments":{"start":"character","width":200}}}"#)
        _ = try wire.line()

        // Each answer (a screen and its JSON layout) is larger than a pipe writes at once; none is
        // read until every call is sent.
        for id in 2...301 {
            wire.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"screen","arguments":{"session":"s1"}}}"#)
        }
        var answered: [Int] = []
        for _ in 2...301 {
            let answer = try wire.line()
            answered.append(try #require(answer["id"] as? Int))
            #expect(answer["error"] == nil)
        }
        wire.close()

        #expect(answered.sorted() == Array(2...301))
    }

    @Test
    func aMessageOverTheLimitIsRefusedWhileReadAndTheServerGoesOn() throws {
        let wire = try Wire(apphost)

        // 16 MiB on one line: read and dropped as it arrives, answered with an error without an id.
        wire.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"start","arguments":{"start":""# + String(repeating: "x", count: 16 * 1_048_576) + #""}}}"#)
        let refused = try wire.line()
        wire.send(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"sessions","arguments":{}}}"#)
        let next = try wire.line()
        wire.close()

        let error = try #require(refused["error"] as? [String: Any])
        #expect(refused["id"] is NSNull)
        #expect((error["message"] as? String)?.contains("longer than 4 MiB, the most apphost mcp reads (LineTransport.maximumMessage)") == true)
        #expect(next["id"] as? Int == 2 && next["result"] != nil, "\(next)")
    }

    @Test
    func aMessageJustOverTheLimitWhoseEndArrivesWithItsLastPieceIsRefusedToo() throws {
        let wire = try Wire(apphost)

        // 4 MiB and 60 KiB: its line break comes in the same read as the bytes that cross the limit.
        let padding = 4 * 1_048_576 + 60 * 1_024
        wire.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"sessions","arguments":{},"_pad":""# + String(repeating: "x", count: padding) + #""}}"#)
        let refused = try wire.line()
        wire.send(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"sessions","arguments":{}}}"#)
        let next = try wire.line()
        wire.close()

        #expect(refused["id"] is NSNull, "\(refused)")
        #expect(((refused["error"] as? [String: Any])?["message"] as? String)?.contains("longer than 4 MiB") == true)
        #expect(next["id"] as? Int == 2 && next["result"] != nil, "\(next)")
    }

    @Test
    func aControlCharacterInAnArgumentIsRefusedNamingItAndNothingIsWritten() throws {
        let folder = try FeatureFixtures()
        let root = folder.directory.appendingPathComponent("flows").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let wire = try Wire(apphost, ["--root", root])
        wire.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"start","arguments":{"start":"home\u0000--help"}}}"#)
        let start = try wire.line()
        wire.send(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"start","arguments":{"start":"home"}}}"#)
        _ = try wire.line()
        wire.send(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"record","arguments":{"session":"s1","path":"probe-profile\u0000.flow"}}}"#)
        let record = try wire.line()
        wire.send(#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"type","arguments":{"session":"s1","element":1,"text":"a\nquit"}}}"#)
        let type = try wire.line()
        wire.close()

        func text(_ answer: [String: Any]) -> String {
            (((answer["result"] as? [String: Any])?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? "\(answer)"
        }
        #expect(text(start) == "error: start: 'start' holds a control character (U+0000); names, labels, links and text are refused with one")
        #expect(text(record) == "error: record: 'path' holds a control character (U+0000); names, labels, links and text are refused with one")
        #expect(text(type).hasPrefix("error: type: 'text' holds a control character (U+000A)"), "\(text(type))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty, "nothing is written for a refused name")
    }

    @Test
    func aRefusedRecordWritesNothingAndTheDefaultRootIsAFolderTheServerMakes() throws {
        let folder = try FeatureFixtures()
        let root = folder.directory.appendingPathComponent("flows").path
        try FileManager.default.createDirectory(atPath: root + "/taken.screens", withIntermediateDirectories: true)
        let wire = try Wire(apphost, ["--root", root])
        wire.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"start","arguments":{"start":"home"}}}"#)
        _ = try wire.line()
        wire.send(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"record","arguments":{"session":"s1","path":"taken.flow"}}}"#)
        let refused = try wire.line()
        wire.close()
        #expect((refused["result"] as? [String: Any])?["isError"] as? Bool == true, "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: root + "/taken.flow"), "the flow is not written when its snapshots' folder is taken")

        // With no --root, a server started in a folder writes nothing there.
        let cwd = folder.directory.appendingPathComponent("home").path
        try FileManager.default.createDirectory(atPath: cwd, withIntermediateDirectories: true)
        let chosen = try Wire(apphost, [], in: cwd)
        chosen.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"start","arguments":{"start":"home"}}}"#)
        _ = try chosen.line()
        chosen.send(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"record","arguments":{"session":"s1","path":"mine.flow"}}}"#)
        let written = try chosen.line()
        chosen.close()
        let said = (((written["result"] as? [String: Any])?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(try FileManager.default.contentsOfDirectory(atPath: cwd).isEmpty, "the working folder is not written to")
        let made = try #require(said.split(separator: "\n").last.map { String($0.split(separator: " ").last ?? "") }, "\(said)")
        #expect(made.contains("apphost-mcp-flows-"), "\(said)")
        #expect(FileManager.default.fileExists(atPath: made + "/mine.flow"), "\(said)")
        try? FileManager.default.removeItem(atPath: made)
    }

    /// A crawl or a test called with a progress token hears `notifications/progress` as it goes,
    /// each before the answer, the counts rising.
    @Test
    func longCallsWithAProgressTokenSendProgressBeforeTheirAnswer() throws {
        let wire = try Wire(apphost)
        let flows = CCompiler.repository.appendingPathComponent("Features").path
        wire.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"test","arguments":{"paths":["\#(flows)"]},"_meta":{"progressToken":"flows"}}}"#)
        var heard: [[String: Any]] = []
        var answer = try wire.line()
        while answer["id"] == nil {
            heard.append(answer)
            answer = try wire.line()
        }
        wire.send(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"crawl","arguments":{"start":"main","max_states":35},"_meta":{"progressToken":9}}}"#)
        var crawled: [[String: Any]] = []
        var crawl = try wire.line()
        while crawl["id"] == nil {
            crawled.append(crawl)
            crawl = try wire.line()
        }
        wire.close()

        let flowCount = try FileManager.default.subpathsOfDirectory(atPath: flows).filter { $0.hasSuffix(".flow") }.count
        let progress = heard.compactMap { $0["params"] as? [String: Any] }
        #expect(heard.allSatisfy { $0["method"] as? String == "notifications/progress" })
        #expect(progress.compactMap { $0["progress"] as? Int } == Array(1...flowCount), "\(progress)")
        #expect(progress.allSatisfy { $0["progressToken"] as? String == "flows" && ($0["message"] as? String)?.hasPrefix("PASS ") == true }, "\(progress)")
        #expect(answer["id"] as? Int == 1 && answer["result"] != nil)
        let states = crawled.compactMap { ($0["params"] as? [String: Any]) }
        #expect(states.compactMap { $0["progress"] as? Int } == [10, 20, 30], "\(states)")
        #expect(states.allSatisfy { $0["progressToken"] as? Int == 9 && ($0["message"] as? String)?.hasPrefix("crawling: ") == true })
        #expect(crawl["id"] as? Int == 2 && crawl["result"] != nil)
    }

    /// A `start` cancelled while its session starts opens nothing: its child is ended, it is never
    /// answered, and it holds no place under `--max-sessions` (a second start, at a limit of one, opens).
    @Test
    func aCancelledStartOpensNoSessionAndHoldsNoPlace() throws {
        let wire = try Wire(apphost, ["--max-sessions", "1"])
        let server = wire.server.process.processIdentifier
        wire.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"start","arguments":{"start":"home"}}}"#)
        wire.send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"changed my mind"}}"#)
        wire.send(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"sessions","arguments":{}}}"#)
        let listed = try wire.line()
        func text(_ answer: [String: Any]) -> String {
            (((answer["result"] as? [String: Any])?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        }
        // The cancelled start holds its place until its child has ended (a moment): a start asked
        // meanwhile is refused as over the limit, and one asked after it opens. 30 s bounds a hang only.
        var started: [String: Any] = [:]
        var id = 3
        let deadline = Date().addingTimeInterval(30)
        repeat {
            wire.send(#"{"jsonrpc":"2.0","id":"# + String(id) + #","method":"tools/call","params":{"name":"start","arguments":{"start":"home"}}}"#)
            started = try wire.line()
            id += 1
            if text(started).contains("the most at once") { usleep(20_000) } else { break }
        } while Date() < deadline
        // The children of the server that serve a session: one, the second start's.
        let probe = try ProcessRunner.run("/usr/bin/pgrep", ["-f", "serve --parent \(server) "])
        let children = probe.output.split(separator: "\n").count
        wire.close()
        let rest = wire.rest()

        // Asked while the cancelled start may still be ending: it is never listed as open.
        #expect(listed["id"] as? Int == 2, "the cancelled start gets no answer: \(listed)")
        #expect(text(listed) == "no session is open", "\(listed)")
        #expect(text(started).contains("session s2 · home/main"), "a place was freed for the next start: \(text(started))")
        #expect(children == 1, "\(probe.output)")
        #expect(rest.isEmpty, "\(rest)")
    }

    /// `notifications/cancelled` stops the call: a crawl's child is ended, a session's command that
    /// runs ends its session (what it did is unknown), and no answer is sent for either.
    @Test
    func aCancelledCallIsStoppedAndNeverAnswered() throws {
        func text(_ answer: [String: Any]) -> String {
            (((answer["result"] as? [String: Any])?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        }
        let wire = try Wire(apphost)
        wire.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"start","arguments":{"start":"home","real_time":true}}}"#)
        _ = try wire.line()
        // A minute of real time: answered only if the cancellation is ignored.
        wire.send(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"wait","arguments":{"session":"s1","duration":"60s"}}}"#)
        wire.send(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"crawl","arguments":{"start":"main","max_states":1000000}}}"#)
        // The sessions tool answers while the wait runs, and says when the session runs it: only
        // a command under way ends its session when cancelled (one not yet sent is dropped).
        var open: [String: Any] = [:]
        for poll in 4..<1_004 {
            wire.send(#"{"jsonrpc":"2.0","id":\#(poll),"method":"tools/call","params":{"name":"sessions","arguments":{}}}"#)
            open = try wire.line()
            if text(open) == "s1 · home/main · running wait 60s" { break }
        }
        wire.send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"too long"}}"#)
        wire.send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}"#)
        // Queued behind the cancelled command on the session: it finds the session ended.
        wire.send(#"{"jsonrpc":"2.0","id":5000,"method":"tools/call","params":{"name":"screen","arguments":{"session":"s1"}}}"#)
        let after = try wire.line()
        wire.send(#"{"jsonrpc":"2.0","id":5001,"method":"tools/call","params":{"name":"sessions","arguments":{}}}"#)
        let none = try wire.line()
        wire.close()
        let rest = wire.rest()

        #expect(text(open) == "s1 · home/main · running wait 60s", "\(open)")
        #expect(after["id"] as? Int == 5000, "the cancelled calls get no answer: \(after)")
        #expect(text(after).contains("s1") && (text(after).contains("ended") || text(after).contains("no session")), "\(after)")
        #expect(none["id"] as? Int == 5001 && text(none) == "no session is open", "\(none)")
        #expect(rest.isEmpty, "\(rest)")
    }

    /// `start` with `network`: the session's URLSession requests are answered from the client's
    /// folder first, and from the feature's own recordings for the rest.
    @Test
    func aSessionStartedWithNetworkFoldersIsAnsweredFromThem() throws {
        let answers = try FeatureFixtures()
        try Data(#"""
            {"request": {"url": "https://rickandmortyapi.com/api/character/2"},
             "response": {"json": {"id": 2, "name": "Morty Prime", "status": "Alive", "species": "Human", "origin": {"name": "Earth"}, "episode": []}}}
            """#.utf8).write(to: URL(fileURLWithPath: answers.path("morty.json")))
        let wire = try Wire(apphost)
        let arguments = #"{"start":"character/detail?identifier=2","network":["\#(answers.directory.path)"]}"#
        wire.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"start","arguments":\#(arguments)}}"#)
        let started = try wire.line()
        wire.send(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"tap","arguments":{"session":"s1","element":"Back"}}}"#)
        let list = try wire.line()
        wire.close()

        func text(_ answer: [String: Any]) -> String {
            (((answer["result"] as? [String: Any])?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        }
        #expect(text(started).contains("Morty Prime"), "\(started)")
        #expect(text(list).contains("Rick Sanchez (Alive)"), "\(list)")
        #expect(text(list).contains("24 characters"), "\(list)")
    }
}
