// A child `apphost` (a flow's `test --child`, an MCP session's `serve`, a crawl's `crawl --serve`)
// lives for its parent: when the parent is gone (killed, or ended without waiting), the child is
// reparented and nothing will ever read its answer, so it ends too instead of running on under init.

import Dispatch
import Glibc

public enum ParentWatch {
    /// How often the parent is looked for: a fact (the parent is gone) decides, not a length of time.
    static let interval: useconds_t = 200_000

    /// Ends this process (status 143, as SIGTERM would) once its parent has gone. `announced` is
    /// the parent's pid as the parent gave it (`--parent`): a parent killed while this process was
    /// still starting has already been replaced by init or a subreaper when this runs, so the pid
    /// this process finds then would be the wrong one to watch.
    public static func endWhenOrphaned(parent announced: Int32? = nil) {
        let parent = announced.map { pid_t($0) } ?? getppid()
        guard parent > 1 else { return }
        // Gone before this process looked.
        if getppid() != parent { _exit(143) }
        // A thread of its own for the life of the process: it sleeps between looks.
        DispatchQueue(label: "apphost.parent-watch").async {
            while getppid() == parent { usleep(interval) }
            _exit(143)
        }
    }
}
