import Foundation
@_spi(Runtime) import AppHostKit
import Testing

/// A session's `@AppStorage` store: its bounds, said when a value is refused, and its values as a
/// state file keeps them.
struct SessionDefaultsTests {
    /// What the store said, from any thread.
    final class Said: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    @Test
    func aValuePastTheBoundsIsRefusedAndSaid() {
        let said = Said()
        let store = SessionDefaults()
        store.refused = { said.add($0) }

        #expect(store.set(.string("short"), for: "name"))
        #expect(!store.set(.bytes(Array(repeating: 1, count: SessionDefaults.maximumValueBytes + 1)), for: "photo"))
        for index in 1..<SessionDefaults.maximumKeys { store.set(.int(index), for: "key\(index)") }
        #expect(!store.set(.bool(true), for: "one-too-many"))
        #expect(store.set(.string("changed"), for: "name"), "a key already kept may change")

        #expect(store.values.count == SessionDefaults.maximumKeys)
        #expect(store.values["photo"] == nil && store.values["one-too-many"] == nil)
        #expect(said.all == [
            "@AppStorage 'photo': a value of 65537 bytes is past the 65536 a session keeps (SessionDefaults.maximumValueBytes); it is not saved",
            "@AppStorage 'one-too-many': a session keeps at most 1024 keys (SessionDefaults.maximumKeys); this one is not saved",
        ])
    }

    @Test
    func aChangeIsToldOnceAndAnUnchangedValueNot() {
        let said = Said()
        let store = SessionDefaults()
        store.changed = { said.add("changed") }
        store.set(.double(1.5), for: "zoom")
        store.set(.double(1.5), for: "zoom")
        store.set(nil, for: "zoom")
        store.set(nil, for: "zoom")
        #expect(said.all == ["changed", "changed"])
    }

    @Test
    func valuesKeepTheirKindInJSON() throws {
        let values: [String: DefaultsValue] = ["a": .int(3), "b": .double(3), "c": .bool(true), "d": .string("x"), "e": .bytes([1, 2]), "f": .date(0)]
        let data = try JSONEncoder().encode(values)
        #expect(try JSONDecoder().decode([String: DefaultsValue].self, from: data) == values)
        #expect(String(decoding: data, as: UTF8.self).contains(#""a":{"int":3}"#))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DefaultsValue.self, from: Data(#"{"int":3,"bool":true}"#.utf8)) }
    }
}
