import AppHostLoading
@_spi(Host) import AppHostNavigation
/// Every destination the loaded features provide, for `apphost routes` and the session's `routes`:
/// each route name with its feature, file and navigation type, whether `--start` can open it, a C
/// feature's destinations with their parameters and C types, and the shells with their items.
///
/// A Swift feature's destinations are the cases of its `Navigation` enum, which a host cannot list
/// from outside; the map shows the type and its start destination, and `open NAME/` reports what
/// is missing from a route it cannot decode.
public struct RouteMap: Sendable {
    /// One route name.
    public struct Entry: Sendable {
        public var name: String
        public var feature: String
        public var path: String
        public var typeName: String
        public var start: String?
        public var destinations: [FeatureDescription.Destination]?
    }

    /// The route names, sorted.
    public var entries: [Entry]
    /// The shells, sorted by name.
    public var shells: [FeatureDescription.Shell]

    /// The map of every usable file `host` found.
    @MainActor
    public init(host: FeatureHost) {
        var entries: [Entry] = []
        var shells: [FeatureDescription.Shell] = []
        for file in host.describeFiles() {
            guard let description = file.description else { continue }
            for route in description.routes where route.role == nil {
                entries.append(Entry(
                    name: route.name, feature: description.name, path: file.path,
                    typeName: route.typeName, start: route.root, destinations: route.destinations
                ))
            }
            shells += description.shells
        }
        self.entries = entries.sorted { $0.name < $1.name }
        self.shells = shells.sorted { $0.name < $1.name }
    }

    /// The map as text, wrapped to `width` columns where a line would be longer.
    public func text(width: Int = TextRenderer.defaultWidth) -> String {
        var lines: [String] = []
        for entry in entries {
            lines.append("\(entry.name)  \(entry.typeName)  feature \(entry.feature), \(entry.path)")
            if let start = entry.start {
                lines.append("  start: \(start)  (--start \(entry.name))")
            }
            if let destinations = entry.destinations {
                for destination in destinations {
                    let parameters = destination.parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
                    lines.append("  \(entry.name)/\(destination.name)\(parameters.isEmpty ? "" : "?(\(parameters))")")
                }
            } else {
                lines.append("  destinations: the cases of \(entry.typeName)")
            }
        }
        for shell in shells {
            let items = shell.items.enumerated().map { "\($0.offset + 1) \($0.element.title) → \($0.element.destination)" }
            lines.append("@\(shell.name)  shell, \(shell.style)  (--start \(shell.name)): \(items.joined(separator: ", "))")
        }
        if lines.isEmpty { lines.append("no feature is loaded") }
        return lines.map { $0.visible }.flatMap { Self.fold($0, width: width) }.joined(separator: "\n") + "\n"
    }

    /// The map as one JSON line.
    public var json: String {
        typealias Value = JSONRenderer.Value
        let routes: [Value] = entries.map { entry in
            var fields: [String: Value] = [
                "name": .string(entry.name), "feature": .string(entry.feature),
                "path": .string(entry.path), "type": .string(entry.typeName),
            ]
            if let start = entry.start { fields["start"] = .string(start) }
            if let destinations = entry.destinations {
                fields["destinations"] = .array(destinations.map(\.jsonValue))
            }
            return .object(fields)
        }
        let shells: [Value] = shells.map(\.jsonValue)
        return Value.object(["routes": .array(routes), "shells": .array(shells)]).text + "\n"
    }

    /// A line cut at spaces into lines of at most `width` columns; continuations indented by four.
    public static func fold(_ line: String, width: Int) -> [String] {
        guard line.count > width, width > 8 else { return [line] }
        // The line's own indentation stays; continuations are indented four more.
        let indent = String(line.prefix { $0 == " " })
        var lines: [String] = []
        var current = indent
        for word in line.dropFirst(indent.count).split(separator: " ") {
            if current.trimmingSpaces.isEmpty {
                current += word
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = indent + "    " + word
            }
        }
        lines.append(current)
        return lines
    }
}
