// The keys full-screen mode reads from a terminal in raw mode.

import AppHost
import FoundationEssentials
import Glibc

/// A key read in raw mode.
enum Key: Equatable {
    case up, down, left, right, enter, escape, backspace, interrupt, endOfInput, redraw
    case pageUp, pageDown, home, end, tab
    case character(Character)

    /// The first key in `bytes`, removed from it; nil if none is complete.
    static func next(from bytes: inout [UInt8]) -> Key? {
        guard let first = bytes.first else { return nil }
        func take(_ count: Int, _ key: Key) -> Key {
            bytes.removeFirst(min(count, bytes.count))
            return key
        }
        switch first {
        case 0x1B:
            // An arrow is ESC [ A…D; ESC alone (nothing after it in the same read) is Esc.
            if bytes.count >= 3, bytes[1] == UInt8(ascii: "[") || bytes[1] == UInt8(ascii: "O") {
                switch bytes[2] {
                case UInt8(ascii: "A"): return take(3, .up)
                case UInt8(ascii: "B"): return take(3, .down)
                case UInt8(ascii: "C"): return take(3, .right)
                case UInt8(ascii: "D"): return take(3, .left)
                case UInt8(ascii: "H"): return take(3, .home)
                case UInt8(ascii: "F"): return take(3, .end)
                case UInt8(ascii: "1")...UInt8(ascii: "8") where bytes.count >= 4 && bytes[3] == UInt8(ascii: "~"):
                    // ESC [ N ~: 5 and 6 page up and down, 1 and 7 Home, 4 and 8 End.
                    let keys: [UInt8: Key] = [
                        UInt8(ascii: "5"): .pageUp, UInt8(ascii: "6"): .pageDown, UInt8(ascii: "1"): .home,
                        UInt8(ascii: "7"): .home, UInt8(ascii: "4"): .end, UInt8(ascii: "8"): .end,
                    ]
                    return take(4, keys[bytes[2]] ?? .redraw)
                default:
                    // Another sequence: skip up to its final byte.
                    let end = bytes.dropFirst(2).firstIndex { (0x40...0x7E).contains($0) } ?? (bytes.count - 1)
                    bytes.removeFirst(end + 1)
                    return .redraw
                }
            }
            return take(1, .escape)
        case 0x0D, 0x0A: return take(1, .enter)
        case 0x7F, 0x08: return take(1, .backspace)
        case 0x03: return take(1, .interrupt)
        case 0x04: return take(1, .endOfInput)
        case 0x0C: return take(1, .redraw)
        case 0x09: return take(1, .tab)
        default:
            // One UTF-8 character.
            let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
            guard bytes.count >= length else { return nil }
            let character = String(decoding: bytes[..<length], as: UTF8.self).first ?? "?"
            return take(length, character.isASCII && character.asciiValue.map { $0 < 0x20 } == true ? .redraw : .character(character))
        }
    }
}
