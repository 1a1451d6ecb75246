// The compiler plugin behind `#Preview`: it answers the compiler's plugin protocol (a message is
// eight bytes of little-endian length, then that much JSON) and expands every macro to nothing.
// A preview's body is still type-checked, as its arguments are; AppHost has no canvas to show it,
// so nothing of it is compiled into the feature. It needs no swift-syntax: it never reads the
// syntax it is sent.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
func send(_ json: String) {
    let body = Array(json.utf8)
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

/// The message's kind: its one top-level key, as in `{"getCapability":{…}}`.
func kind(of message: [UInt8]) -> String {
    guard let open = message.firstIndex(of: UInt8(ascii: "\"")),
        let close = message[(open + 1)...].firstIndex(of: UInt8(ascii: "\""))
    else { return "" }
    return String(decoding: message[(open + 1)..<close], as: UTF8.self)
}

while let header = readBytes(8) {
    var length: UInt64 = 0
    for (index, byte) in header.enumerated() { length |= UInt64(byte) << (8 * UInt64(index)) }
    guard length < 1 << 30, let message = readBytes(Int(length)) else { exit(1) }
    switch kind(of: message) {
    case "getCapability":
        send(#"{"getCapabilityResult":{"capability":{"protocolVersion":7}}}"#)
    case "expandFreestandingMacro", "expandAttachedMacro":
        send(#"{"expandMacroResult":{"expandedSource":"","diagnostics":[]}}"#)
    case "loadPluginLibrary":
        send(#"{"loadPluginLibraryResult":{"loaded":false,"diagnostics":[]}}"#)
    default:
        exit(1)
    }
}
