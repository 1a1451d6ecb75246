// Turns a Route back into a navigation value through the type's own Codable
// conformance; the mirror of RouteEncoding. Parameter text is converted to the
// type the decoder is asked for, so `identifier=2` becomes an Int only where
// the navigation type declares an Int. Every failure names the route and the
// parameter or destination at fault, and parameters the type does not read
// are refused rather than ignored.

enum RouteDecoding {
    static func decode<Value: RouteCodable>(_ type: Value.Type, from route: Route) throws(RouteError) -> Value {
        let source = Source(route: route)
        let value: Value
        do {
            value = try Value(from: RouteValueDecoder(source: source, depth: .top))
        } catch let error as RouteError {
            throw error
        } catch let error as DecodingError {
            throw RouteError(route: route.description, message: source.describe(error))
        } catch {
            throw RouteError(route: route.description, message: "\(error)")
        }
        let unread = route.parameters.map(\.name).filter { !source.read.contains($0) }
        if let first = unread.first {
            throw RouteError(
                route: route.description,
                message: "unknown parameter '\(first)' for \(route.path)"
            )
        }
        return value
    }

    final class Source {
        let route: Route
        var read: Set<String> = []

        init(route: Route) {
            self.route = route
        }

        func fail(_ message: String) -> RouteError {
            RouteError(route: route.description, message: message)
        }

        func value(for name: String) -> String? {
            route.parameters.first { $0.name == name }?.value
        }

        func describe(_ error: DecodingError) -> String {
            switch error {
            case .keyNotFound(let key, _):
                return "missing parameter '\(key.stringValue)' for \(route.path)"
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                if let key = context.codingPath.last {
                    return "parameter '\(key.stringValue)': \(context.debugDescription)"
                }
                return context.debugDescription
            @unknown default:
                return "\(error)"
            }
        }
    }

    enum Depth {
        case top
        case caseValues
        case parameter(String)
    }
}

private struct RouteValueDecoder: Decoder {
    let source: RouteDecoding.Source
    let depth: RouteDecoding.Depth
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch depth {
        case .top:
            if let destination = source.route.destination {
                guard Key(stringValue: destination) != nil else {
                    throw source.fail("'\(source.route.name)' has no destination '\(destination)'")
                }
                return KeyedDecodingContainer(RouteDestinationDecoder<Key>(source: source, destination: destination))
            }
            return KeyedDecodingContainer(RouteParameterDecoder<Key>(source: source))
        case .caseValues:
            return KeyedDecodingContainer(RouteParameterDecoder<Key>(source: source))
        case .parameter(let name):
            throw source.fail("parameter '\(name)' is not a primitive")
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw source.fail("lists are not supported in navigation values")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        switch depth {
        case .top:
            guard let destination = source.route.destination else {
                throw source.fail("'\(source.route.name)' needs a destination, e.g. \(source.route.name)/NAME")
            }
            return RouteTextDecoder(source: source, name: nil, text: destination)
        case .parameter(let name):
            guard let text = source.value(for: name) else {
                throw source.fail("missing parameter '\(name)' for \(source.route.path)")
            }
            return RouteTextDecoder(source: source, name: name, text: text)
        case .caseValues:
            throw source.fail("expects a bare value inside a destination")
        }
    }
}

/// The top level of an enum: one key, the destination, holding its parameters.
private struct RouteDestinationDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let source: RouteDecoding.Source
    let destination: String
    var codingPath: [any CodingKey] = []

    var allKeys: [Key] { Key(stringValue: destination).map { [$0] } ?? [] }

    func contains(_ key: Key) -> Bool { key.stringValue == destination }

    private func notPrimitive(_ key: Key) -> RouteError {
        source.fail("'\(source.route.name)' has no destination '\(destination)'")
    }

    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { throw notPrimitive(key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { throw notPrimitive(key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { throw notPrimitive(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw notPrimitive(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { throw notPrimitive(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { throw notPrimitive(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { throw notPrimitive(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { throw notPrimitive(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { throw notPrimitive(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { throw notPrimitive(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { throw notPrimitive(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { throw notPrimitive(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { throw notPrimitive(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { throw notPrimitive(key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw notPrimitive(key) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(RouteParameterDecoder<NestedKey>(source: source))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw source.fail("lists are not supported in navigation values")
    }

    func superDecoder() throws -> any Decoder { RouteValueDecoder(source: source, depth: .caseValues) }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        RouteValueDecoder(source: source, depth: .caseValues)
    }
}

/// The parameters of a destination (or of a struct), each read from its text.
private struct RouteParameterDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let source: RouteDecoding.Source
    var codingPath: [any CodingKey] = []

    var allKeys: [Key] { source.route.parameters.compactMap { Key(stringValue: $0.name) } }

    func contains(_ key: Key) -> Bool { source.value(for: key.stringValue) != nil }

    private func text(_ key: Key) throws -> RouteTextDecoder {
        guard let text = source.value(for: key.stringValue) else {
            throw source.fail("missing parameter '\(key.stringValue)' for \(source.route.path)")
        }
        source.read.insert(key.stringValue)
        return RouteTextDecoder(source: source, name: key.stringValue, text: text)
    }

    func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try text(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try text(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try text(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try text(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try text(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try text(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try text(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try text(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try text(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try text(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try text(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try text(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try text(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try text(key).decode(type) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard source.value(for: key.stringValue) != nil else {
            throw source.fail("missing parameter '\(key.stringValue)' for \(source.route.path)")
        }
        source.read.insert(key.stringValue)
        do {
            return try T(from: RouteValueDecoder(source: source, depth: .parameter(key.stringValue)))
        } catch let error as DecodingError {
            let text = source.value(for: key.stringValue) ?? ""
            throw source.fail("parameter '\(key.stringValue)' expects a valid \(T.self), got '\(text)' (\(source.describe(error)))")
        }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw source.fail("parameter '\(key.stringValue)' is not a primitive")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw source.fail("parameter '\(key.stringValue)' is a list; navigation values hold primitives only")
    }

    func superDecoder() throws -> any Decoder { RouteValueDecoder(source: source, depth: .caseValues) }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        RouteValueDecoder(source: source, depth: .parameter(key.stringValue))
    }
}

/// One value given as text: a parameter, or the destination of a raw-value enum.
private struct RouteTextDecoder: SingleValueDecodingContainer {
    let source: RouteDecoding.Source
    let name: String?
    let text: String
    var codingPath: [any CodingKey] = []

    private func mismatch(_ expected: String) -> RouteError {
        guard let name else {
            return source.fail("destination '\(text)' is not \(expected)")
        }
        return source.fail("parameter '\(name)' expects \(expected), got '\(text)'")
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let value = T(text) else { throw mismatch("an integer") }
        return value
    }

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool {
        guard let value = Route.bool(from: text) else { throw mismatch("true or false") }
        return value
    }
    func decode(_ type: String.Type) throws -> String { text }
    func decode(_ type: Double.Type) throws -> Double {
        guard let value = Route.double(from: text) else { throw mismatch("a number") }
        return value
    }
    func decode(_ type: Float.Type) throws -> Float {
        guard let value = Float(text), value.isFinite else { throw mismatch("a number") }
        return value
    }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try T(from: RouteValueDecoder(source: source, depth: name.map { .parameter($0) } ?? .top))
        } catch let error as DecodingError {
            throw mismatch("a valid \(T.self) (\(source.describe(error)))")
        }
    }
}
