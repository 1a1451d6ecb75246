import AppHostOptions
import AppHostSupport
import ArgumentParser
import Glibc

/// The lines of a script file, read a chunk at a time as the session takes them: a script of
/// millions of commands is never held in memory whole. A file, or a pipe (`--script <(…)`).
///
/// `@unchecked Sendable`: it is handed to the input thread, which alone reads it from then on.
final class ScriptLines: @unchecked Sendable {
    private let path: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`.
    private var offset = 0
    private var ended = false
    /// Whether the last line given ended with a line feed (a file ending in one ends with an empty line).
    private var pendingEmpty = true

    /// The size of each read.
    static let chunk = 65_536

    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ValidationError("--script \(path): \(String(cString: strerror(errno)))") }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw ValidationError("--script \(path): is a folder, not a file of commands")
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The next line, without its line feed or a carriage return before it ("\r\n" endings);
    /// a file ending in a newline ends with an empty line, as it always has.
    func next() -> String? {
        while true {
            if let newline = buffer[offset...].firstIndex(of: 0x0A) {
                let line = text(offset..<newline)
                offset = newline + 1
                return line
            }
            if ended {
                // What is left after the last line feed (nothing, for a file ending in one), once.
                guard pendingEmpty else { return nil }
                pendingEmpty = false
                let line = text(offset..<buffer.count)
                offset = buffer.count
                return line
            }
            fill()
        }
    }

    private func text(_ range: Range<Int>) -> String {
        var last = range.upperBound
        if last > range.lowerBound, buffer[last - 1] == 0x0D { last -= 1 }
        return buffer.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range.lowerBound..<last]), as: UTF8.self) }
    }

    /// Reads the next chunk, keeping only the unread part of the buffer; at the end of the file
    /// (or a read error, reported), marks the script ended.
    private func fill() {
        if offset > 0 {
            buffer.removeSubrange(0..<offset)
            offset = 0
        }
        let start = buffer.count
        buffer += repeatElement(0, count: Self.chunk)
        let count = buffer.withUnsafeMutableBytes { Descriptor.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
        if count < 0 { standardError("error: --script \(path): \(String(cString: strerror(errno))); the script ends here\n") }
        buffer.removeLast(Self.chunk - max(count, 0))
        if count <= 0 {
            ended = true
            close(descriptor)
            descriptor = -1
        }
    }
}
