// The compiler plugin behind `#Preview` and `@Entry`. It answers the compiler's plugin protocol
// itself (a message is eight bytes of little-endian length, then that much JSON), so it needs no
// swift-syntax and builds in a second.
// - `#Preview` expands to nothing: its body is still type-checked, as its arguments are; AppHost
//   has no canvas to show it, so nothing of it is compiled into the feature.
// - `@Entry var name: Type = value` in `extension EnvironmentValues` expands as SwiftUI's does: the
//   property's getter and setter read and write a key, and the key is a private type beside it
//   whose default is the value (`Entry.swift` reads the declaration's text).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

/// Reads exactly `count` bytes of standard input, or nil at its end.
func readBytes(_ count: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
        let got = bytes.withUnsafeMutableBytes { read(0, $0.baseAddress! + filled, count - filled) }
        if got < 0, errno == EINTR { continue }
        guard got > 0 else { return nil }
        filled += got
    }
    return bytes
}

/// Writes one message: its length, then its JSON.
func send(_ body: [UInt8]) {
    var length = UInt64(body.count).littleEndian
    let header = withUnsafeBytes(of: &length) { Array($0) }
    for part in [header, body] {
        var written = 0
        while written < part.count {
            let done = part.withUnsafeBytes { write(1, $0.baseAddress! + written, part.count - written) }
            if done < 0, errno == EINTR { continue }
            guard done > 0 else { exit(1) }
            written += done
        }
    }
}

func send(_ json: String) { send(Array(json.utf8)) }

/// The message's kind: its one top-level key, as in `{"getCapability":{…}}`.
func kind(of message: [UInt8]) -> String {
    guard let open = message.firstIndex(of: UInt8(ascii: "\"")),
        let close = message[(open + 1)...].firstIndex(of: UInt8(ascii: "\""))
    else { return "" }
    return String(decoding: message[(open + 1)..<close], as: UTF8.self)
}

/// What an attached macro's expansion is told (the parts this plugin reads).
struct AttachedRequest: Decodable {
    struct Body: Decodable {
        struct Macro: Decodable { var typeName: String }
        struct Syntax: Decodable {
            struct Location: Decodable {
                var fileName: String
                var offset: Int
            }
            var source: String
            var location: Location
        }
        var macro: Macro
        var macroRole: String
        var declSyntax: Syntax
        var lexicalContext: [Syntax]?
    }
    var expandAttachedMacro: Body
}

/// The answer to an expansion: its source, or an error at the declaration.
struct Expansion: Encodable {
    struct Result: Encodable {
        struct Diagnostic: Encodable {
            struct Position: Encodable {
                var fileName: String
                var offset: Int
            }
            var message: String
            var severity = "error"
            var position: Position
            var highlights: [Position] = []
            var notes: [Position] = []
            var fixIts: [Position] = []
        }
        var expandedSource: String?
        var diagnostics: [Diagnostic]
    }
    var expandMacroResult: Result
}

func expandAttached(_ message: [UInt8]) -> [UInt8] {
    let empty = Array(#"{"expandMacroResult":{"expandedSource":"","diagnostics":[]}}"#.utf8)
    guard let request = try? JSONDecoder().decode(AttachedRequest.self, from: Data(message)).expandAttachedMacro,
        request.macro.typeName == "EntryMacro"
    else { return empty }
    let context = request.lexicalContext?.first?.source ?? ""
    let result: Expansion.Result
    switch EntryDeclaration.parse(request.declSyntax.source, context: context) {
    case .success(let entry):
        result = .init(expandedSource: request.macroRole == "peer" ? entry.key : entry.accessors, diagnostics: [])
    case .failure(let failure):
        let position = Expansion.Result.Diagnostic.Position(
            fileName: request.declSyntax.location.fileName, offset: request.declSyntax.location.offset
        )
        result = .init(expandedSource: nil, diagnostics: [.init(message: failure.message, position: position)])
    }
    return (try? Array(JSONEncoder().encode(Expansion(expandMacroResult: result)))) ?? empty
}

while let header = readBytes(8) {
    var length: UInt64 = 0
    for (index, byte) in header.enumerated() { length |= UInt64(byte) << (8 * UInt64(index)) }
    guard length < 1 << 30, let message = readBytes(Int(length)) else { exit(1) }
    switch kind(of: message) {
    case "getCapability":
        send(#"{"getCapabilityResult":{"capability":{"protocolVersion":7}}}"#)
    case "expandFreestandingMacro":
        send(#"{"expandMacroResult":{"expandedSource":"","diagnostics":[]}}"#)
    case "expandAttachedMacro":
        send(expandAttached(message))
    case "loadPluginLibrary":
        send(#"{"loadPluginLibraryResult":{"loaded":false,"diagnostics":[]}}"#)
    default:
        exit(1)
    }
}
