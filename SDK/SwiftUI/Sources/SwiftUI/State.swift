@_spi(Views) @_spi(Runtime) import AppHostKit
import Synchronization

/// The storage of one `@State` (or `@FocusState`): observable, so a drawing that read it is drawn
/// again when it changes. A view made again for each drawing gets a new cell, which is pointed at
/// the one kept for its identity before its body is drawn.
final class StateCell<Value>: Observable, @unchecked Sendable {
    private var stored: Value
    private var target: StateCell<Value>?
    private let registrar = ObservationRegistrar()

    init(_ value: Value) {
        stored = value
    }

    /// The cell that holds the value: the kept one once bound.
    var resolved: StateCell<Value> { target ?? self }

    var value: Value {
        get {
            let cell = resolved
            cell.registrar.access(cell, keyPath: \.stored)
            return cell.stored
        }
        set {
            let cell = resolved
            cell.registrar.withMutation(of: cell, keyPath: \.stored) { cell.stored = newValue }
        }
    }

    @MainActor
    func bind(key: Int, in graph: ViewGraph) {
        let kept = graph.slot(key) { self }
        if kept !== self { target = kept }
    }
}

/// A value a view owns: kept while the view is drawn in the same place, and drawn again when it changes.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    let cell: StateCell<Value>

    /// The value the state starts with.
    public init(wrappedValue value: Value) {
        cell = StateCell(value)
    }

    /// The value the state starts with.
    public init(initialValue value: Value) {
        cell = StateCell(value)
    }

    public var wrappedValue: Value {
        get { cell.value }
        nonmutating set { cell.value = newValue }
    }

    /// A binding to the value, for a control or a child view to change it.
    public var projectedValue: Binding<Value> {
        let cell = cell.resolved
        return Binding(get: { cell.value }, set: { cell.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// A state that starts as nil.
    public init() {
        self.init(wrappedValue: nil)
    }
}

extension State: BoundProperty {
    func bind(key: Int, in graph: ViewGraph, context: _RenderContext) {
        cell.bind(key: key, in: graph)
    }
}

/// A way to read and write a value another view owns.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let read: () -> Value
    private let write: (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        read = get
        write = set
    }

    /// A binding that reads with `get` and writes with `set`, which also hears the transaction.
    public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
        read = get
        write = { set($0, Transaction()) }
    }

    /// A binding to a value that never changes.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The same binding, as a `$` argument passes it.
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.read()[keyPath: keyPath] }, set: { newValue in
            var value = self.read()
            value[keyPath: keyPath] = newValue
            self.write(value)
        })
    }

    /// The same binding, animated (drawn as text, there is nothing to animate).
    public func animation(_ animation: Animation? = .default) -> Binding<Value> { self }

    /// The same binding, with a transaction.
    public func transaction(_ transaction: Transaction) -> Binding<Value> { self }
}

extension Binding {
    /// A binding to an optional that holds a value, or nil when it holds none.
    public init?(_ base: Binding<Value?>) {
        guard let value = base.wrappedValue else { return nil }
        self.init(get: { base.wrappedValue ?? value }, set: { base.wrappedValue = $0 })
    }

    /// A binding to a value, seen as an optional.
    public init<V>(_ base: Binding<V>) where Value == V? {
        self.init(get: { base.wrappedValue }, set: { if let value = $0 { base.wrappedValue = value } })
    }
}

extension Binding: Identifiable where Value: Identifiable {
    public var id: Value.ID { wrappedValue.id }
}

extension Binding: DynamicProperty {}
extension Binding: @unchecked Sendable {}

/// Bindings to the properties of an `@Observable` model: `$model.searchText`.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value> {
    public var wrappedValue: Value

    public var projectedValue: Bindable<Value> { self }

    /// Bindings to the properties of `wrappedValue`.
    public init(wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    /// Bindings to the properties of `wrappedValue`.
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    /// The same bindings, as a `$` argument passes them.
    public init(projectedValue: Bindable<Value>) {
        self = projectedValue
    }

    /// A binding to a property of the model.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let model = wrappedValue
        return Binding(get: { model[keyPath: keyPath] }, set: { model[keyPath: keyPath] = $0 })
    }
}

extension Bindable: DynamicProperty {}

