@_spi(Host) import AppHostKit
import Observation
import Synchronization

/// What a session hears of work that runs beside it: a property an `@Observable` model's body
/// read has changed. The change is counted, and whoever waits for input is woken, from any thread.
public final class BackgroundWork: Sendable {
    private let changes = Atomic<Int>(0)
    private let wake = Mutex<(@Sendable () -> Void)?>(nil)

    public init() {}

    /// How many changes have been heard so far.
    public var changeCount: Int { changes.load(ordering: .acquiring) }

    /// Calls `wake` (on the thread that made the change) each time a change is heard.
    public func onChange(_ wake: (@Sendable () -> Void)?) {
        self.wake.withLock { $0 = wake }
    }

    func changed() {
        changes.add(1, ordering: .releasing)
        wake.withLock { $0 }?()
    }
}

/// The mark of one command's view-model code: set as a task-local value while that code runs, so
/// every unstructured task it starts (`Task { … }`, a screen's task) carries a reference to it for
/// as long as the task lives. While anything but the session holds it, work the command started
/// is alive. (`Task.detached` copies no task-local values and is not seen.)
final class CommandWork: Sendable {
    @TaskLocal static var current: CommandWork?
}

/// A flag set from any thread when what a kept body read has changed.
private final class StaleFlag: Sendable {
    private let stale = Atomic<Bool>(false)
    var isSet: Bool { stale.load(ordering: .acquiring) }
    func set() { stale.store(true, ordering: .releasing) }
    func clear() { stale.store(false, ordering: .releasing) }
}

/// One kept screen: its body, kept while nothing it read has changed when its model is
/// `@Observable`, and the task it started when it appeared, cancelled when it goes away.
@MainActor
final class ScreenLife {
    let screen: Screen
    /// The library the screen's feature was loaded from, if any.
    var origin: String?
    private var kept: [Node]?
    private let stale = StaleFlag()
    /// Only cancelled from `deinit`, which may run anywhere: a `Task` handle is `Sendable`.
    private nonisolated(unsafe) var task: Task<Void, Never>?

    init(_ screen: Screen) {
        self.screen = screen
    }

    deinit {
        task?.cancel()
    }

    /// The screen's body: built now for a model that is not observable; for an observable one,
    /// the body kept from last time unless a property it read has changed since, in which case it
    /// is built again and watched again (`withObservationTracking`).
    func body(reportingTo work: BackgroundWork) -> [Node] {
        guard screen.isObservable else { return screen.body }
        if let kept, !stale.isSet { return kept }
        stale.clear()
        let stale = stale
        let screen = screen
        let body = withObservationTracking {
            screen.body
        } onChange: {
            stale.set()
            work.changed()
        }
        kept = body
        return body
    }

    /// Starts the work the screen names for when it appears, once; true if it started any.
    func startTask() -> Bool {
        guard screen.hasTask, task == nil else { return false }
        let screen = screen
        task = Task { await screen.runTask() }
        return true
    }
}
