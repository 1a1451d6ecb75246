// Snapshot strategies for an AppHarness: the screen on top as the host draws it, and its layout
// as `--format json` writes it. Each is swift-snapshot-testing's line strategy over that text, so
// a difference is shown as a line diff and `record` works as for any strategy.

import AppHost
import AppHostTesting
@_exported import SnapshotTesting

extension Snapshotting where Value == AppHarness, Format == String {
    /// The screen on top, as text: what `app.screen` holds, byte for byte.
    public static var screen: Snapshotting {
        Snapshotting<String, String>.lines.pullback { app in
            MainActor.assumeIsolated { app.screen }
        }
    }

    /// The screen's layers as one JSON object (layers, elements, the numbers `tap` takes), as
    /// `apphost --format json` writes it, pretty-printed so that a difference is a line's.
    public static var layout: Snapshotting {
        Snapshotting<String, String>(pathExtension: "json", diffing: .lines).pullback { app in
            MainActor.assumeIsolated {
                guard let layout = app.session.current?.layout else { return "" }
                return JSONLines.pretty(JSONRenderer().draw(layout))
            }
        }
    }
}

/// One line of JSON laid out an element a line, indented by two, with no other change.
enum JSONLines {
    static func pretty(_ json: String) -> String {
        var out = ""
        var depth = 0
        var inString = false
        var escaped = false
        func newline() { out += "\n" + String(repeating: "  ", count: depth) }
        for character in json.trimmingCharacters(in: .whitespacesAndNewlines) {
            if inString {
                out.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"":
                inString = true
                out.append(character)
            case "{", "[":
                out.append(character)
                depth += 1
                newline()
            case "}", "]":
                depth -= 1
                newline()
                out.append(character)
            case ",":
                out.append(character)
                newline()
            case ":":
                out += ": "
            default:
                out.append(character)
            }
        }
        return out + "\n"
    }
}
