@_spi(Host) import AppHostKit

/// The text of `apphost list`: each loaded feature with its file and navigation types, then each failure.
@MainActor
public struct FeatureListing {
    /// The listing.
    public let text: String

    /// Describes what `host` loaded and what failed.
    public init(host: FeatureHost) {
        var lines: [String] = []
        lines.append("searched: \(host.searchedDirectories.joined(separator: ", "))")
        lines.append("loaded \(host.features.count) feature\(host.features.count == 1 ? "" : "s"):")
        for feature in host.features {
            let build = feature.build.map { "  (\($0))" } ?? ""
            lines.append("  \(feature.name)  \(feature.path)\(build)")
            for entry in feature.entries {
                let root = entry.root.map { "  (start: \($0))" } ?? ""
                lines.append("    \(entry.name)  \(entry.typeName)\(root)")
            }
            for shell in feature.shells {
                lines.append("    \(shell.name)  shell, \(shell.style.rawValue): \(shell.items.map(\.name).joined(separator: ", "))")
            }
        }
        if !host.problems.isEmpty {
            lines.append("failed:")
            for problem in host.problems {
                lines.append("  \(problem)")
            }
        }
        text = lines.joined(separator: "\n") + "\n"
    }
}
