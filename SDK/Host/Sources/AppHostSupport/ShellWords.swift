// Commands the host suggests are written so that a shell runs them as printed.

/// Words written for a POSIX shell.
public enum ShellWords {
    /// `word` as a shell reads it back: as it is when it holds only characters no shell treats
    /// specially, else in single quotes (a single quote inside written `'\''`).
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "-_./:=@%+,".unicodeScalars.contains(scalar))
        }
        if plain { return word }
        return "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// `words` as one command line.
    public static func command(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }
}
