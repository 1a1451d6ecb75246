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

/// What the host does with a URL the app's code opens (`openURL`, `UIApplication.shared.open`)
/// while a session's command runs: the session opens it after the command, as a device would.
@_spi(Runtime)
public protocol SessionURLOpening: AnyObject, Sendable {
    /// Takes `url` (as the app wrote it) to open once the command's work has settled.
    func open(_ url: String)
}

extension SessionWorkContext {
    /// Hands `url` to the session whose command's code is running; false outside a session.
    public static func open(_ url: String) -> Bool {
        guard let session = current as? any SessionURLOpening else { return false }
        session.open(url)
        return true
    }
}
