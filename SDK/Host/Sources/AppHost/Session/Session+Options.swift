// How a session is told to behave: its format and its options.

extension Session {
    /// How screens are written.
    public enum Format: String, Sendable, CaseIterable {
        /// Text for people, drawn by ``TextRenderer``.
        case text
        /// One JSON line a screen, for scripts, drawn by ``JSONRenderer``.
        case json
    }

    /// The width a session's device has, as SwiftUI's `horizontalSizeClass` gives it.
    public enum SizeClass: String, Sendable, CaseIterable {
        /// A phone held upright: the default.
        case compact
        /// An iPad, or a large phone on its side.
        case regular
    }

    /// How a session behaves.
    public struct Options: Sendable {
        /// Columns of rendered text.
        public var width: Int
        /// End the session at the first error, with exit code 1.
        public var strict: Bool
        /// How screens are written.
        public var format: Format
        /// Emphasise text screens with terminal escape sequences (see ``TextRenderer/color``).
        public var color: Bool
        /// How long a command may spend settling: waiting for the work it started to finish
        /// (see ``Session/settle()``), at most ``Session/maximumSettleTimeout``.
        public var settleTimeout: Duration
        /// Hold view-model sleeps on the session's own virtual clock, which only `wait` moves (see
        /// ``VirtualTime``); where it is not available, time is real.
        public var virtualTime: Bool
        /// The folder files written for others go into (`record FILE` in a flow or a served
        /// session): a name is resolved inside it, and `..`, paths outside it and symbolic links
        /// are refused; nil lets the person at the terminal name any file.
        public var writeRoot: String?
        /// How many deadlines one `wait` on virtual time wakes at most (``Session/maximumWakeUps``).
        public var maximumWakeUps: Int
        /// The width of the device the session stands for: the views' `horizontalSizeClass`.
        public var sizeClass: SizeClass = .compact
        /// Run the session on one thread: the session's tasks that hop to the global pool (a call
        /// to a `@concurrent` function) run on the session's thread, in the order they were
        /// queued, instead of on a pool thread. Faster, and the same order on every run; what it
        /// changes for code is in docs/sessions.md ("One thread").
        public var oneThread = false

        /// Creates options.
        public init(
            width: Int = TextRenderer.defaultWidth, strict: Bool = false, format: Format = .text, color: Bool = false,
            settleTimeout: Duration = Session.defaultSettleTimeout, virtualTime: Bool = false, writeRoot: String? = nil,
            maximumWakeUps: Int = Session.maximumWakeUps
        ) {
            self.maximumWakeUps = max(maximumWakeUps, 1)
            self.virtualTime = virtualTime
            self.writeRoot = writeRoot
            self.width = width
            self.strict = strict
            self.format = format
            self.color = color
            self.settleTimeout = min(max(settleTimeout, .zero), Session.maximumSettleTimeout)
        }
    }
}
