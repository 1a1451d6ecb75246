@testable import AppHostRuntime
import Dispatch
import Glibc
import Synchronization
import Testing

/// A session's pool (`SessionPool`): as wide as a phone's cores on every machine, each running job
/// on a thread of its own, and the jobs that wait for a lane run in the order they came.
struct SessionPoolTests {
    /// Waits for `semaphore`, failing the test instead of hanging it if it is never signalled.
    private static func wait(_ semaphore: DispatchSemaphore, _ what: String) -> Bool {
        let signalled = semaphore.wait(timeout: .now() + .seconds(60)) == .success
        if !signalled { Issue.record("\(what) never happened") }
        return signalled
    }

    @Test
    func asManyJobsAsTheWidthRunAtOnceEachOnAThreadOfItsOwnAndTheRestWaitInOrder() {
        let sut = SessionPool()
        let started = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let threads = Mutex<Set<UInt>>([])
        // Each holds its lane until told to go: all of them start only if they run at once.
        for _ in 0..<SessionPool.width {
            sut.run {
                _ = threads.withLock { $0.insert(UInt(pthread_self())) }
                started.signal()
                go.wait()
            }
        }
        for index in 0..<SessionPool.width {
            guard Self.wait(started, "job \(index + 1) of \(SessionPool.width) starting beside the others") else { return }
        }
        #expect(threads.withLock { $0.count } == SessionPool.width)

        let order = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
        for name in ["first", "second", "third"] {
            sut.run {
                order.withLock { $0.append(name) }
                done.signal()
            }
        }
        // Every lane is held: nothing more has run.
        #expect(order.withLock { $0 }.isEmpty)
        go.signal()
        for _ in 0..<3 { guard Self.wait(done, "a waiting job running") else { return } }
        #expect(order.withLock { $0 } == ["first", "second", "third"])
        for _ in 1..<SessionPool.width { go.signal() }
    }

    @Test
    func aBurstOfJobsRunsEveryOneOnNoMoreLanesThanTheWidth() {
        let sut = SessionPool()
        let ran = Atomic(0)
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<1_000 {
            sut.run {
                ran.add(1, ordering: .relaxed)
                done.signal()
            }
        }
        for index in 0..<1_000 { guard Self.wait(done, "job \(index + 1) of 1,000") else { return } }
        #expect(ran.load(ordering: .relaxed) == 1_000)
        #expect(sut.lanesMade <= SessionPool.width)
    }
}
