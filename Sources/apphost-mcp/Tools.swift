// The tools `apphost mcp` offers, each with its JSON schema, and what each call does. A call with bad
// arguments is answered as a tool error (isError) naming the argument and what it must be, so an
// agent can correct itself; the server goes on.

import AppHost
import AppHostFlows
import Foundation
import MCP

/// A tool call that cannot run as asked: the line that says why.
struct ToolError: Error {
    var message: String
}

/// The arguments of one call, read with checks that name what is wrong.
struct Arguments {
    let tool: String
    let values: [String: Value]

    init(tool: String, _ values: [String: Value]?) throws(ToolError) {
        self.tool = tool
        self.values = values ?? [:]
        let known = Set(ToolCatalog.schemas[tool]?.properties.map(\.name) ?? [])
        if let unknown = self.values.keys.sorted().first(where: { !known.contains($0) }) {
            let names = known.sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw ToolError(message: "\(tool) takes no argument '\(unknown)'" + (known.isEmpty ? "" : " (it takes \(names))"))
        }
        // A control character (a NUL above all) would be cut, or read as the end of a line, on the
        // way to a file's name or a session's command: refused, naming the argument.
        for name in self.values.keys.sorted() {
            let texts = self.values[name].map { value in value.stringValue.map { [$0] } ?? value.arrayValue?.compactMap(\.stringValue) ?? [] } ?? []
            for text in texts {
                if let control = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                    let code = "U+" + String(repeating: "0", count: 4 - String(control.value, radix: 16).count) + String(control.value, radix: 16, uppercase: true)
                    throw ToolError(message: "\(tool): '\(name)' holds a control character (\(code)); names, labels, links and text are refused with one")
                }
            }
        }
    }

    func string(_ name: String) throws(ToolError) -> String? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw ToolError(message: "\(tool): '\(name)' must be a string, got \(value)") }
        return text
    }

    func requiredString(_ name: String) throws(ToolError) -> String {
        guard let text = try string(name), !text.isEmpty else { throw ToolError(message: "\(tool) needs '\(name)', a non-empty string") }
        return text
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws(ToolError) -> Int? {
        guard let value = values[name], !value.isNull else { return nil }
        let number: Int?
        switch value {
        case .int(let int): number = int
        case .double(let double) where double.rounded() == double && abs(double) < 1e15: number = Int(double)
        default: number = nil
        }
        guard let number, range.contains(number) else {
            throw ToolError(message: "\(tool): '\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(value)")
        }
        return number
    }

    func strings(_ name: String) throws(ToolError) -> [String] {
        guard let value = values[name], !value.isNull else { return [] }
        let strings = value.arrayValue?.compactMap(\.stringValue)
        guard let strings, strings.count == value.arrayValue?.count else {
            throw ToolError(message: "\(tool): '\(name)' must be an array of strings, got \(value)")
        }
        return strings
    }

    func bool(_ name: String) throws(ToolError) -> Bool? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let flag = value.boolValue else { throw ToolError(message: "\(tool): '\(name)' must be true or false, got \(value)") }
        return flag
    }

    /// An element of the screen: its number (from 1) or its label.
    func element(_ name: String) throws(ToolError) -> String {
        switch values[name] {
        case .int(let number)? where number >= 1: return String(number)
        case .double(let number)? where number >= 1 && number.rounded() == number && number < 1e9: return String(Int(number))
        case .string(let label)? where !label.trimmingCharacters(in: .whitespaces).isEmpty && !label.contains("\n"): return label
        case nil, .null?: throw ToolError(message: "\(tool) needs '\(name)', the element's number on the screen (from 1) or its label")
        case let other?: throw ToolError(message: "\(tool): '\(name)' must be the element's number on the screen (from 1) or its label, got \(other)")
        }
    }

    /// A session command's argument, on one line.
    func oneLine(_ name: String) throws(ToolError) -> String {
        let text = try requiredString(name)
        guard !text.contains("\n"), !text.contains("\r") else { throw ToolError(message: "\(tool): '\(name)' must be one line") }
        return text
    }
}

/// One tool's schema: its properties, each with a JSON type and what it is.
struct Schema {
    struct Property {
        var name: String
        var type: Value
        var description: String
    }

    var description: String
    var properties: [Property]
    var required: [String]

    var json: Value {
        var properties: [String: Value] = [:]
        for property in self.properties {
            // A plain type is the property's "type"; a schema of its own (an array of strings) is merged in.
            var entry: [String: Value] = ["description": .string(property.description)]
            if case .object(let schema) = property.type {
                entry.merge(schema) { kept, _ in kept }
            } else {
                entry["type"] = property.type
            }
            properties[property.name] = .object(entry)
        }
        return .object([
            "type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }),
            "additionalProperties": false,
        ])
    }
}

