import AppHost
import AppHostSupport
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// What a session waits for: a command line, the end of its input, input running dry (time to
/// save), or a change made by work running beside it. Lines are read on a thread of their own,
/// so the main actor is free while the session waits, and the tasks view models start there run.
final class SessionEvents: Sendable {
    enum Event: Sendable {
        case line(String)
        /// Lines that were all ready at once (a script, a pipe a program filled): handed over together,
        /// since each hand-over between the input thread and the main actor costs far more than a command.
        case lines([String])
        /// No more input: the end of the pipe or the script.
        case end
        /// No line is waiting to be read: pending work (a state save) can be done now.
        case idle
        /// Work beside the session changed what a screen's body read.
        case changed
        /// Ctrl-C at the prompt abandoned the line.
        case interrupted
    }

    private let queue = HandOffQueue<Event>()

    init() {}

    func send(_ event: Event) {
        queue.send(event)
    }

    /// The next event, once there is one; it waits where the session runs (the main actor).
    nonisolated(nonsending) func next() async -> Event {
        await queue.next()
    }

    /// The most lines handed over together.
    static let batch = 256

    /// The most batches read ahead of the session: the input thread waits for the session to take
    /// one before it reads more, so a long script or pipe is never held in memory whole.
    static let batchesAhead = 4

    private let slots = DispatchSemaphore(value: batchesAhead)
    private let stopped = Atomic<Bool>(false)

    /// Hands over a batch once fewer than ``batchesAhead`` wait; false once the session has stopped.
    private func sendBatch(_ lines: [String]) -> Bool {
        slots.wait()
        guard !stopped.load(ordering: .acquiring) else { return false }
        send(.lines(lines))
        return true
    }

    /// The session has taken a batch (and run it): the input thread may read another.
    func tookBatch() {
        slots.signal()
    }

    /// The session reads no more: an input thread waiting to hand over a batch ends.
    func stop() {
        stopped.store(true, ordering: .releasing)
        slots.signal()
    }

    /// Reads standard input on a new thread, handing over together the lines that are ready (up to
    /// ``batch``), saying `idle` before a read that would wait; ends with `end`. Input is read in
    /// blocks (``InputLines``), and looked at with `poll` only when no whole line is left in hand:
    /// a pipe full of commands costs one read(2) a block, not a poll and a read a line.
    func readStandardInput() {
        startThread { [self] in
            var input = InputLines(descriptor: STDIN_FILENO)
            var ready: [String] = []
            while true {
                if ready.count >= Self.batch || (!input.hasLine && !input.hasPendingInput()) {
                    if !ready.isEmpty, !sendBatch(ready) { return }
                    ready = []
                    if !input.hasLine, !input.hasPendingInput() { send(.idle) }
                }
                guard let line = input.next() else { break }
                ready.append(line.withoutCarriageReturn)
            }
            if !ready.isEmpty, !sendBatch(ready) { return }
            send(.end)
        }
    }

    /// Hands over the lines of a script on a new thread, ``batch`` at a time; ends with `end`.
    func read(_ script: ScriptLines) {
        startThread { [self] in
            var ready: [String] = []
            while let line = script.next() {
                ready.append(line)
                if ready.count >= Self.batch {
                    guard sendBatch(ready) else { return }
                    ready = []
                }
            }
            if !ready.isEmpty, !sendBatch(ready) { return }
            send(.end)
        }
    }

    /// Reads lines at the prompt on a new thread, each once `turns` gives the prompt to show;
    /// ends with `end` (Ctrl-D, or the terminal closed) or when `turns` closes.
    func read(at editor: LineEditor, taking turns: PromptTurns) {
        startThread { [self] in
            while let prompt = turns.take() {
                switch editor.read(prompt: prompt) {
                case .line(let line): send(.line(line))
                case .interrupted: send(.interrupted)
                case .end:
                    send(.end)
                    return
                }
            }
        }
    }

    /// Runs `body` on a new detached thread; if no thread can be made, the input ends at once.
    private func startThread(_ body: @escaping @Sendable () -> Void) {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Box>.fromOpaque(box).release()
            send(.end)
        }
    }
}

/// Hands the prompt to the input thread, one line at a time: the thread waits for its turn, so
/// the prompt is shown only once the screen of the last line is drawn.
final class PromptTurns: Sendable {
    private let prompt = Mutex<(text: String?, closed: Bool)>((nil, false))
    private let ready = DispatchSemaphore(value: 0)

    /// Lets the input thread read one line at `text`.
    func give(_ text: String) {
        prompt.withLock { $0.text = text }
        ready.signal()
    }

    /// No more lines will be read.
    func close() {
        prompt.withLock { $0.closed = true }
        ready.signal()
    }

    /// Waits for a turn; the prompt to show, or nil once closed.
    func take() -> String? {
        ready.wait()
        return prompt.withLock { state in
            guard !state.closed else { return nil }
            defer { state.text = nil }
            return state.text
        }
    }
}

/// The lines of a descriptor, read a block at a time: each as `readLine` gives it (without its
/// newline, invalid UTF-8 repaired; a last line with no newline is a line).
struct InputLines {
    /// The most bytes one read(2) asks for.
    static let blockSize = 65_536

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the bytes not yet handed out begin in `buffer`.
    private var start = 0
    /// Where to look for the next newline: the bytes before it, from `start`, hold none.
    private var scanned = 0
    private var ended = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether a whole line is in hand, to be had without reading.
    var hasLine: Bool {
        mutating get {
            if buffer[scanned...].contains(UInt8(ascii: "\n")) { return true }
            scanned = buffer.count
            return false
        }
    }

    /// Whether the descriptor has bytes (or its end) to read at once.
    func hasPendingInput() -> Bool {
        if ended { return true }
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, 0) > 0
    }

    /// The next line, reading more when none is in hand (waiting for it); nil at the end.
    mutating func next() -> String? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                scanned = start
                return line
            }
            scanned = buffer.count
            if ended {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return line
            }
            fill()
        }
    }

    /// Reads one block after what is in hand, dropping what was handed out already.
    private mutating func fill() {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
        let had = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: Self.blockSize))
        let count = buffer.withUnsafeMutableBytes { bytes in
            Descriptor.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: bytes[had...]))
        }
        buffer.removeSubrange((had + max(count, 0))...)
        if count <= 0 { ended = true }
    }
}
