// The few string operations the host needs beyond the standard library. The host
// imports FoundationEssentials, not Foundation: the full Foundation (with ICU) adds
// milliseconds to every start, and the host needs none of what only it offers.

import FoundationEssentials
import Glibc

extension StringProtocol {
    /// The text without line breaks at either end.
    public var trimmingNewlines: String {
        guard let first = firstIndex(where: { !$0.isNewline }) else { return "" }
        let last = lastIndex(where: { !$0.isNewline })!
        return String(self[first...last])
    }

    /// Whether the text equals `other`, ignoring case.
    public func equalsIgnoringCase<Other: StringProtocol>(_ other: Other) -> Bool {
        lowercased() == other.lowercased()
    }

    /// The text padded with spaces on the right to `length` characters (never shortened).
    public func padded(to length: Int) -> String {
        count >= length ? String(self) : String(self) + String(repeating: " ", count: length - count)
    }
}

/// Fixed-point and hexadecimal numbers, as `printf` writes them.
public enum NumberText {
    /// `value` with `digits` decimals, rounded half away from zero (`%.<digits>f`).
    public static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e18 else { return "\(value)" }
        let whole = UInt64(scaled)
        let divisor = UInt64(scale)
        var text = (value < 0 && whole != 0 ? "-" : "") + String(whole / divisor)
        if digits > 0 {
            let fraction = String(whole % divisor)
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }

    /// `value` in lowercase hexadecimal, at least `width` digits (`%0<width>x`).
    public static func hex<Value: BinaryInteger>(_ value: Value, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(width - digits.count, 0)) + digits
    }
}

/// An error that is only a message.
package struct MessageError: Error, CustomStringConvertible {
    package let description: String

    package init(description: String) {
        self.description = description
    }
}

/// An error as one line for a person: a file error from FoundationEssentials as the file and the
/// system's reason (`/x/y: No such file or directory`), anything else as it describes itself.
public func describe(_ error: any Error) -> String {
    guard let error = error as? CocoaError else { return "\(error)" }
    let path = error.userInfo["NSFilePath"] as? String
    let reason: String
    if let posix = error.userInfo["NSUnderlyingError"] as? POSIXError {
        reason = String(cString: strerror(posix.code.rawValue))
    } else {
        reason = "file error \(error.code.rawValue)"
    }
    return path.map { "\($0): \(reason)" } ?? reason
}

extension String {
    /// The text with control characters shown, never sent to a terminal: C0 and DEL in caret notation
    /// (`ESC` becomes `^[`), C1 as `\u{9B}`. Text from features, routes and state files passes through this.
    public var visible: String {
        // A byte scan first: C0 and DEL are single bytes, and C1 characters start with 0xC2.
        let suspect = utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }
        } ?? utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }
        guard suspect, unicodeScalars.contains(where: \.isControl) else {
            return self
        }
        var shown = ""
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20: shown += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            case 0x7F: shown += "^?"
            case 0x80..<0xA0: shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}

extension Unicode.Scalar {
    /// A C0 or C1 control character, or DEL.
    package var isControl: Bool { value < 0x20 || (0x7F..<0xA0).contains(value) }
}