enum ToolCatalog {
    private static let session = Schema.Property(name: "session", type: "string", description: "The session's id, as start returned it (s1, s2, …).")
    private static let features = Schema.Property(
        name: "features", type: .object(["type": "array", "items": .object(["type": "string"])]),
        description: "Folders of feature libraries (lib*Feature.so); by default the server's own (its --features, else the folder that holds apphost).")
    private static let element = Schema.Property(name: "element", type: .array(["integer", "string"]), description: "The element's number on the screen (from 1), or its label.")
    private static let start = Schema.Property(name: "start", type: "string", description: "The destination or shell to start at, e.g. home or main.")
    private static let startOrLink = Schema.Property(
        name: "start", type: "string",
        description: "Where to start: a destination or shell (home, main), or a deep link or URL to open (character/detail?identifier=2, @main:character(…), myapp://character/detail/2).")

    /// Every tool's schema, by name.
    static let schemas: [String: Schema] = [
        "start": Schema(
            description: "Start a session: a fresh app at a destination or shell, or at a deep link or URL. Returns the session id and the first screen (text; the JSON layout as structured content).",
            properties: [
                startOrLink,
                Schema.Property(name: "open", type: "string", description: "A deep link or URL to open after starting at a name, e.g. character/detail?identifier=2."),
                features,
                Schema.Property(name: "width", type: "integer", description: "Columns of the screen's text, \(TextRenderer.minimumWidth) to \(TextRenderer.maximumWidth) (default \(TextRenderer.defaultWidth))."),
                Schema.Property(
                    name: "real_time", type: "boolean",
                    description: "Let view models' sleeps (a debounce, a delay) take real time. By default they wait for the wait tool, as in apphost test, so every run sees the same screens."),
                Schema.Property(
                    name: "size_class", type: "string",
                    description: "The device's width as the views' horizontalSizeClass: compact (a phone, the default) or regular (an iPad)."),
                Schema.Property(
                    name: "network", type: .object(["type": "array", "items": .object(["type": "string"])]),
                    description: "Folders of recorded network answers that URLSession requests are served from, before the features' own (see docs/testing.md)."),
            ],
            required: ["start"]),
        "tap": Schema(description: "Tap an element of the session's screen: a button, a link or a switch. Returns the new screen.", properties: [session, element], required: ["session", "element"]),
        "type": Schema(
            description: "Type text into a text field of the session's screen (the field's whole text becomes it). Returns the new screen.",
            properties: [session, element, Schema.Property(name: "text", type: "string", description: "The field's new text, exactly as given; an empty text empties the field.")],
            required: ["session", "element", "text"]),
        "back": Schema(description: "Go back one screen, or close what is on top: a view a NavigationLink pushed, a sheet or an alert, whether the Router or the views' own state shows it. Returns the new screen; its route line names each layer (recipes/book › push \"Carbonara\").", properties: [session], required: ["session"]),
        "root": Schema(description: "Go back to the first screen of the stack on top, closing what the views pushed or presented too. Returns the new screen.", properties: [session], required: ["session"]),
        "dismiss": Schema(description: "Dismiss what is on top, as SwiftUI's dismiss does: a sheet, a pushed view, an alert (by its cancel button) or a dialog, whoever shows it. Returns the new screen.", properties: [session], required: ["session"]),
        "tab": Schema(
            description: "Select an item of the shell (a tab, or a column of a split layout). Returns the new screen.",
            properties: [session, Schema.Property(name: "item", type: .array(["integer", "string"]), description: "The item's number (from 1) or its name.")],
            required: ["session", "item"]),
        "open": Schema(
            description: "Open a deep link or URL in the session. Returns the new screen.",
            properties: [session, Schema.Property(name: "link", type: "string", description: "A deep link (character/detail?identifier=2) or a URL the app maps.")],
            required: ["session", "link"]),
        "wait": Schema(
            description: "Let time pass for the work the session's view models started (a debounce, a delay): a duration, or until the screen shows a text (up to 10 s). Time is virtual unless the session started with real_time: a wait costs no real time. Returns the new screen.",
            properties: [
                session,
                Schema.Property(name: "duration", type: "string", description: "How long: 300ms, 2s (at most 60 s)."),
                Schema.Property(name: "until", type: "string", description: "A text the screen must show."),
            ],
            required: ["session"]),
        "state": Schema(description: "The session's whole state as one deep link (what `apphost --open` restores), followed by the layers its views own (› push \"Carbonara\" › sheet \"Share\"), which no link reaches: a state file or a reload brings them back by replaying what opened them.", properties: [session], required: ["session"]),
        "screen": Schema(description: "The session's screen, as it is now.", properties: [session], required: ["session"]),
        "record": Schema(
            description: "The session so far as a flow file (each command and a snapshot of the screen after it), for apphost test. With path, the flow and its snapshots are written there too.",
            properties: [session, Schema.Property(name: "path", type: "string", description: "Where to write the flow (a .flow file); its snapshots go beside it in NAME.screens/.")],
            required: ["session"]),
        "close": Schema(description: "End a session.", properties: [session], required: ["session"]),
        "sessions": Schema(description: "The open sessions, each with its route, and the command it runs now if any.", properties: [], required: []),
        "routes": Schema(description: "Every destination the features provide, with its parameters and the feature's start.", properties: [features], required: []),
        "list": Schema(description: "The feature files found, what each registers, and the ones refused with why.", properties: [features], required: []),
        "crawl": Schema(
            description: "Visit every state reachable from a start by activating every element, and report dead links, screens without a way out, crashes and destinations never reached.",
            properties: [
                start, features,
                Schema.Property(name: "max_states", type: "integer", description: "The most states explored (default 300)."),
                Schema.Property(name: "max_depth", type: "integer", description: "The most elements activated in a row from the start (default 12)."),
            ],
            required: ["start"]),
        "graph": Schema(description: "The navigation graph from a start, crawled, as a Mermaid flowchart.", properties: [start, features], required: ["start"]),
        "test": Schema(
            description: "Run flow files (*.flow): each in a fresh session, a line per flow and a summary; the JUnit XML as structured content.",
            properties: [
                Schema.Property(name: "paths", type: .object(["type": "array", "items": .object(["type": "string"])]), description: "Flow files, or folders searched for *.flow."),
                Schema.Property(name: "start", type: "string", description: "Where a flow without a start step starts."),
                features,
            ],
            required: ["paths"]),
    ]

