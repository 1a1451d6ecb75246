import Glibc

/// Compacts the archive of old backups: seconds of pure CPU work, which apps hand to a detached
/// task so that the screen stays responsive. Stops early when its task is cancelled.
nonisolated struct ArchiveCompactor: Sendable {
    /// How much of a core's time a compaction takes: far longer than a flow's steps take on a loaded
    /// machine, so that a step that looks for it running never finds it done.
    var cpuSeconds: Double = 30

    /// Compacts, and returns how many megabytes it saved (0 if it was cancelled first).
    func compact() -> Int {
        var state: UInt64 = 0xcbf2_9ce4_8422_2325
        var rounds = 0
        // The thread's time so far is not this work's: a pool thread may have run much before it.
        let started = Self.threadCPUSeconds()
        while Self.threadCPUSeconds() - started < cpuSeconds {
            for _ in 0..<100_000 { state = (state ^ UInt64(truncatingIfNeeded: rounds)) &* 0x100_0000_01b3 }
            rounds += 1
            if Task.isCancelled { return 0 }
        }
        return 40 + Int(state % 2)
    }

    /// The CPU time this thread has used: the work's own cost, whatever else the machine runs.
    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
