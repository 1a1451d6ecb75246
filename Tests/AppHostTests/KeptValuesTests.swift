@testable import AppHostSupport
import Testing

@testable import AppHost
@testable import AppHostLoading
@testable import AppHostNavigation

/// Kept results: made once a key while there is room, made every time after, never kept when they fail.
@Suite
struct KeptValuesTests {
    private struct Refused: Error {}

    @Test
    func aResultIsMadeOnceAKeyUntilTheLimitThenEveryTime() {
        let kept = KeptValues<Int, String>(limit: 2)
        var made: [Int] = []
        func value(_ key: Int) -> String {
            kept.value(for: key) { () -> String in
                made.append(key)
                return "value \(key)"
            }
        }

        #expect([1, 2, 1, 2, 3, 3, 1].map(value) == ["value 1", "value 2", "value 1", "value 2", "value 3", "value 3", "value 1"])
        #expect(made == [1, 2, 3, 3])
    }

    @Test
    func aFailureIsNotKept() throws {
        let kept = KeptValues<String, Int>(limit: 4)
        var attempts = 0
        for _ in 0..<3 {
            #expect(throws: Refused.self) {
                try kept.value(for: "bad") { () throws(Refused) -> Int in
                    attempts += 1
                    throw Refused()
                }
            }
        }
        #expect(attempts == 3)
        #expect(try kept.value(for: "bad") { () throws(Refused) -> Int in 7 } == 7)
        #expect(try kept.value(for: "bad") { () throws(Refused) -> Int in 8 } == 7)
    }
}
