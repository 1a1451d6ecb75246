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

    /// Work a job hands over as its last act runs on the job's own thread, after the job has
    /// returned; handed over from no lane of the pool, or while jobs wait for a lane, it is not
    /// taken (the caller runs it on the pool instead, behind them).
    @Test
    func workHandedOverRunsOnTheSameLaneAfterTheJobReturnsUnlessJobsWait() {
        let sut = SessionPool()
        let events = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
        #expect(!sut.handOver {}, "no lane of the pool runs this thread")
        sut.run {
            let thread = UInt(pthread_self())
            let taken = sut.handOver {
                events.withLock { $0.append(UInt(pthread_self()) == thread ? "handed, same thread" : "handed, another thread") }
                done.signal()
            }
            events.withLock { $0.append(taken ? "taken" : "refused") }
            #expect(!sut.handOver {}, "one job hands over one")
            events.withLock { $0.append("job returns") }
        }
        guard Self.wait(done, "the work handed over running") else { return }
        #expect(events.withLock { $0 } == ["taken", "job returns", "handed, same thread"])

        // Every lane held, and a job waiting: work handed over would run before it, so it is refused.
        let goFirst = DispatchSemaphore(value: 0)
        let goRest = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let refused = Mutex(false)
        sut.run {
            started.signal()
            goFirst.wait()
            refused.withLock { $0 = !sut.handOver {} }
            done.signal()
        }
        guard Self.wait(started, "the job that hands over starting") else { return }
        for _ in 1..<SessionPool.width {
            sut.run {
                started.signal()
                goRest.wait()
            }
        }
        for _ in 1..<SessionPool.width { guard Self.wait(started, "a job holding a lane starting") else { return } }
        sut.run { done.signal() }
        goFirst.signal()
        guard Self.wait(done, "the job that hands over ending") else { return }
        for _ in 1..<SessionPool.width { goRest.signal() }
        guard Self.wait(done, "the waiting job running") else { return }
        #expect(refused.withLock { $0 })
    }
}
