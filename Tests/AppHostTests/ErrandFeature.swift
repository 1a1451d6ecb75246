// The feature TimeAsOnADeviceTests drives: a screen whose actions wait in the ways app code waits.

import AppHost
@_spi(Host) import AppHostKit
import Dispatch
import Glibc
import FoundationEssentials
import Observation
import Synchronization
import Testing

/// A screen whose every action waits in one of the ordinary ways app code waits.
enum ErrandNavigation: Navigation {
    case errands
    case clocks
    case sleep(entry: String)

    static let routeName = "errand"
}

/// A vendor's callback API: the answer comes on one of dispatch's threads, later.
nonisolated func fetchAnswer(after delay: DispatchTimeInterval, _ completion: @escaping @Sendable (Int) -> Void) {
    DispatchQueue.global().asyncAfter(deadline: .now() + delay) { completion(42) }
}

/// A vendor's C library, which arms its timer with `dispatch_after_f` (found as a C caller finds
/// it: the program's definition first).
nonisolated enum CVendor {
    private typealias Work = @convention(c) (UnsafeMutableRawPointer?) -> Void
    private typealias After = @convention(c) (UInt64, OpaquePointer?, UnsafeMutableRawPointer?, Work) -> Void
    private typealias Time = @convention(c) (UInt64, Int64) -> UInt64
    private typealias GlobalQueue = @convention(c) (Int, UInt) -> OpaquePointer?

    private final class Box {
        let completion: @Sendable (Int) -> Void
        init(_ completion: @escaping @Sendable (Int) -> Void) { self.completion = completion }
    }

    static func fetchAnswer(afterNanoseconds delay: Int64, _ completion: @escaping @Sendable (Int) -> Void) {
        let after = unsafeBitCast(dlsym(nil, "dispatch_after_f"), to: After.self)
        let time = unsafeBitCast(dlsym(nil, "dispatch_time"), to: Time.self)
        let queue = unsafeBitCast(dlsym(nil, "dispatch_get_global_queue"), to: GlobalQueue.self)
        after(time(0, delay), queue(0, 0), Unmanaged.passRetained(Box(completion)).toOpaque()) { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().completion(7)
        }
    }
}

/// A vendor's SDK that offers a flag to poll, set on one of dispatch's threads.
nonisolated final class VendorFlag: Sendable {
    private let flag = Atomic(false)

    var isSet: Bool { flag.load(ordering: .acquiring) }

    func set() { flag.store(true, ordering: .releasing) }

    func start(after delay: DispatchTimeInterval) {
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { self.set() }
    }
}

nonisolated struct ErrandSource: Sendable {
    @concurrent func upload() async -> String {
        try? await Task.sleep(for: .milliseconds(300))
        return "uploaded"
    }
}

@MainActor
@Observable
final class ErrandModel: ViewModel {
    private(set) var status = "idle"
    private(set) var loaded = false
    private(set) var readings: [String] = []
    @ObservationIgnored private var search: Task<Void, Never>?
    @ObservationIgnored var loadDelay: Duration = .zero

    func load() async {
        if loadDelay > .zero { try? await Task.sleep(for: loadDelay) }
        loaded = true
    }

    func saveAfterAPause() async {
        try? await Task.sleep(for: .milliseconds(300))
        status = "saved"
    }

    func uploadOffTheMainActor() async {
        status = await ErrandSource().upload()
    }

    func awaitDetachedValue() async {
        let work = Task.detached { () -> Int in
            try? await Task.sleep(for: .milliseconds(200))
            return 7
        }
        status = "detached \(await work.value)"
    }

    func awaitCallback() async {
        let answer = await withCheckedContinuation { continuation in
            fetchAnswer(after: .milliseconds(300)) { continuation.resume(returning: $0) }
        }
        status = "answer \(answer)"
    }

    func awaitCCallback() async {
        let answer = await withCheckedContinuation { continuation in
            CVendor.fetchAnswer(afterNanoseconds: 250_000_000) { continuation.resume(returning: $0) }
        }
        status = "answer \(answer)"
    }

