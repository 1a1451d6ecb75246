import Glibc

/// Reads a whole file with read(2): a regular file, a pipe or FIFO (`--script <(…)`), or a device
/// such as /dev/null, which FileManager does not read.
public enum FileBytes {
    /// The most a file read this way may hold; more is refused rather than held in memory.
    public static let limit = 256 * 1_048_576

    /// The file's bytes, or the system's reason it cannot be read.
    public static func read(_ path: String) throws(FileReadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        // A regular file is read straight into room for its size; what follows (a file that grew,
        // a pipe, a device) chunk by chunk.
        var status = stat()
        let expected = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
        guard expected <= limit else { throw FileReadError(path: path, reason: "larger than \(limit / 1_048_576) MiB") }
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            let read = Descriptor.readFull(descriptor, into: UnsafeMutableRawBufferPointer(buffer))
            if read < 0 { failure = errno }
            count = max(read, 0)
        }
        if failure != 0 { throw FileReadError(path: path, reason: String(cString: strerror(failure))) }
        if expected > 0, bytes.count < expected { return bytes }
        var chunk = [UInt8](repeating: 0, count: expected > 0 ? 4_096 : 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Descriptor.read(descriptor, into: $0) }
            if count < 0 { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else {
                throw FileReadError(path: path, reason: "larger than \(limit / 1_048_576) MiB")
            }
            bytes += chunk[0..<count]
        }
    }
}

/// A file that could not be read, and why.
public struct FileReadError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String

    public var description: String { "\(path): \(reason)" }
}