/// Which control has the keyboard's focus. Drawn as text, nothing has it until the view says so.
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    let cell: StateCell<Value>

    /// A focus that is on, or off.
    public init() where Value == Bool {
        cell = StateCell(false)
    }

    /// A focus on one of several controls, or none.
    public init<T: Hashable>() where Value == T? {
        cell = StateCell(nil)
    }

    public var wrappedValue: Value {
        get { cell.value }
        nonmutating set { cell.value = newValue }
    }

    public var projectedValue: Binding {
        Binding(cell: cell.resolved)
    }

    /// A binding to a focus state, for `.focused(_:)`.
    @propertyWrapper
    public struct Binding {
        let cell: StateCell<Value>

        public var wrappedValue: Value {
            get { cell.value }
            nonmutating set { cell.value = newValue }
        }

        public var projectedValue: Binding { self }
    }
}

extension FocusState: BoundProperty {
    func bind(key: Int, in graph: ViewGraph, context: _RenderContext) {
        cell.bind(key: key, in: graph)
    }
}

/// A key for a value of the environment: `extension EnvironmentValues { var theme: Theme { … } }`.
public protocol EnvironmentKey {
    associatedtype Value
    /// The value when no view above set one.
    static var defaultValue: Value { get }
}

/// The values a view reads from the views above it.
public struct EnvironmentValues: CustomStringConvertible {
    private var values: [ObjectIdentifier: Any] = [:]
    private var objects: [ObjectIdentifier: AnyObject] = [:]
    // Read by every control drawn: kept as fields, not looked up by key.
    fileprivate var enabled = true
    fileprivate var style: AnyButtonStyle?
    /// The font and foreground the texts inside are drawn in (`.font`, `.foregroundStyle`), for the
    /// screen's JSON layout.
    var textFont: Font?
    var textColor: String?

    public init() {}

    /// The value for `key`, or its default.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get {
            // Looked up first: a missing value cast to an optional `Value` would be a nil that is there.
            guard let stored = values[ObjectIdentifier(key)] else { return Key.defaultValue }
            return stored as? Key.Value ?? Key.defaultValue
        }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// The observable object of a type, if a view above put one.
    func object<T: AnyObject>(_ type: T.Type) -> T? {
        objects[ObjectIdentifier(type)] as? T
    }

    mutating func setObject<T: AnyObject>(_ object: T?, as type: T.Type) {
        objects[ObjectIdentifier(type)] = object
    }

    public var description: String { "EnvironmentValues(\(values.count) values, \(objects.count) objects)" }
}

/// A value of the environment, or an `@Observable` object a view above put in it.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private enum Source {
        case keyPath(KeyPath<EnvironmentValues, Value>)
        case object(ObjectIdentifier, (EnvironmentValues) -> Value?)
    }
    private let source: Source
    private let box = EnvironmentBox()

    /// The value at `keyPath`: `@Environment(\.dismiss) private var dismiss`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        source = .keyPath(keyPath)
    }

    /// The object of this type: `@Environment(Library.self) private var library`.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        source = .object(ObjectIdentifier(objectType)) { $0.object(objectType) }
    }

    /// The object of this type, or nil if no view above put one.
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
        source = .object(ObjectIdentifier(objectType)) { .some($0.object(objectType)) }
    }

    public var wrappedValue: Value {
        let values = box.values ?? EnvironmentValues()
        switch source {
        case .keyPath(let keyPath):
            return values[keyPath: keyPath]
        case .object(_, let find):
            guard let object = find(values) else {
                fatalError("No @Observable object of type \(Value.self) found in the environment: a view above must put one with .environment(_:)")
            }
            return object
        }
    }
}

final class EnvironmentBox: @unchecked Sendable {
    var values: EnvironmentValues?
}

extension Environment: BoundProperty {
    func bind(key: Int, in graph: ViewGraph, context: _RenderContext) {
        box.values = context.environment
    }
}

/// Dismisses the presentation the view is in: a sheet, an alert, a pushed view, or the screen itself.
public struct DismissAction: Sendable {
    let action: @MainActor @Sendable () -> Void
    @MainActor public func callAsFunction() { action() }
}

/// Opens a link. AppHost does not leave the app; the link is written to standard error.
public struct OpenURLAction: Sendable {
    public init(handler: @escaping @Sendable (URL) -> Result) { self.handler = handler }
    let handler: @Sendable (URL) -> Result
    @MainActor public func callAsFunction(_ url: URL) { _ = handler(url) }

