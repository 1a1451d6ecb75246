@_spi(Views) @_spi(Runtime) import AppHostKit
import Synchronization

/// Identifies views whose geometry is matched (`matchedGeometryEffect`): drawn as text, nothing moves.
@propertyWrapper
public struct Namespace: DynamicProperty, Sendable {
    public init() {}
    public var wrappedValue: ID { ID() }

    public struct ID: Hashable, Sendable {}
}

/// A value kept in the app's defaults, under a key: in a session, the session's (kept in its state
/// file, so the next run starts with it; two sessions never share one), and shared by every view
/// that names the key. Outside a session (a view drawn by a unit test) the values are the process's.
/// The values are those SwiftUI keeps: `Bool`, `Int`, `Double`, `String`, `URL`, `Data`, `Date`, a
/// `RawRepresentable` of an `Int` or a `String`, and optionals of them.
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    private let link: AppStorageLink<Value>

    private init(key: String, default value: Value, encode: @escaping (Value) -> DefaultsValue?, decode: @escaping (DefaultsValue) -> Value?) {
        link = AppStorageLink(key: key, default: value, encode: encode, decode: decode)
    }

    public var wrappedValue: Value {
        get { link.cell.value }
        nonmutating set { link.set(newValue) }
    }

    public var projectedValue: Binding<Value> {
        let link = link
        return Binding(get: { link.cell.value }, set: { link.set($0) })
    }
}

/// A type `@AppStorage` keeps as it is: `Bool`, `Int`, `Double`, `String`, `URL`, `Data`, `Date`.
public protocol _AppStorageValue {}
extension Bool: _AppStorageValue {}
extension Int: _AppStorageValue {}
extension Double: _AppStorageValue {}
extension String: _AppStorageValue {}
extension URL: _AppStorageValue {}
extension Data: _AppStorageValue {}
extension Date: _AppStorageValue {}

/// A value of those kinds as the session's store keeps it.
func storedValue(_ value: Any) -> DefaultsValue? {
    switch value {
    case let bool as Bool: .bool(bool)
    case let int as Int: .int(int)
    case let double as Double: .double(double)
    case let string as String: .string(string)
    case let url as URL: .string(url.absoluteString)
    case let data as Data: .bytes(Array(data))
    case let date as Date: .date(date.timeIntervalSince1970)
    default: nil
    }
}

/// A stored value as a value of `type`, if it is one (an integer is a `Double` too, as
/// UserDefaults reads it).
func value<V>(of stored: DefaultsValue, as type: V.Type) -> V? {
    switch stored {
    case .bool(let bool): bool as? V
    case .int(let int): (int as? V) ?? (Double(int) as? V)
    case .double(let double): double as? V
    case .string(let string): (string as? V) ?? (URL(string: string) as? V)
    case .bytes(let bytes): Data(bytes) as? V
    case .date(let seconds): Date(timeIntervalSince1970: seconds) as? V
    }
}

extension AppStorage where Value: _AppStorageValue {
    /// The value stored under `key`, or `wrappedValue` until one is.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) {
        self.init(key: key, default: wrappedValue, encode: { storedValue($0) }, decode: { value(of: $0, as: Value.self) })
    }
}

extension AppStorage where Value: RawRepresentable, Value.RawValue == Int {
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) {
        self.init(key: key, default: wrappedValue, encode: { .int($0.rawValue) }, decode: { value(of: $0, as: Int.self).flatMap(Value.init(rawValue:)) })
    }
}

extension AppStorage where Value: RawRepresentable, Value.RawValue == String {
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) {
        self.init(key: key, default: wrappedValue, encode: { .string($0.rawValue) }, decode: { value(of: $0, as: String.self).flatMap(Value.init(rawValue:)) })
    }
}

extension AppStorage {
    /// The optional value stored under `key`, nil until one is (setting nil removes it).
    public init<Wrapped: _AppStorageValue>(_ key: String, store: UserDefaults? = nil) where Value == Wrapped? {
        self.init(key: key, default: nil, encode: { $0.flatMap(storedValue) }, decode: { value(of: $0, as: Wrapped.self) })
    }

