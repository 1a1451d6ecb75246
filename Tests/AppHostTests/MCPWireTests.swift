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

    /// A server with the handshake done, and the lines it answered read one by one.
    private final class Wire {
        let server: RunningProcess
        private var pending: [UInt8] = []

        init(_ apphost: String) throws {
            server = try ProcessRunner.start(apphost, ["mcp"])
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
}
