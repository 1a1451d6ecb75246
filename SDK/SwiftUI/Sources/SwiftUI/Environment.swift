@_spi(Views) @_spi(Runtime) import AppHostKit
import Synchronization

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
