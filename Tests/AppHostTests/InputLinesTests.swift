import Foundation
import Glibc
import Testing

@testable import apphost

/// Standard input read a block at a time gives the lines `readLine` gives, from a real pipe.
@Suite
struct InputLinesTests {
    /// The lines of `bytes`, written into a pipe in `pieces` writes, as `InputLines` reads them.
    private func lines(of bytes: [UInt8], inPieces pieces: Int = 1) throws -> [String] {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let size = max(bytes.count / pieces, 1)
        let writeEnd = ends[1]
        // Written by a thread of its own: the pipe holds 64 KiB, and some inputs are larger.
        let writer = Thread { [bytes] in
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + size, bytes.count)
                _ = bytes[offset..<end].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
                offset = end
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(ends[0]) }
        var input = InputLines(descriptor: ends[0])
        var lines: [String] = []
        while let line = input.next() { lines.append(line) }
        return lines
    }

    @Test
    func linesAreReadAsReadLineReadsThem() throws {
        #expect(try lines(of: Array("tap 1\nback\n".utf8)) == ["tap 1", "back"])
        #expect(try lines(of: Array("tap 1\nquit".utf8)) == ["tap 1", "quit"], "a last line with no newline is a line")
        #expect(try lines(of: Array("\n\nshow\n".utf8)) == ["", "", "show"])
        #expect(try lines(of: []) == [])
        #expect(try lines(of: [0x74, 0xFF, 0x0A]) == ["t\u{FFFD}"], "invalid UTF-8 is repaired")
        #expect(try lines(of: Array("type 1 Müller ✓\r\n".utf8)) == ["type 1 Müller ✓\r"], "the carriage return is the caller's to drop")
    }

    @Test
    func linesLongerThanABlockAndManyBlocksComeWhole() throws {
        let long = String(repeating: "x", count: InputLines.blockSize * 2 + 7)
        let script = (0..<20_000).map { "tap \($0)" } + [long, "quit"]
        let bytes = Array(script.joined(separator: "\n").utf8)
        #expect(try lines(of: bytes, inPieces: 97) == script)
    }
}
