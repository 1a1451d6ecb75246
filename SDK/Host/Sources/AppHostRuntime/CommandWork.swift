@_spi(Runtime) import AppHostKit
import AppHostSupport
import CHostGuard
import CHostTasks
import Synchronization

/// The mark of one command's view-model code: set as a task-local value while that code runs, so
/// every unstructured task it starts (`Task { … }`, a screen's task) carries a reference to it for
/// as long as the task lives. While anything but the session holds it, work the command started
/// is alive. (`Task.detached` copies no task-local values and is not seen.) When the last holder
/// lets it go, it says so to its session's ``SessionJobs``: a task resumed by a thread that is none
/// of the session's (a callback's continuation) and then finished ends a settle at that moment.
package final class CommandWork: Sendable {
    /// The running command's marker: the kit's task-local value (``SessionWorkContext``), which
    /// the SDK's Combine schedulers carry across a dispatch queue.
    package static var current: CommandWork? { SessionWorkContext.current as? CommandWork }

    /// Runs `body` as the code of the command `marker` marks.
    package static func running<Result>(as marker: CommandWork, _ body: () -> Result) -> Result {
        SessionWorkContext.$current.withValue(marker, operation: body)
    }

    /// The count of the session's jobs, shared by every command's marker of one session.
    package let jobs: SessionJobs

    package init(jobs: SessionJobs) {
        self.jobs = jobs
        jobs.markers.add(1, ordering: .relaxed)
    }

    deinit {
        jobs.markers.subtract(1, ordering: .relaxed)
        jobs.touch()
    }
}

extension CommandWork: SessionURLOpening {
    package func open(_ url: String) {
        jobs.openedURLs.withLock { $0.append(url) }
    }
}
