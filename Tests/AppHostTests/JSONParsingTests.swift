import AppHostSupport
import Foundation
import Testing

/// `JSONValue(parsing:)`: JSON text read in one pass, without JSONDecoder, for what the host
/// reads back of its own writing (a feature's description) and any JSON of the same kinds.
@Suite
struct JSONParsingTests {
    @Test
    func whatTheHostWritesReadsBackTheSame() throws {
        let value = JSONValue.object([
            "text": .string("quote \" backslash \\ slash / tab \t newline \n control \u{1} é 😀"),
            "numbers": .array([.number(0), .number(-1), .number(Int.max), .number(Int.min)]),
            "flags": .array([.bool(true), .bool(false), .null]),
            "nested": .object(["empty": .object([:]), "list": .array([.array([])])]),
        ])

        let read = try JSONValue(parsing: value.text)

        #expect(read == value)
        #expect(read.text == value.text)
    }

    @Test(arguments: [
        "plain", "", "é 😀", "quote \" in the middle", "back\\slash", "new\nline", "tab\t", "control \u{1F} \u{7F}",
    ])
    func whatTheHostWritesIsWhatJSONSerializationReads(text: String) throws {
        let value = JSONValue.object(["b": .string(text), "a": .array([.string(text), .bool(true), .number(-3), .null])])

        let written = value.text
        let read = try #require(JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any])

        #expect(read["b"] as? String == text)
        #expect((read["a"] as? [Any])?.first as? String == text)
        #expect(written.hasPrefix(#"{"a":["#), "keys are written sorted: \(written)")
        #expect(JSONValue.quoted(text) == JSONValue.string(text).text)
    }

    @Test
    func escapesAndWhiteSpaceReadAsJSONSerializationReadsThem() throws {
        let text = #" [ "\u00e9\ud83d\ude00" , "\/\b\f\n\r\t\"\\" , "plain é" ] "#
        let expected = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String])

        let read = try JSONValue(parsing: text)

        #expect(read == .array(expected.map { .string($0) }))
    }

    /// Each bad text: the error says what is at fault and at which byte.
    @Test(arguments: [
        ("", "the text ends where a value should be at byte 0"),
        ("[1,]", "']' cannot start a value at byte 3"),
        ("{\"a\" 1}", "':' should follow the key \"a\" at byte 5"),
        ("{1:2}", "an object's key must be a string at byte 1"),
        ("[1 2]", "',' or ']' should follow an array's value at byte 3"),
        ("{\"a\":1 \"b\":2}", "',' or '}' should follow an object's value at byte 7"),
        ("\"open", "a string that does not end at byte 0"),
        ("\"a\\qb\"", "an unknown escape in a string at byte 2"),
        ("\"\\ud83d\"", "a lone surrogate in a \\u escape at byte 7"),
        ("\"\\u12g4\"", "four hex digits should follow \\u at byte 5"),
        ("\"tab\there\"", "a control character in a string (it must be escaped) at byte 4"),
        ("01", "a number may not start with 0 at byte 0"),
        ("1.5", "a number with a fraction or an exponent (only integers are read) at byte 1"),
        ("1e3", "a number with a fraction or an exponent (only integers are read) at byte 1"),
        ("-", "a digit should follow '-' at byte 1"),
        ("9223372036854775808", "a number outside Int at byte 0"),
        ("-9223372036854775809", "a number outside Int at byte 0"),
        ("tru", "not a value (true misspelt?) at byte 0"),
        ("nul", "not a value (null misspelt?) at byte 0"),
        ("{} {}", "text after the value at byte 3"),
    ])
    func badTextIsNamedWithItsPlace(text: String, message: String) {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue(parsing: text) }
        do {
            _ = try JSONValue(parsing: text)
        } catch {
            #expect(error.description == message, "\(text)")
        }
    }

    @Test
    func textThatIsNotUTF8IsRefused() {
        let bytes: [UInt8] = [UInt8(ascii: "\""), 0xFF, 0xFE, UInt8(ascii: "\"")]

        let result = bytes.withUnsafeBufferPointer { bytes in Result { () throws(JSONValue.ParseError) in try JSONValue(parsing: bytes) } }

        #expect(throws: JSONValue.ParseError(offset: 0, reason: "a string that is not UTF-8")) { try result.get() }
    }

    /// Nesting is limited, so that text nested a million deep is refused instead of read by a recursion that overflows the stack.
    @Test
    func nestingPastTheLimitIsRefused() throws {
        let deepest = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        let deeper = String(repeating: "[", count: JSONValue.maximumDepth + 1) + String(repeating: "]", count: JSONValue.maximumDepth + 1)
        let million = String(repeating: "{\"a\":", count: 1_000_000)

        _ = try JSONValue(parsing: deepest)
        #expect(throws: JSONValue.ParseError(offset: JSONValue.maximumDepth, reason: "nested deeper than \(JSONValue.maximumDepth)")) { try JSONValue(parsing: deeper) }
        #expect(throws: JSONValue.ParseError.self) { try JSONValue(parsing: million) }
    }
}
