@_spi(Host) @_spi(Runtime) import AppHostKit
import AppHostLoading
import CHostGuard
import Observation
import Synchronization

/// What a session hears of work that runs beside it: a property an `@Observable` model's body
/// read has changed. The change is counted, and whoever waits for input is woken, from any thread.
public final class BackgroundWork: Sendable {
    private let changes = Atomic<Int>(0)
    /// The closure is held in a class. A closure kept directly in the mutex would be wrapped in a
    /// new pair of reabstraction thunks at every `withLock`: its value is passed `inout` at the
    /// mutex's generic abstraction and written back. Each change would make the next call deeper,
    /// and a session slower and bigger with every change it heard.
    private let wake = Mutex<Wake?>(nil)

    private final class Wake: Sendable {
        let call: @Sendable () -> Void
        init(_ call: @escaping @Sendable () -> Void) { self.call = call }
    }

    public init() {}

    /// How many changes have been heard so far.
    public var changeCount: Int { changes.load(ordering: .acquiring) }

    /// Calls `wake` (on the thread that made the change) each time a change is heard.
    public func onChange(_ wake: (@Sendable () -> Void)?) {
        let box = wake.map(Wake.init)
        self.wake.withLock { $0 = box }
    }

    package func changed() {
        changes.add(1, ordering: .releasing)
        wake.withLock { $0 }?.call()
    }
}

/// A flag set from any thread when what a kept body read has changed.
private final class StaleFlag: Sendable {
    private let stale = Atomic<Bool>(false)
    package var isSet: Bool { stale.load(ordering: .acquiring) }
    package func set() { stale.store(true, ordering: .releasing) }
    package func clear() { stale.store(false, ordering: .releasing) }
}

/// One kept screen: its body, kept while nothing it read has changed when its model is
/// `@Observable`, and the task it started when it appeared, cancelled when it goes away.
@MainActor
package final class ScreenLife {
    package let screen: Screen
    /// The library the screen's feature was loaded from, if any.
    package var origin: String?
    private var kept: [Node]?
    private let stale = StaleFlag()
    /// Only cancelled from `deinit`, which may run anywhere: a `Task` handle is `Sendable`.
    private nonisolated(unsafe) var task: Task<Void, Never>?

    /// The session's `@AppStorage` values, which the screen's views are drawn with.
    private let defaults: SessionDefaults?

    package init(_ screen: Screen, defaults: SessionDefaults? = nil) {
        self.screen = screen
        self.defaults = defaults
    }

    deinit {
        task?.cancel()
    }

    /// The screen's body: built now for a model that is not observable; for an observable one,
    /// the body kept from last time unless a property it read has changed since, in which case it
    /// is built again and watched again (`withObservationTracking`).
    package func body(reportingTo work: BackgroundWork) -> [Node] {
        // Only views read the session's `@AppStorage`: a screen of the kit's DSL is built as it is.
        guard screen.drawsViews else { return build(reportingTo: work) }
        return SessionDefaults.$current.withValue(defaults) { build(reportingTo: work) }
    }

    private func build(reportingTo work: BackgroundWork) -> [Node] {
        // A body that overflows its stack is reported on an alternate one, whichever thread builds it.
        apphost_guard_prepare_thread()
        guard screen.isObservable else { return BodyNesting.capped(screen.body, feature: feature) }
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
        kept = BodyNesting.capped(body, feature: feature)
        return kept ?? body
    }

    /// Who made the screen, for a message about it: its library, else its route's name.
    package var feature: String {
        origin.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "the feature"
    }

    /// The screen leaves the screen: the work its views name for that, to run.
    package func leave() -> [@MainActor () -> Void] {
        guard screen.drawsViews else { return [] }
        left = true
        return screen.viewsLeave()
    }

    /// The screen is shown again: if its kept body will be used (nothing it read changed), the
    /// work of its views appearing again; else none, for drawing it anew finds them appearing.
    package func returning() -> [@MainActor () -> Void] {
        guard left else { return [] }
        left = false
        guard kept != nil, !stale.isSet else { return [] }
        return screen.viewsReturn()
    }

    /// Whether the screen left the screen and has not been shown since.
    private var left = false

    /// Cancels the work the screen started when it appeared, and hands it over to be awaited.
    package func endTask() -> Task<Void, Never>? {
        defer { task = nil }
        task?.cancel()
        return task
    }

    /// Starts the work the screen names for when it appears, once; true if it started any.
    package func startTask() -> Bool {
        guard screen.hasTask, task == nil else { return false }
        let screen = screen
        task = Task { await screen.runTask() }
        return true
    }
}
