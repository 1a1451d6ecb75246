/// "Did you mean …?": the known word nearest to a mistyped one.
public enum Suggestion {
    /// The candidate closest to `word` (case-insensitive edit distance, a swap of two neighbours
    /// counting as one edit), if it is close enough to be what was meant: at most one edit for
    /// words up to four characters, two up to eight, three beyond. A candidate that starts with
    /// the word is also taken when it is the only one.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let typed = Array(word.lowercased())
        guard !typed.isEmpty else { return nil }
        let limit = typed.count <= 4 ? 1 : typed.count <= 8 ? 2 : 3
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = Self.distance(typed, Array(candidate.lowercased()), limit: limit)
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        if let best { return best.candidate }
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(word.lowercased()) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// `; did you mean 'X'?` for `word`, or nothing.
    public static func phrase(for word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The optimal-string-alignment distance of `a` and `b`, or more than `limit` once it must be.
    package static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