    /// What opening a link did.
    public struct Result: Sendable {
        public static let handled = Result()
        public static let discarded = Result()
        public static let systemAction = Result()
    }
}

/// Light or dark: drawn as text, always light.
public enum ColorScheme: Sendable, Hashable, CaseIterable {
    case light, dark
}

/// The width or height class of the screen: a phone's, compact, unless a view says otherwise.
public enum UserInterfaceSizeClass: Sendable, Hashable {
    case compact, regular
}

/// The text size the person chose.
public enum DynamicTypeSize: Sendable, Hashable, Comparable, CaseIterable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
    public var isAccessibilitySize: Bool { self >= .accessibility1 }
}

private struct DismissKey: EnvironmentKey {
    static var defaultValue: DismissAction { DismissAction {} }
}
private struct OpenURLKey: EnvironmentKey {
    /// The system's: the session opens the URL after the command (a link of the app's own
    /// navigates; a web link is said to leave the app).
    static var defaultValue: OpenURLAction {
        OpenURLAction { url in SessionWorkContext.open(url.absoluteString) ? .handled : .discarded }
    }
}
private struct ColorSchemeKey: EnvironmentKey { static var defaultValue: ColorScheme { .light } }
/// A phone's, unless the session stands for a device of regular width (`--size-class regular`).
private struct HorizontalSizeClassKey: EnvironmentKey {
    static var defaultValue: UserInterfaceSizeClass? { SessionDefaults.current?.isRegularWidth == true ? .regular : .compact }
}
private struct VerticalSizeClassKey: EnvironmentKey { static var defaultValue: UserInterfaceSizeClass? { .regular } }
private struct DynamicTypeSizeKey: EnvironmentKey { static var defaultValue: DynamicTypeSize { .large } }
private struct IsPresentedKey: EnvironmentKey { static var defaultValue: Bool { false } }
private struct IsSearchingKey: EnvironmentKey { static var defaultValue: Bool { false } }
private struct LocaleKey: EnvironmentKey { static var defaultValue: Locale { Locale(identifier: "en_US") } }
private struct CalendarKey: EnvironmentKey { static var defaultValue: Calendar { Calendar(identifier: .gregorian) } }
private struct TimeZoneKey: EnvironmentKey { static var defaultValue: TimeZone { TimeZone(identifier: "UTC") ?? .current } }

extension EnvironmentValues {
    /// Dismisses the presentation the view is in.
    public var dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }
    public var openURL: OpenURLAction {
        get { self[OpenURLKey.self] }
        set { self[OpenURLKey.self] = newValue }
    }
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }
    public var horizontalSizeClass: UserInterfaceSizeClass? {
        get { self[HorizontalSizeClassKey.self] }
        set { self[HorizontalSizeClassKey.self] = newValue }
    }
    public var verticalSizeClass: UserInterfaceSizeClass? {
        get { self[VerticalSizeClassKey.self] }
        set { self[VerticalSizeClassKey.self] = newValue }
    }
    public var dynamicTypeSize: DynamicTypeSize {
        get { self[DynamicTypeSizeKey.self] }
        set { self[DynamicTypeSizeKey.self] = newValue }
    }
    /// The font the texts inside are drawn in, as `.font(_:)` set it; `nil` is the body style.
    public var font: Font? {
        get { textFont }
        set { textFont = newValue }
    }
    /// False inside `.disabled(true)`: its buttons are drawn as text.
    public var isEnabled: Bool {
        get { enabled }
        set { enabled = newValue }
    }
    /// True inside a presentation (a sheet, a pushed view).
    public var isPresented: Bool {
        get { self[IsPresentedKey.self] }
        set { self[IsPresentedKey.self] = newValue }
    }
    public var isSearching: Bool {
        get { self[IsSearchingKey.self] }
        set { self[IsSearchingKey.self] = newValue }
    }
    public var locale: Locale {
        get { self[LocaleKey.self] }
        set { self[LocaleKey.self] = newValue }
    }
    public var calendar: Calendar {
        get { self[CalendarKey.self] }
        set { self[CalendarKey.self] = newValue }
    }
    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] }
        set { self[TimeZoneKey.self] = newValue }
    }
    var buttonStyle: AnyButtonStyle? {
        get { style }
        set { style = newValue }
    }
}

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
