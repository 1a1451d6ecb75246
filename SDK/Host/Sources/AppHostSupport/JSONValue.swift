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
        switch self {
        case .null: "null"
        case .string(let string): Self.quoted(string)
        case .number(let number): String(number)
        case .bool(let flag): String(flag)
        case .array(let values): "[" + values.map(\.text).joined(separator: ",") + "]"
        case .object(let fields):
            "{" + fields.keys.sorted().map { "\(Self.quoted($0)):\(fields[$0]?.text ?? "null")" }.joined(separator: ",") + "}"
        }
    }

    public static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += "\\u" + NumberText.hex(scalar.value, width: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
