/// A session's defaults: the values of the app's `@AppStorage`, one per key, owned by the session
/// (two sessions of one process never share them) and kept in its state file. The host sets the
/// session's store as a task-local value while it draws the session's screens and runs their
/// actions; the SDK's SwiftUI module keeps the observable cell of each key in it.
@_spi(Runtime)
public final class SessionDefaults: @unchecked Sendable {
    /// The store of the session whose screens are being drawn, if any.
    @TaskLocal public static var current: SessionDefaults?

    /// The most keys a session keeps, and the most bytes of one value: a store is a handful of
    /// settings, and the state file that holds it is bounded.
    public static let maximumKeys = 1_024
    public static let maximumValueBytes = 65_536

    // Invariant for `@unchecked Sendable`: read and written on the main actor only (by views, and
    // by the host between commands).
    /// The values as they are saved: restored from the state file, then as the app writes them.
    public private(set) var values: [String: DefaultsValue]
    /// The SwiftUI module's cell of each key it has been asked for (opaque here).
    public var cells: [String: AnyObject] = [:]
    /// Called after a value changes, for the host to save the state file soon.
    public var changed: (@Sendable () -> Void)?
    /// Called with what was refused when a value is past the bounds, for the host to say so.
    public var refused: (@Sendable (String) -> Void)?
    /// Whether the session stands for a device of regular width (an iPad, `--size-class regular`)
    /// rather than a phone's compact one: the views' `horizontalSizeClass`. Not saved.
    public var isRegularWidth = false

    public init(values: [String: DefaultsValue] = [:]) {
        self.values = values
    }

    /// `values` within the bounds: the first ``maximumKeys`` keys in name order whose values are
    /// at most ``maximumValueBytes``.
    public static func bounded(_ values: [String: DefaultsValue]) -> [String: DefaultsValue] {
        let kept = SessionDefaults()
        for (key, value) in values.sorted(by: { $0.key < $1.key }) { kept.set(value, for: key) }
        return kept.values
    }

    /// Takes the values a state file kept, before any view is drawn (changes no one is told of).
    public func restore(_ values: [String: DefaultsValue]) {
        self.values = values
    }

    /// Sets the value of `key` (nil removes it); false, and nothing kept, past the bounds.
    @discardableResult
    public func set(_ value: DefaultsValue?, for key: String) -> Bool {
        guard let value else {
            if values.removeValue(forKey: key) != nil { changed?() }
            return true
        }
        guard values[key] != nil || values.count < Self.maximumKeys else {
            refused?("@AppStorage '\(key)': a session keeps at most \(Self.maximumKeys) keys (SessionDefaults.maximumKeys); this one is not saved")
            return false
        }
        guard value.byteCount <= Self.maximumValueBytes else {
            refused?("@AppStorage '\(key)': a value of \(value.byteCount) bytes is past the \(Self.maximumValueBytes) a session keeps (SessionDefaults.maximumValueBytes); it is not saved")
            return false
        }
        guard values[key] != value else { return true }
        values[key] = value
        changed?()
        return true
    }
}

/// One stored value, of the kinds `@AppStorage` keeps: a Boolean, an integer, a floating-point
/// number, a string (a URL, or a raw value, is kept as its string), bytes, or a date (seconds
/// since 1970). Saved as a one-key JSON object naming its kind, so `3` and `3.0` stay apart.
@_spi(Runtime)
@frozen
public enum DefaultsValue: Hashable, Sendable, Codable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case bytes([UInt8])
    case date(Double)

    private enum Kind: String, CodingKey { case bool, int, double, string, bytes, date }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Kind.self)
        guard container.allKeys.count == 1, let kind = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a stored value is one of bool, int, double, string, bytes, date"))
        }
        switch kind {
        case .bool: self = .bool(try container.decode(Bool.self, forKey: kind))
        case .int: self = .int(try container.decode(Int.self, forKey: kind))
        case .double: self = .double(try container.decode(Double.self, forKey: kind))
        case .string: self = .string(try container.decode(String.self, forKey: kind))
        case .bytes: self = .bytes(try container.decode([UInt8].self, forKey: kind))
        case .date: self = .date(try container.decode(Double.self, forKey: kind))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Kind.self)
        switch self {
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .int(let value): try container.encode(value, forKey: .int)
        case .double(let value): try container.encode(value, forKey: .double)
        case .string(let value): try container.encode(value, forKey: .string)
        case .bytes(let value): try container.encode(value, forKey: .bytes)
        case .date(let value): try container.encode(value, forKey: .date)
        }
    }

    /// About how many bytes the value takes.
    var byteCount: Int {
        switch self {
        case .string(let text): text.utf8.count
        case .bytes(let bytes): bytes.count
        default: 8
        }
    }
}
