// Reading fields out of a JSONValue: what a reader of the host's own JSON records needs to turn
// them back into values, each accessor nil when the value is of another kind.

extension JSONValue {
    /// The fields, if this is an object.
    public var fields: [String: JSONValue]? {
        if case .object(let fields) = self { fields } else { nil }
    }

    /// The string, if this is one.
    public var string: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// The number, if this is one.
    public var int: Int? {
        if case .number(let number) = self { number } else { nil }
    }

    /// The flag, if this is one.
    public var bool: Bool? {
        if case .bool(let flag) = self { flag } else { nil }
    }

    /// Each element read by `element`; nil if this is not an array or one element does not read.
    public func list<Element>(_ element: (JSONValue) -> Element?) -> [Element]? {
        guard case .array(let values) = self else { return nil }
        var elements: [Element] = []
        elements.reserveCapacity(values.count)
        for value in values {
            guard let read = element(value) else { return nil }
            elements.append(read)
        }
        return elements
    }
}

extension [String: JSONValue] {
    /// An optional field: `.some(nil)` when it is missing or null, `.some(value)` when it reads,
    /// nil when it is there and does not read.
    public func optional<Read>(_ key: String, _ read: (JSONValue) -> Read?) -> Read?? {
        guard let value = self[key] else { return .some(nil) }
        if case .null = value { return .some(nil) }
        guard let read = read(value) else { return nil }
        return .some(read)
    }
}