    public init<Wrapped: _AppStorageValue>(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Wrapped? {
        self.init(key: key, default: wrappedValue, encode: { $0.flatMap(storedValue) }, decode: { value(of: $0, as: Wrapped.self) })
    }

    public init<Wrapped: RawRepresentable>(_ key: String, store: UserDefaults? = nil) where Value == Wrapped?, Wrapped.RawValue == Int {
        self.init(key: key, default: nil, encode: { $0.map { .int($0.rawValue) } }, decode: { value(of: $0, as: Int.self).flatMap(Wrapped.init(rawValue:)) })
    }

    public init<Wrapped: RawRepresentable>(_ key: String, store: UserDefaults? = nil) where Value == Wrapped?, Wrapped.RawValue == String {
        self.init(key: key, default: nil, encode: { $0.map { .string($0.rawValue) } }, decode: { value(of: $0, as: String.self).flatMap(Wrapped.init(rawValue:)) })
    }
}

/// What one `@AppStorage` reads and writes: the cell of its key in the session's store (found when
/// the view is drawn), and how its values are saved.
final class AppStorageLink<Value>: @unchecked Sendable {
    let key: String
    /// The key's cell: the view's own until it is drawn, then the store's.
    private(set) var cell: StateCell<Value>
    private weak var defaults: SessionDefaults?
    private let encode: (Value) -> DefaultsValue?
    private let decode: (DefaultsValue) -> Value?

    init(key: String, default value: Value, encode: @escaping (Value) -> DefaultsValue?, decode: @escaping (DefaultsValue) -> Value?) {
        self.key = key
        self.encode = encode
        self.decode = decode
        cell = StateCell(value)
    }

    /// Takes the key's cell from the store the view is drawn for: the session's, else the process's.
    @MainActor
    func bind() {
        let first = cell.value
        if let store = SessionDefaults.current {
            defaults = store
            if let shared = store.cells[key] as? StateCell<Value> {
                cell = shared
            } else {
                // A key named with another type of value gets a cell of its own, as a store read
                // with the wrong type gives the default.
                let shared = StateCell(store.values[key].flatMap(decode) ?? first)
                if store.cells[key] == nil { store.cells[key] = shared }
                cell = shared
            }
        } else {
            cell = AppStorageValues.cell(for: key, default: first)
        }
    }

    func set(_ value: Value) {
        cell.value = value
        defaults?.set(encode(value), for: key)
    }
}

/// The values of `@AppStorage` outside any session (a view drawn by a unit test): one observable
/// cell per key for the process.
enum AppStorageValues {
    /// Invariant for `@unchecked Sendable`: the cells are read and written on the main actor (by
    /// views); the dictionary is behind the mutex.
    private struct Cells: @unchecked Sendable {
        var byKey: [String: AnyObject] = [:]
    }

    private static let cells = Mutex(Cells())

    /// The cell of `key`, made with `value` the first time the key is named.
    static func cell<Value>(for key: String, default value: @autoclosure () -> Value) -> StateCell<Value> {
        cells.withLock { cells in
            if let cell = cells.byKey[key] as? StateCell<Value> { return cell }
            let cell = StateCell(value())
            if cells.byKey[key] == nil { cells.byKey[key] = cell }
            return cell
        }
    }

    /// Forgets every value (for tests).
    static func removeAll() {
        cells.withLock { $0.byKey.removeAll() }
    }
}

extension AppStorage: BoundProperty {
    func bind(key: Int, in graph: ViewGraph, context: _RenderContext) {
        // The cell is the key's, not the view's: nothing to keep per view.
        link.bind()
        _ = link.cell.value
    }
}

/// The context of a change: drawn as text, nothing is animated.
public struct Transaction: Sendable {
    public init() {}
    public init(animation: Animation?) {}
    public var animation: Animation?
    public var disablesAnimations = false
}

/// How a change is animated: drawn as text, it happens at once.
public struct Animation: Sendable, Hashable {
    let name: String
    public static let `default` = Animation(name: "default")
    public static let linear = Animation(name: "linear")
    public static let easeIn = Animation(name: "easeIn")
    public static let easeOut = Animation(name: "easeOut")
    public static let easeInOut = Animation(name: "easeInOut")
    public static let spring = Animation(name: "spring")
    public static let bouncy = Animation(name: "bouncy")
    public static let smooth = Animation(name: "smooth")
    public static let snappy = Animation(name: "snappy")
    public static func linear(duration: Double) -> Animation { .linear }
    public static func easeIn(duration: Double) -> Animation { .easeIn }
    public static func easeOut(duration: Double) -> Animation { .easeOut }
    public static func easeInOut(duration: Double) -> Animation { .easeInOut }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.8, blendDuration: Double = 0) -> Animation { .spring }
    public static func spring(duration: Double, bounce: Double = 0) -> Animation { .spring }
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25) -> Animation { .spring }
    public func delay(_ delay: Double) -> Animation { self }
    public func speed(_ speed: Double) -> Animation { self }
    public func repeatForever(autoreverses: Bool = true) -> Animation { self }
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation { self }
}

/// Runs `body` at once: drawn as text, there is nothing to animate.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

/// Runs `body` at once, with a transaction.
@discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try body()
}