    /// Hides a message half a second later, as views and view models often do with the main queue.
    func flashAfterAPause() {
        status = "flashing"
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
            self.status = "flashed"
        }
    }

    func woke() {
        status = "woke"
    }

    @ObservationIgnored private var ready = false

    /// Polls by yielding for a flag that a task sets after a sleep, as code polls an SDK's flag.
    func pollUntilReady() async {
        ready = false
        Task {
            try? await Task.sleep(for: .milliseconds(300))
            ready = true
        }
        var yields = 0
        // Bounded, so that a runtime that stopped passing time fails the test instead of hanging it.
        while !ready, yields < 1_000_000 {
            await Task.yield()
            yields += 1
        }
        status = ready ? "ready" : "never ready"
    }

    @ObservationIgnored private let vendor = VendorFlag()

    /// Polls by yielding for a flag a vendor's timer sets on one of dispatch's threads.
    func pollTheVendor() async {
        vendor.start(after: .milliseconds(300))
        var yields = 0
        while !vendor.isSet, yields < 1_000_000 {
            await Task.yield()
            yields += 1
        }
        status = vendor.isSet ? "synced" : "never synced"
    }

    @ObservationIgnored private let busy = VendorFlag()

    /// Starts CPU work on the pool that runs until ``stopBusyWork()``.
    func startBusyWork() {
        let busy = busy
        Task.detached {
            while !busy.isSet {}
        }
    }

    nonisolated func stopBusyWork() {
        busy.set()
    }

    /// Yields until the clock passes a deadline.
    func pollTheClock() async {
        let end = ContinuousClock.now + .milliseconds(50)
        var yields = 0
        while ContinuousClock.now < end, yields < 1_000_000 {
            await Task.yield()
            yields += 1
        }
        status = ContinuousClock.now < end ? "still early" : "past the deadline"
    }

    func didType(_ text: String) {
        search?.cancel()
        search = Task {
            do { try await Task.sleep(for: .milliseconds(300)) } catch { return }
            status = "searched \(text)"
        }
    }

    @ObservationIgnored private var pendingFilter: DispatchWorkItem?

    /// A debounce as code written before Swift concurrency does it: a work item on the main queue,
    /// cancelled and armed again at each keystroke.
    func didTypeFilter(_ text: String) {
        pendingFilter?.cancel()
        let item = DispatchWorkItem { [weak self] in
            MainActor.assumeIsolated { self?.status = "filtered \(text)" }
        }
        pendingFilter = item
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300), execute: item)
    }

    /// Works on a global queue and hands the result to the main queue, as callback-era code does.
    func hopThroughQueues() {
        status = "working"
        DispatchQueue.global().async {
            let answer = (1...10).reduce(0, +)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.status = "hopped \(answer)" }
            }
        }
    }

    /// A reader-writer queue: a write, then a work item with the barrier flag that reads what the
    /// write left.
    func readAfterABarrier() {
        status = "the barrier saw \(Self.barrierRead())"
    }

    nonisolated private static func barrierRead() -> Int {
        let queue = DispatchQueue(label: "errand.store", attributes: .concurrent)
        let value = Atomic(0)
        let seen = Atomic(-1)
        queue.async {
            usleep(20_000)
            value.store(1, ordering: .releasing)
        }
        queue.async(execute: DispatchWorkItem(flags: .barrier) { seen.store(value.load(ordering: .acquiring), ordering: .releasing) })
        queue.sync {}
        return seen.load(ordering: .acquiring)
    }

    /// Every clock the app can read, at the start and after each deadline it computes.
    func readClocks() async {
        let continuous = ContinuousClock.now
        let suspending = SuspendingClock.now
        let wall = Date()
        var next = continuous
        for _ in 0..<2 {
            next = next.advanced(by: .seconds(1))
            do { try await Task.sleep(until: next, clock: .continuous) } catch { return }
            let seconds = { (duration: Duration) in Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18 }
            readings.append(
                "\(seconds(continuous.duration(to: .now))) \(seconds(suspending.duration(to: .now))) \(Date().timeIntervalSince(wall))"
            )
        }
    }
}

/// Every way Swift code asks for a sleep of one second.
enum SleepEntry: String, CaseIterable, Sendable {
    case nanoseconds, forDuration, untilContinuous, untilSuspending, continuousClock, suspendingClock, clockProtocol

    func sleepOneSecond() async throws {
        switch self {
        case .nanoseconds: try await Task.sleep(nanoseconds: 1_000_000_000)
        case .forDuration: try await Task.sleep(for: .seconds(1))
        case .untilContinuous: try await Task.sleep(until: .now + .seconds(1), clock: .continuous)
        case .untilSuspending: try await Task.sleep(until: SuspendingClock.now + .seconds(1), clock: .suspending)
        case .continuousClock: try await ContinuousClock().sleep(for: .seconds(1))
        case .suspendingClock:
            let clock = SuspendingClock()
            try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
        case .clockProtocol: try await Self.sleep(on: ContinuousClock())
        }
    }

    /// Through `Clock`'s own requirement, as code generic over a clock calls it.
    private static func sleep<C: Clock>(on clock: C) async throws where C.Duration == Duration {
        try await clock.sleep(until: clock.now.advanced(by: .seconds(1)), tolerance: nil)
    }
}