    /// The structured content of the tools that return some: every result that carries it conforms.
    static let outputSchemas: [String: Value] = {
        func object(_ properties: [String: Value]) -> Value {
            .object([
                "type": "object", "properties": .object(properties),
                "required": .array(properties.keys.sorted().map { .string($0) }),
            ])
        }
        let strings: Value = .object(["type": "array", "items": .object(["type": "string"])])
        let screen = object([
            "session": .object(["type": "string", "description": "The session's id."]),
            "route": .object(["type": "string", "description": "The route on top."]),
            "link": .object(["type": "string", "description": "The whole state as one deep link (apphost --open restores it)."]),
            "errors": strings,
            "output": .object(["type": "string", "description": "What the command wrote besides the screen."]),
            "screen": .object(["type": "string", "description": "The screen as text."]),
            "layout": .object(["type": ["object", "null"], "description": "The screen as JSON: its layers and numbered elements."]),
            "ended": .object(["type": "boolean", "description": "Whether the session ended with this command."]),
            "sleeping": .object(["type": "integer", "description": "How many sleeps of the view models wait for time to pass."]),
        ])
        var schemas: [String: Value] = [:]
        for tool in ["start", "tap", "type", "back", "root", "dismiss", "tab", "open", "wait", "state", "screen"] {
            schemas[tool] = screen
        }
        schemas["crawl"] = object([
            "start": .object(["type": "string"]),
            "truncated": .object(["type": "boolean", "description": "Whether the crawl stopped at max_states or max_depth."]),
            "neverReached": strings,
            "reached": .object(["type": "array", "items": .object(["type": "object"]), "description": "Each state reached: its screen, the path to it and what each element did."]),
        ])
        schemas["test"] = object([
            "passed": .object(["type": "boolean", "description": "Whether every flow passed."]),
            "junit": .object(["type": "string", "description": "The JUnit XML report."]),
        ])
        return schemas
    }()

    /// The tools, in the order a person would meet them.
    static let order = ["start", "tap", "type", "back", "root", "dismiss", "tab", "open", "wait", "state", "screen", "record", "close", "sessions", "routes", "list", "crawl", "graph", "test"]

    /// Tools that change nothing: they read a session, or run `apphost` children that write nothing.
    static let readOnly: Set<String> = ["state", "screen", "sessions", "routes", "list", "crawl", "graph"]
    /// Tools that end something a client may still want: a session and what it recorded.
    static let destructive: Set<String> = ["close"]

    static var all: [Tool] {
        order.compactMap { name in
            schemas[name].map {
                Tool(
                    name: name, description: $0.description, inputSchema: $0.json,
                    annotations: .init(
                        readOnlyHint: readOnly.contains(name), destructiveHint: destructive.contains(name),
                        openWorldHint: false
                    ),
                    outputSchema: outputSchemas[name]
                )
            }
        }
    }
}
