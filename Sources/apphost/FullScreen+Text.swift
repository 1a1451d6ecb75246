// The full-screen mode's text: fitting lines to the terminal's width, and reading the command
// line's edits.

extension FullScreen {
    /// The field and text of a `type N TEXT` line that Enter on a field began (a number, then
    /// anything, nothing included); nil for any other line.
    static func editedField(_ line: String) -> (number: Int, text: String)? {
        let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard words.count >= 2, words[0] == "type", let number = Int(words[1]) else { return nil }
        let text = words.count == 3 ? String(words[2]) : ""
        // Already quoted (typed by hand): as it is.
        if text.count >= 2, text.first == "\"", text.last == "\"" { return (number, String(text.dropFirst().dropLast())) }
        return (number, text)
    }

    /// The longest start every word shares.
    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    /// `text` in at most `columns` characters (colour escapes count for none): a longer one ends
    /// in `…`, so it never wraps.
    static func cut(_ text: String, to columns: Int) -> String {
        let visible = plain(text)
        guard visible.count > columns else { return text }
        return String(visible.prefix(max(columns - 1, 0))) + "…"
    }

    /// The status line at rest: the keys and the route on top (where the session is, which the
    /// title does not say); where both do not fit, the route and the two keys that lead to the rest.
    static func statusLine(route: String, columns: Int) -> String {
        let full = keys + " · " + route
        return full.count <= columns ? full : route + " · ? keys · q quit"
    }

    /// `text` (with no colour escapes) in lines of at most `columns` characters.
    static func wrap(_ text: String, to columns: Int) -> [String] {
        guard columns > 0, text.count > columns else { return [text] }
        var lines: [String] = []
        var rest = text[...]
        while !rest.isEmpty {
            lines.append(String(rest.prefix(columns)))
            rest = rest.dropFirst(columns)
        }
        return lines
    }

    /// The line without its colour escapes.
    static func plain(_ line: String) -> String {
        // Colour escapes (ESC [ digits and semicolons m) take no columns.
        var result = ""
        var rest = line[...]
        while let escape = rest.firstIndex(of: "\u{1B}") {
            result += rest[..<escape]
            let parameters = rest[rest.index(after: escape)...].dropFirst().prefix { $0.isASCII && ($0.isNumber || $0 == ";") }
            if rest[rest.index(after: escape)...].first == "[", parameters.endIndex < rest.endIndex, rest[parameters.endIndex] == "m" {
                rest = rest[rest.index(after: parameters.endIndex)...]
            } else {
                result.append("\u{1B}")
                rest = rest[rest.index(after: escape)...]
            }
        }
        return result + rest
    }
}
