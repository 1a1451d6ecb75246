@testable import AppHost
@testable import AppHostLoading
@testable import AppHostNavigation
import Foundation
import Synchronization
import Testing

/// The wake a session hears changes through is called at the same depth however many changes it
/// heard: a closure kept in a mutex and read back `inout` was wrapped in two more reabstraction
/// thunks at every change, and a session that heard 20,000 changes spent most of its time in them.
struct BackgroundWorkWakeTests {
    @Test
    func theWakeIsCalledAtTheSameDepthAfterManyChanges() {
        let work = BackgroundWork()
        let depths = Mutex<[Int]>([])
        work.onChange { depths.withLock { $0.append(Thread.callStackReturnAddresses.count) } }
        for _ in 0..<500 { work.changed() }
        let seen = depths.withLock { $0 }
        #expect(seen.count == 500)
        #expect(work.changeCount == 500)
        #expect(seen.first == seen.last, "the wake went from \(seen.first ?? 0) frames deep to \(seen.last ?? 0)")
    }
}
