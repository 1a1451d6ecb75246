// Reading JSON text back into a JSONValue, without Foundation's JSONDecoder.
//
// A cold start reads every new feature's description, a thousand of them for a folder of a
// thousand features. JSONDecoder's generic decoding checks conformances at run time, and each
// check scans the conformance records of every loaded image. This reader is one pass over the
// bytes, with no dynamic cast.
//
// It reads the JSON the host writes, and refuses what JSONValue cannot hold: a number with a
// fraction or an exponent, or one outside Int. Like any reader of untrusted input it has
// limits, and it names what is at fault and where.

extension JSONValue {
    /// Why text is not JSON this reader takes: what is at fault, and the byte offset where.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var offset: Int
        public var reason: String

        public init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }

        public var description: String { "\(reason) at byte \(offset)" }
    }

    /// The deepest nesting of arrays and objects read; deeper text is refused, not read by recursion.
    public static let maximumDepth = 64

    /// The value `text` holds, with nothing but white space around it.
    public init(parsing text: some StringProtocol) throws(ParseError) {
        var text = String(text)
        let result = text.withUTF8 { bytes in Result { () throws(ParseError) in try Self(parsing: bytes) } }
        self = try result.get()
    }

    /// The value `bytes` (UTF-8) hold, with nothing but white space around it.
    public init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(ParseError) {
        var reader = JSONReader(bytes: bytes)
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.offset == bytes.count else { throw reader.fault("text after the value") }
        self = value
    }
}

/// One pass over the bytes: each function reads one thing at `offset` and moves past it.
private struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func fault(_ reason: String) -> JSONValue.ParseError {
        JSONValue.ParseError(offset: offset, reason: reason)
    }

    var next: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func skipSpace() {
        while let byte = next, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    mutating func value(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        skipSpace()
        guard let byte = next else { throw fault("the text ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fault("'\(Character(Unicode.Scalar(byte)))' cannot start a value")
        }
    }

    mutating func word(_ word: StaticString) throws(JSONValue.ParseError) {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count,
            (0..<count).allSatisfy({ bytes[offset + $0] == word.utf8Start[$0] })
        else { throw fault("not a value (\(word) misspelt?)") }
        offset += count
    }

    mutating func object(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth <= JSONValue.maximumDepth else { throw fault("nested deeper than \(JSONValue.maximumDepth)") }
        offset += 1
        var fields: [String: JSONValue] = [:]
        skipSpace()
        if next == UInt8(ascii: "}") {
            offset += 1
            return .object(fields)
        }
        while true {
            skipSpace()
            guard next == UInt8(ascii: "\"") else { throw fault("an object's key must be a string") }
            let key = try string()
            skipSpace()
            guard next == UInt8(ascii: ":") else { throw fault("':' should follow the key \"\(key)\"") }
            offset += 1
            // As JSONDecoder does, the last of a key written twice wins.
            fields[key] = try value(depth: depth)
            skipSpace()
            switch next {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                return .object(fields)
            default: throw fault("',' or '}' should follow an object's value")
            }
        }
    }

    mutating func array(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth <= JSONValue.maximumDepth else { throw fault("nested deeper than \(JSONValue.maximumDepth)") }
        offset += 1
        var values: [JSONValue] = []
        skipSpace()
        if next == UInt8(ascii: "]") {
            offset += 1
            return .array(values)
        }
        while true {
            values.append(try value(depth: depth))
            skipSpace()
            switch next {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                return .array(values)
            default: throw fault("',' or ']' should follow an array's value")
            }
        }
    }

    /// An integer: JSON's grammar for one, with no fraction or exponent, within Int.
    mutating func number() throws(JSONValue.ParseError) -> Int {
        let start = offset
        let negative = next == UInt8(ascii: "-")
        if negative { offset += 1 }
        guard let first = next, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { throw fault("a digit should follow '-'") }
        if first == UInt8(ascii: "0"), offset + 1 < bytes.count, bytes[offset + 1] >= UInt8(ascii: "0"), bytes[offset + 1] <= UInt8(ascii: "9") {
            throw fault("a number may not start with 0")
        }
        var magnitude = 0
        while let digit = next, digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") {
            let (times, overflowed) = magnitude.multipliedReportingOverflow(by: 10)
            // Counted negative, so Int.min is read too.
            let (sum, overflowedAgain) = times.subtractingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            guard !overflowed, !overflowedAgain else {
                offset = start
                throw fault("a number outside Int")
            }
            magnitude = sum
            offset += 1
        }
        if let byte = next, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            throw fault("a number with a fraction or an exponent (only integers are read)")
        }
        if negative { return magnitude }
        guard magnitude != Int.min else {
            offset = start
            throw fault("a number outside Int")
        }
        return -magnitude
    }

    mutating func string() throws(JSONValue.ParseError) -> String {
        offset += 1
        let start = offset
        // The common case, no escape: the bytes as they are.
        while let byte = next, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw fault("a control character in a string (it must be escaped)") }
            offset += 1
        }
        guard let stop = next else {
            offset = start - 1
            throw fault("a string that does not end")
        }
        var utf8 = Array(bytes[start..<offset])
        if stop == UInt8(ascii: "\\") { try escapedRest(into: &utf8) }
        offset += 1
        guard let text = String(validating: utf8, as: UTF8.self) else {
            offset = start - 1
            throw fault("a string that is not UTF-8")
        }
        return text
    }

    /// The rest of a string from its first escape, up to (not past) its closing quote.
    mutating func escapedRest(into utf8: inout [UInt8]) throws(JSONValue.ParseError) {
        while let byte = next, byte != UInt8(ascii: "\"") {
            guard byte >= 0x20 else { throw fault("a control character in a string (it must be escaped)") }
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                offset += 1
                continue
            }
            offset += 1
            guard let escaped = next else { break }
            offset += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"): utf8.append(contentsOf: try unicodeEscape())
            default:
                offset -= 2
                throw fault("an unknown escape in a string")
            }
        }
        guard next != nil else { throw fault("a string that does not end") }
    }

    /// `XXXX` after `\u` (and a second `\uXXXX` for a surrogate pair), as UTF-8.
    mutating func unicodeEscape() throws(JSONValue.ParseError) -> [UInt8] {
        let high = try hexQuad()
        var scalar: Unicode.Scalar?
        if (0xD800..<0xDC00).contains(high) {
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                throw fault("a lone surrogate in a \\u escape")
            }
            offset += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw fault("a lone surrogate in a \\u escape") }
            scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        } else {
            scalar = Unicode.Scalar(high)
        }
        guard let scalar else { throw fault("a lone surrogate in a \\u escape") }
        return Array(String(Character(scalar)).utf8)
    }

    mutating func hexQuad() throws(JSONValue.ParseError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw fault("four hex digits should follow \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fault("four hex digits should follow \\u")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }
}
