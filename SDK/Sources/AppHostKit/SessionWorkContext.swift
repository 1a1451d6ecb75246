/// The command of a session that code runs as, for the host's runtime: a session's work is what
/// the code of one of its commands starts, and what that starts, whichever task or thread runs it.
/// Set by the host around view-model code (a task-local value, which every task it starts copies);
/// carried by the SDK's Combine schedulers across a dispatch queue, so that work handed to a queue
/// (`subscribe(on:)`, `receive(on:)`) and what it starts are counted as the command's too.
@_spi(Runtime)
public enum SessionWorkContext {
    /// The running command's mark, if code of a session's command is running; opaque outside the host.
    @TaskLocal public static var current: (any AnyObject & Sendable)?
}
