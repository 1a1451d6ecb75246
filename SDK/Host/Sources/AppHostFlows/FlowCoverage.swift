@_spi(Host) @_spi(Runtime) import AppHost
import AppHostLoading
import AppHostRuntime
/// Which destinations flows reached, per feature, and which places its views own (pushed views,
/// sheets, alerts) they reached.
/// - For a C feature: each destination it declares, visited or not.
/// - For a Swift feature: the destinations visited. The cases of its `Navigation` enum cannot be
///   listed from outside, so the ones never visited cannot be named.
public struct FlowCoverage: Sendable {
    public let map: RouteMap
    /// Route paths (`name/destination`) that were on top during the flows.
    public let visited: Set<String>

    public init(map: RouteMap, visited: Set<String>) {
        self.map = map
        self.visited = visited
    }

    /// Per route name: the visited destinations and, where they are known, the ones never visited;
    /// then the layers its views own that flows reached (`recipes/list › push "Carbonara"`).
    public var entries: [(name: String, visited: [String], never: [String]?, layers: [String])] {
        map.entries.map { entry in
            let all = visited.filter { $0 == entry.name || $0.hasPrefix(entry.name + "/") }
            let seen = Set(all.map { $0.components(separatedBy: " › ")[0] }).sorted()
            let layers = all.filter { $0.contains(" › ") }.sorted()
            let never = entry.destinations.map { destinations in
                destinations.map { "\(entry.name)/\($0.name)" }.filter { !visited.contains($0) }
            }
            return (entry.name, seen, never, layers)
        }
    }

    public var text: String {
        var lines = ["coverage:"]
        for entry in entries {
            if let never = entry.never {
                let total = entry.visited.count + never.count
                lines.append("  \(entry.name): \(entry.visited.count) of \(total) destinations visited"
                    + (never.isEmpty ? "" : "; never: \(never.joined(separator: ", "))"))
            } else {
                let seen = entry.visited.isEmpty ? "none" : entry.visited.joined(separator: ", ")
                lines.append("  \(entry.name): visited \(seen) (a Swift feature: its unvisited destinations cannot be listed)")
            }
            if !entry.layers.isEmpty {
                lines.append("    and \(entry.layers.count) place\(entry.layers.count == 1 ? "" : "s") its views own: \(entry.layers.joined(separator: "; "))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
