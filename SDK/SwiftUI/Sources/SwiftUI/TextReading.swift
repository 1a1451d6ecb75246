import Foundation

// What a `Text` says, as a reader of the device hears it: the inline Markdown of a localized
// literal with its emphasis dropped (`**Bold** and _italic_` is `Bold and italic`, a link is its
// text), and a date drawn relative to the session's clock in the forms SwiftUI writes.

/// Inline Markdown as `Text(LocalizedStringKey)` parses it: strong and emphasis (`**`, `__`, `*`,
/// `_`), strikethrough (`~~`), code spans and links, with backslash escapes. What a reader hears is
/// the text: the delimiters go, code is kept as written, a link is its text. A run of delimiters
/// that opens nothing it closes (`2 * 3`, `snake_case`) is kept, as CommonMark keeps it.
enum InlineMarkdown {
    // Long: one switch over the kinds of node a reader hears, each case a line or two.
    /// The text `markdown` reads as; `protected` ranges (interpolated values) are never parsed.
    static func plainText(_ markdown: String) -> String {
        guard mayHoldMarkup(markdown) else { return markdown }
        let characters = Array(markdown)
        var output: [Character] = []
        var delimiters: [(character: Character, count: Int, at: Int, canOpen: Bool)] = []
        var index = 0
        func isSpace(_ position: Int) -> Bool { position < 0 || position >= characters.count || characters[position].isWhitespace }
        func isPunctuation(_ position: Int) -> Bool {
            position >= 0 && position < characters.count && (characters[position].isPunctuation || characters[position].isSymbol)
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\" where index + 1 < characters.count && characters[index + 1].isPunctuation || index + 1 < characters.count && characters[index + 1].isSymbol:
                output.append(characters[index + 1])
                index += 2
            case "`":
                // A code span: up to the next backtick run of the same length, kept as written.
                var run = 0
                while index + run < characters.count, characters[index + run] == "`" { run += 1 }
                var search = index + run
                var closing: Int?
                while search < characters.count {
                    if characters[search] == "`" {
                        var other = 0
                        while search + other < characters.count, characters[search + other] == "`" { other += 1 }
                        if other == run { closing = search; break }
                        search += other
                    } else {
                        search += 1
                    }
                }
                if let closing {
                    output.append(contentsOf: characters[(index + run)..<closing])
                    index = closing + run
                } else {
                    output.append(contentsOf: characters[index..<(index + run)])
                    index += run
                }
            case "[":
                // A link, `[text](destination)`: its text, which may hold emphasis of its own.
                if let close = matching(characters, from: index, open: "[", close: "]"), close + 1 < characters.count, characters[close + 1] == "(",
                    let end = matching(characters, from: close + 1, open: "(", close: ")")
                {
                    output.append(contentsOf: plainText(String(characters[(index + 1)..<close])))
                    index = end + 1
                } else {
                    output.append(character)
                    index += 1
                }
            case "*", "_", "~":
                var run = 0
                while index + run < characters.count, characters[index + run] == character { run += 1 }
                let before = index - 1, after = index + run
                // CommonMark's flanking rules: a run opens when what follows is not space (and not
                // punctuation unless what precedes is space or punctuation), and closes the mirror way.
                let leftFlanking = !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before))
                let rightFlanking = !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after))
                var canOpen = leftFlanking
                var canClose = rightFlanking
                if character == "_" {
                    // An underscore inside a word (`snake_case`) neither opens nor closes.
                    canOpen = leftFlanking && (!rightFlanking || isPunctuation(before))
                    canClose = rightFlanking && (!leftFlanking || isPunctuation(after))
                }
                if character == "~", run != 2 {
                    output.append(contentsOf: characters[index..<after])
                    index = after
                    continue
                }
                if canClose, let opener = delimiters.lastIndex(where: { $0.character == character && $0.count == run && $0.canOpen }) {
                    // Matched: the opener's characters come out of the output, and this run is dropped.
                    let start = delimiters[opener].at
                    output.removeSubrange(start..<(start + run))
                    for later in delimiters.indices where later > opener { delimiters[later].at -= run }
                    delimiters.removeSubrange(opener...)
                } else {
                    delimiters.append((character, run, output.count, canOpen))
                    output.append(contentsOf: characters[index..<after])
                }
                index = after
            default:
                output.append(character)
                index += 1
            }
        }
        return String(output)
    }

    /// Whether `text` holds a character Markdown gives a meaning (`*`, `_`, `~`, a backtick, `[`, a
    /// backslash). Most labels hold none, and are read as written: their bytes are looked at, not
    /// their characters, which cost a walk of Unicode's grapheme rules each.
    static func mayHoldMarkup(_ text: String) -> Bool {
        text.utf8.contains { byte in
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "`"), UInt8(ascii: "["), UInt8(ascii: "\\"): true
            default: false
            }
        }
    }

    /// The index of the bracket that closes the one at `start`, or nil.
    private static func matching(_ characters: [Character], from start: Int, open: Character, close: Character) -> Int? {
        var depth = 0
        var index = start
        while index < characters.count {
            if characters[index] == "\\" { index += 2; continue }
            if characters[index] == open { depth += 1 }
            if characters[index] == close {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }
}

extension Text {
    /// A date relative to now (the session's clock, virtual or real) as SwiftUI writes it:
    /// `.relative` the two largest units (`2 hours, 23 minutes`), `.offset` the largest with its
    /// sign (`+2 hours`), `.timer` a clock (`2:32`, `1:02:32`).
    static func relative(_ date: Date, style: DateStyle, now: Date = Date()) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let future = date >= now
        let (earlier, later) = future ? (now, date) : (date, now)
        if style == .timer {
            let seconds = Int(later.timeIntervalSince(earlier))
            let (hours, minutes, rest) = (seconds / 3600, seconds % 3600 / 60, seconds % 60)
            let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
            return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
        }
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: earlier, to: later)
        let units: [(Int?, String)] = [(parts.year, "year"), (parts.month, "month"), (parts.day, "day"), (parts.hour, "hour"), (parts.minute, "minute"), (parts.second, "second")]
        let named = units.compactMap { value, unit -> String? in
            guard let value, value > 0 else { return nil }
            return "\(value) \(unit)\(value == 1 ? "" : "s")"
        }
        if style == .offset {
            return (future ? "+" : "-") + (named.first ?? "0 seconds")
        }
        return named.isEmpty ? "0 seconds" : named.prefix(2).joined(separator: ", ")
    }
}
