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
