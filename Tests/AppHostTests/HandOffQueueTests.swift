import AppHost
@testable import AppHostSupport
import Testing

/// The queue a session takes its input from: values in order, a waiting reader woken by the next
/// one, and nothing kept that was taken.
@Suite
struct HandOffQueueTests {
    private final class Batch: Sendable {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    /// Weak references to the batches sent: which are still alive.
    private final class Released {
        private struct Reference {
            weak var batch: Batch?
        }

        private var references: [Reference] = []

        func watch(_ batch: Batch) {
            references.append(Reference(batch: batch))
        }

        func alive() -> [Int] {
            references.compactMap { $0.batch?.number }
        }
    }

    @Test
    func valuesComeInTheOrderTheyWereSentAndATakenOneIsLetGo() async {
        let sut = HandOffQueue<Batch>()
        let released = Released()
        for number in 0..<1_000 {
            let batch = Batch(number)
            released.watch(batch)
            sut.send(batch)
        }

        var taken: [Int] = []
        for _ in 0..<999 {
            taken.append(await sut.next().number)
        }

        #expect(taken == Array(0..<999))
        // Only the one not taken is alive, and the array no longer holds the 999 taken (at most
        // 31 emptied slots wait to be dropped from its front).
        #expect(released.alive() == [999])
        #expect(sut.slots < 64)
    }

    @Test
    func aReaderWaitingForAValueIsWokenByTheNextSent() async {
        let sut = HandOffQueue<Batch>()

        async let first = sut.next().number
        // The reader may or may not be waiting yet: either way the value reaches it.
        sut.send(Batch(7))
        sut.send(Batch(8))

        #expect(await first == 7)
        #expect(await sut.next().number == 8)
    }

    @Test
    func aLongRunOfSendsAndTakesKeepsOnlyWhatWaits() async {
        let sut = HandOffQueue<Batch>()
        // The reader one value behind, 100,000 times: a session taking batches as they come.
        sut.send(Batch(0))
        for number in 1...100_000 {
            sut.send(Batch(number))
            _ = await sut.next()
        }

        #expect(sut.slots < 64)
        #expect(await sut.next().number == 100_000)
    }
}
