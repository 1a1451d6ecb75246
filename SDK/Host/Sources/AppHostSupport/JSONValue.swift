/// A JSON value, written with sorted keys and no spaces: how a session's JSON answers, a probe's
/// report of a feature's description and the loading side's records are written.
public indirect enum JSONValue: Equatable, Sendable {
    case string(String)
    case number(Int)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    public var text: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// Appends the value's text to `text`, with no string made for each part.
    public func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .string(let string): Self.appendQuoted(string, to: &text)
        case .number(let number): text += String(number)
        case .bool(let flag): text += flag ? "true" : "false"
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(to: &text)
            }
            text += "]"
        case .object(let fields):
            text += "{"
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                Self.appendQuoted(key, to: &text)
                text += ":"
                fields[key, default: .null].write(to: &text)
            }
            text += "}"
        }
    }

    public static func quoted(_ string: String) -> String {
        var text = ""
        appendQuoted(string, to: &text)
        return text
    }

    /// Appends `string` in quotes, escaped as JSON needs. Most strings need no escape: they are
    /// appended whole, after one pass over their bytes.
    private static func appendQuoted(_ string: String, to text: inout String) {
        text += "\""
        guard string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            text += string
            text += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20: text += "\\u" + NumberText.hex(scalar.value, width: 4)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
