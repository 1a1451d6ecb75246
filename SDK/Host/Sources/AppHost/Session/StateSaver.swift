@_spi(Host) @_spi(Runtime) import AppHostKit
import AppHostLoading
@_spi(Host) import AppHostNavigation
import FoundationEssentials
import Glibc

/// Saves a session's state to a ``StateStore`` without making every command wait for a file write.
///
/// A change is saved at once if the last save is at least ``interval`` old; otherwise it is
/// kept pending and saved by the next change past the interval or by ``flush()``, which the
/// session calls before it waits for input and when it ends. So a person's every step is saved
/// before the next prompt, and a script running thousands of commands a second writes the file
/// about twenty times a second. Killed outright (SIGKILL), a session loses at most the changes of
/// its last ``interval``; the file itself is always a complete state, old or new.
@MainActor
public final class StateSaver {
    /// How long changes may wait while commands keep coming.
    public static let defaultInterval: Duration = .milliseconds(50)

    /// The file saved to.
    public let store: StateStore
    /// How long changes may wait while commands keep coming (zero: every change is saved at once).
    public let interval: Duration
    private let state: @MainActor () -> AppState
    private let views: @MainActor () -> ViewJourney?
    private let defaults: @MainActor () -> [String: DefaultsValue]
    private let warn: @MainActor (String) -> Void
    private let clock = ContinuousClock()
    private var pending = false
    private var lastSave: ContinuousClock.Instant?

    /// A saver of the state `state` returns, to `store`; failures go to `warn`.
    public convenience init(
        store: StateStore,
        interval: Duration = StateSaver.defaultInterval,
        state: @escaping @MainActor () -> AppState,
        views: @escaping @MainActor () -> ViewJourney? = { nil },
        warn: @escaping @MainActor (String) -> Void
    ) {
        self.init(store: store, interval: interval, state: state, views: views, defaults: { [:] }, warn: warn)
    }

    /// A saver of the state, the views' journey and the app's `@AppStorage` values.
    @_spi(Runtime) public init(
        store: StateStore,
        interval: Duration = StateSaver.defaultInterval,
        state: @escaping @MainActor () -> AppState,
        views: @escaping @MainActor () -> ViewJourney?,
        defaults: @escaping @MainActor () -> [String: DefaultsValue],
        warn: @escaping @MainActor (String) -> Void
    ) {
        self.store = store
        self.interval = interval
        self.state = state
        self.views = views
        self.defaults = defaults
        self.warn = warn
    }

    /// The state changed: save it now, or soon.
    public func changed() {
        pending = true
        if let lastSave, clock.now - lastSave < interval { return }
        flush()
    }

    /// Saves a pending change now.
    public func flush() {
        guard pending else { return }
        pending = false
        lastSave = clock.now
        do {
            try store.save(state(), views: views(), defaults: defaults())
        } catch {
            warn("state \(error)")
        }
    }
}
