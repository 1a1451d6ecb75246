// The server's standard input and output as MCP messages, one JSON line each. A thread of its own
// reads standard input with blocking reads (no polling, so an answer leaves as soon as it is
// ready), finds each line break by looking at every byte once, and refuses a message longer
// than `maximumMessage` while it reads it, answering with a JSON-RPC error. Answers are written by
// one writer, a whole message at a time and in order, so answers to calls made at once never
// interleave however slowly the client reads.

import AppHostSupport
import Dispatch
import Foundation
import Glibc
import Logging
import MCP

actor LineTransport: Transport {
    /// The longest message the server reads; a longer one is refused, and the server goes on.
    static let maximumMessage = 4 * 1_048_576

    nonisolated let logger: Logger
    private let input: Int32
    private let output: Int32
    private let messages: AsyncThrowingStream<Data, Swift.Error>
    private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation
    /// The one writer of standard output.
    private let writer = DispatchQueue(label: "apphost.mcp.output")
    private var connected = false

    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, logger: Logger) {
        self.input = input
        self.output = output
        self.logger = logger
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        guard !connected else { return }
        connected = true
        // The transport lives as long as the server; the reader answers a refusal through it.
        let transport = self
        let reader = Thread { [input, continuation, logger] in
            Self.read(input, into: continuation, logger: logger) { refusal in
                Task { try? await transport.send(refusal) }
            }
        }
        reader.name = "apphost.mcp.input"
        reader.start()
    }

    func disconnect() async {
        connected = false
        continuation.finish()
    }

    /// Writes `message` and a line break, whole, after every message sent before it.
    func send(_ message: Data) async throws {
        let bytes = [UInt8](message) + [UInt8(ascii: "\n")]
        let output = output
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, Swift.Error>) in
            writer.async {
                // A standard output someone else made non-blocking is waited for, not failed.
                guard Descriptor.writeAll(output, bytes) else {
                    return done.resume(throwing: MCPError.internalError("standard output: \(String(cString: strerror(errno)))"))
                }
                done.resume()
            }
        }
    }

    nonisolated func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        messages
    }

    /// Reads messages from `input` until its end; a message over the limit is skipped to its line
    /// break and `refuse` gets the error to answer with.
    private static func read(
        _ input: Int32, into messages: AsyncThrowingStream<Data, Swift.Error>.Continuation, logger: Logger,
        refuse: @escaping @Sendable (Data) -> Void
    ) {
        var buffer: [UInt8] = []
        var start = 0
        var scanned = 0
        var skipping = false
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Descriptor.read(input, into: $0) }
            if count <= 0 { break }
            buffer += chunk[0..<count]
            while let newline = buffer[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                // A line is measured whole, wherever its end falls in what was read.
                if !skipping, newline - start > maximumMessage {
                    logger.error("a message of more than \(maximumMessage / 1_048_576) MiB was refused (LineTransport.maximumMessage)")
                    refuse(refusal)
                } else if !skipping, newline > start {
                    messages.yield(Data(buffer[start..<newline]))
                }
                skipping = false
                start = newline + 1
                scanned = 0
            }
            scanned = buffer.count - start
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            if !skipping, buffer.count > maximumMessage {
                logger.error("a message of more than \(maximumMessage / 1_048_576) MiB was refused (LineTransport.maximumMessage)")
                refuse(refusal)
                skipping = true
            }
            if skipping {
                buffer.removeAll(keepingCapacity: true)
                scanned = 0
            }
        }
        messages.finish()
    }

    /// The answer to a message too long to read: a JSON-RPC error without an id (it was not read).
    private static let refusal = Data(
        #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"the message is longer than \#(maximumMessage / 1_048_576) MiB, the most apphost mcp reads (LineTransport.maximumMessage); it was skipped"}}"#.utf8
    )
}
