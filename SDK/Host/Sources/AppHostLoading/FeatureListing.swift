@_spi(Host) import AppHostKit
@_spi(Host) import AppHostNavigation

/// The text of `apphost list`: each feature file with what it registers and where that is known from,
/// then each file that was refused, with its cause.
@MainActor
public struct FeatureListing {
    /// The listing of the usable files (standard output).
    public let text: String
    /// The files that were refused, each with its cause (standard error); empty if none was.
    public let refused: String

    // Long: one pass over the files, the lines of each by its kind.
    /// Describes every file `host` found.
    public init(host: FeatureHost) {
        var lines: [String] = []
        lines.append("searched: \(host.searchedDirectories.joined(separator: ", "))")
        let files = host.describeFiles()
        let usable = files.filter { $0.description != nil }
        lines.append("\(usable.count) feature\(usable.count == 1 ? "" : "s"):")
        for file in usable {
            guard let description = file.description else { continue }
            lines.append("  \(description.name)  \(file.path)  (\(description.build))  \(file.status.rawValue)")
            if let resources = FeatureResourceFolder.of(library: file.path) {
                let count = FeatureResourceFolder.files(in: resources).count
                lines.append("    resources  \(resources)  (\(count) file\(count == 1 ? "" : "s"))")
            }
            for route in description.routes {
                if route.role == "app" { continue }
                if route.role == "deep links" {
                    lines.append("    \(route.typeName)")
                    continue
                }
                let start = route.root.map { "  (start: \($0))" } ?? ""
                let role = switch route.role {
                case "outgoing": "  (outgoing: the app redirects it)"
                case "live": "  (holds live values: reached by navigating, never by a link)"
                default: ""
                }
                lines.append("    \(route.name)  \(route.typeName)\(start)\(role)")
                for destination in route.destinations ?? [] {
                    let parameters = destination.parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
                    lines.append("      \(route.name)/\(destination.name)(\(parameters))")
                }
            }
            for shell in description.shells {
                lines.append("    \(shell.name)  shell, \(shell.style): \(shell.items.map(\.destination).joined(separator: ", "))")
            }
            if let app = description.app {
                lines.append("    app, not found: \(app.notFound ?? "the host's own")")
                for redirect in app.redirects {
                    lines.append("      redirect \(redirect.from) → \(redirect.to)")
                }
            }
            if let needs = description.needs {
                lines.append("    needs \(needs.joined(separator: ", "))")
            }
        }
        let check = AppLayerCheck(usable.compactMap(\.description))
        lines += check.notes.map { "note: \($0)" } + host.notes.map { "note: \($0)" }
        text = lines.joined(separator: "\n") + "\n"
        let failed = files.filter { $0.error != nil }
        let others = host.unreadableDirectories.map { "feature directory \($0) cannot be read" }
        var problems: [String] = []
        if !failed.isEmpty || !others.isEmpty {
            problems.append("refused:")
            for file in failed {
                guard let error = file.error else { continue }
                let note = file.status == .quarantined ? "  (quarantined until the file changes: rebuild or replace it, or run with --rescan to probe it again)" : ""
                problems.append("  \(error.description)\(note)")
            }
            problems += others.map { "  \($0)" }
        }
        if !check.problems.isEmpty {
            problems.append("unmet:")
            problems += check.problems.map { "  \($0)" }
        }
        refused = problems.isEmpty ? "" : problems.joined(separator: "\n") + "\n"
    }
}
