// How the session's settle waits for its jobs' counts to change (SessionJobs.swift).

import Synchronization

extension SessionJobs {
    /// How long ``waitForChange(since:until:)`` looks again before it suspends.
    package static let lookAgain = Duration.microseconds(30)

    /// Returns when the counts have changed since `version`, or once `deadline` (on the continuous
    /// clock, if any) has passed; true if they changed. One waiter at a time: the session's settle.
    /// It runs where its caller runs (`nonisolated(nonsending)`): a plain nonisolated async function
    /// would move the settle to the global pool and back at every wait, two more threads woken
    /// for each load a view model awaits.
    package nonisolated(nonsending) func waitForChange(since version: UInt64, until deadline: ContinuousClock.Instant?) async -> Bool {
        let clock = ContinuousClock()
        // Work on the pool often ends within microseconds. Looking again for a moment before
        // suspending saves the settle a wake-up (a system call and a switch of threads).
        // On a loaded machine, the thread that would end the work may be waiting for a core, which
        // looking again keeps busy. So after a look that saw no change, the next waits suspend at
        // once: twice as many after each further miss (up to 64), until a look sees a change.
        // This is for speed only. What is decided is decided by the counts, whenever they change.
        if spinning.shouldLook() {
            let looking = clock.now + Self.lookAgain
            var changed = false
            var looks = 0
            // The clock is read every 16 looks: a look is one load, a clock read twenty times that.
            while !changed, looks & 15 != 0 || clock.now < looking {
                changed = changes.load(ordering: .acquiring) != version
                looks &+= 1
            }
            spinning.looked(changed: changed)
            if changed { return true }
        }
        while state.withLock({ $0.counts.version }) == version {
            if let deadline, clock.now >= deadline { return false }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let changed = state.withLock { state in
                    guard state.counts.version == version else { return true }
                    state.waiter = continuation
                    return false
                }
                if changed {
                    continuation.resume()
                    return
                }
                // The limit wakes the waiter too; a change before it has already taken the continuation.
                guard let deadline else { return }
                HostExecutors.wake(at: deadline) { [weak self] in
                    let waiter = self?.state.withLock { state -> CheckedContinuation<Void, Never>? in
                        defer { state.waiter = nil }
                        return state.waiter
                    }
                    waiter?.resume()
                }
            }
        }
        return true
    }
}

/// When ``waitForChange(since:until:)`` looks again before it suspends: after a miss, not for
/// the next few waits.
struct LookingAgain {
    /// How many of the next waits suspend at once.
    var skip = 0
    /// How many the last miss made skip.
    var backoff = 0

    mutating func shouldLook() -> Bool {
        guard skip > 0 else { return true }
        skip -= 1
        return false
    }

    mutating func looked(changed: Bool) {
        backoff = changed ? 0 : min(max(backoff * 2, 1), 64)
        skip = backoff
    }
}
