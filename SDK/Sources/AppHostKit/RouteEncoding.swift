// Turns a navigation value into a Route through its own Codable conformance.
//
// A synthesized enum encodes as a keyed container with one key, the case,
// holding a nested keyed container of the associated values; a struct encodes
// its properties at the top level; a raw-value enum encodes one string. Those
// three shapes map onto `name/destination?parameters`, `name?parameters` and
// `name/destination`. Anything deeper is refused: navigation values hold
// primitives only.

enum RouteEncoding {
    static func encode<Value: RouteCodable>(_ value: Value) throws(RouteError) -> Route {
        try encodeTyped(value).route
    }

    /// The route of `value` and the type of each of its parameters (`int`, `double`, `bool`,
    /// `string`, `uuid`), in order: what tools show of a destination.
    static func encodeTyped<Value: RouteCodable>(_ value: Value) throws(RouteError) -> (route: Route, types: [String]) {
        let sink = Sink()
        do {
            try value.encode(to: RouteValueEncoder(sink: sink, depth: .top))
        } catch let error as RouteError {
            throw RouteError(route: Value.routeName, message: error.message)
        } catch {
            throw RouteError(route: Value.routeName, message: "cannot be encoded: \(error)")
        }
        if let error = sink.error {
            throw RouteError(route: Value.routeName, message: error)
        }
        return (Route(name: Value.routeName, destination: sink.destination, parameters: sink.parameters), sink.types)
    }

    final class Sink {
        var destination: String?
        var parameters: [Route.Parameter] = []
        /// Each parameter's type, as ``encodeTyped(_:)`` names it.
        var types: [String] = []
        /// The type a parameter encoded through its own Codable conformance is shown as (a UUID).
        var pendingType: String?
        var error: String?
        /// Set when a top-level key held primitives directly (a struct).
        var hasTopLevelParameters = false

        func fail(_ message: String) {
            if error == nil { error = message }
        }

        func add(_ name: String, _ value: String, type: String) {
            parameters.append(Route.Parameter(name: name, value: value))
            types.append(pendingType ?? type)
            pendingType = nil
        }
    }

    enum Depth {
        /// The value itself.
        case top
        /// Inside an enum case's associated values.
        case caseValues
        /// A single primitive for the named parameter (e.g. a UUID's string).
        case parameter(String)
    }
}

private struct RouteValueEncoder: Encoder {
    let sink: RouteEncoding.Sink
    let depth: RouteEncoding.Depth
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        switch depth {
        case .top, .caseValues:
            return KeyedEncodingContainer(RouteKeyedEncoder<Key>(sink: sink, depth: depth))
        case .parameter(let name):
            sink.fail("parameter '\(name)' is not a primitive; navigation values hold primitives only")
            return KeyedEncodingContainer(RouteKeyedEncoder<Key>(sink: sink, depth: depth))
        }
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.fail("lists are not supported in navigation values; use primitives only")
        return RefusingUnkeyedEncoder(codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        RouteSingleValueEncoder(sink: sink, depth: depth)
    }
}

private struct RouteKeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: RouteEncoding.Sink
    let depth: RouteEncoding.Depth
    var codingPath: [any CodingKey] = []

    private func put(_ text: String, forKey key: Key, type: String) {
        if case .top = depth {
            sink.hasTopLevelParameters = true
            if sink.destination != nil {
                sink.fail("mixes a destination with top-level parameters")
            }
        }
        sink.add(key.stringValue, text, type: type)
    }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(String(value), forKey: key, type: "bool") }
    mutating func encode(_ value: String, forKey key: Key) throws { put(value, forKey: key, type: "string") }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(String(value), forKey: key, type: "double") }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(String(value), forKey: key, type: "double") }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(String(value), forKey: key, type: "int") }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(String(value), forKey: key, type: "int") }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(String(value), forKey: key, type: "int") }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(String(value), forKey: key, type: "int") }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(String(value), forKey: key, type: "int") }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(String(value), forKey: key, type: "int") }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(String(value), forKey: key, type: "int") }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(String(value), forKey: key, type: "int") }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(String(value), forKey: key, type: "int") }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(String(value), forKey: key, type: "int") }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        // Types such as UUID encode themselves as one primitive.
        if _typeName(T.self, qualified: false) == "UUID" { sink.pendingType = "uuid" }
        try value.encode(to: RouteValueEncoder(sink: sink, depth: .parameter(key.stringValue)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        guard case .top = depth else {
            sink.fail("parameter '\(key.stringValue)' is not a primitive; navigation values hold primitives only")
            return KeyedEncodingContainer(RouteKeyedEncoder<NestedKey>(sink: sink, depth: depth))
        }
        if sink.destination != nil || sink.hasTopLevelParameters {
            sink.fail("encodes more than one destination")
        }
        sink.destination = key.stringValue
        return KeyedEncodingContainer(RouteKeyedEncoder<NestedKey>(sink: sink, depth: .caseValues))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        sink.fail("parameter '\(key.stringValue)' is a list; navigation values hold primitives only")
        return RefusingUnkeyedEncoder(codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        RouteValueEncoder(sink: sink, depth: .parameter("super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        RouteValueEncoder(sink: sink, depth: .parameter(key.stringValue))
    }
}

private struct RouteSingleValueEncoder: SingleValueEncodingContainer {
    let sink: RouteEncoding.Sink
    let depth: RouteEncoding.Depth
    var codingPath: [any CodingKey] = []

    private func put(_ text: String, type: String) {
        switch depth {
        case .top:
            // A raw-value enum: the value names the destination.
            sink.destination = text
        case .parameter(let name):
            sink.add(name, text, type: type)
        case .caseValues:
            sink.fail("encodes a bare value inside a destination")
        }
    }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws { put(String(value), type: "bool") }
    mutating func encode(_ value: String) throws { put(value, type: "string") }
    mutating func encode(_ value: Double) throws { put(String(value), type: "double") }
    mutating func encode(_ value: Float) throws { put(String(value), type: "double") }
    mutating func encode(_ value: Int) throws { put(String(value), type: "int") }
    mutating func encode(_ value: Int8) throws { put(String(value), type: "int") }
    mutating func encode(_ value: Int16) throws { put(String(value), type: "int") }
    mutating func encode(_ value: Int32) throws { put(String(value), type: "int") }
    mutating func encode(_ value: Int64) throws { put(String(value), type: "int") }
    mutating func encode(_ value: UInt) throws { put(String(value), type: "int") }
    mutating func encode(_ value: UInt8) throws { put(String(value), type: "int") }
    mutating func encode(_ value: UInt16) throws { put(String(value), type: "int") }
    mutating func encode(_ value: UInt32) throws { put(String(value), type: "int") }
    mutating func encode(_ value: UInt64) throws { put(String(value), type: "int") }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: RouteValueEncoder(sink: sink, depth: depth))
    }
}

private struct RefusingUnkeyedEncoder: UnkeyedEncodingContainer {
    var codingPath: [any CodingKey]
    var count: Int { 0 }

    private func refuse() throws -> Never {
        throw RouteError(route: "", message: "lists are not supported in navigation values; use primitives only")
    }

    mutating func encodeNil() throws { try refuse() }
    mutating func encode<T: Encodable>(_ value: T) throws { try refuse() }
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RouteKeyedEncoder<NestedKey>(sink: RouteEncoding.Sink(), depth: .caseValues))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder {
        RouteValueEncoder(sink: RouteEncoding.Sink(), depth: .caseValues)
    }
}
