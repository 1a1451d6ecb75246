@_spi(Views) import AppHostKit
import Combine
import Synchronization

// The ObservableObject family, as SwiftUI declares it: `@StateObject` (an object a view owns),
// `@ObservedObject` (one it is given), `@EnvironmentObject` (one a view above put with
// `.environmentObject(_:)`), and `.onReceive(_:perform:)`. A view that reads one of them is drawn
// again when its `objectWillChange` publishes, as a view that read an `@Observable` model's
// property is: the object's changes reach the host through the same observation.

/// Turns one object's `objectWillChange` into observation: a drawing that read the object (bound it)
/// is drawn again when it publishes, from whichever thread it does.
/// Invariant for `@unchecked Sendable`: `object` and `subscription` are written on the main actor
/// (binding happens there); the publisher's sink touches only the registrar, which is thread-safe.
final class ObjectWatch: Observable, @unchecked Sendable {
    private let registrar = ObservationRegistrar()
    private var changes = 0
    private weak var object: AnyObject?
    private var subscription: AnyCancellable?

    /// Watches `object` (again, only if it is another one than last time), and notes that the
    /// drawing going on read it.
    @MainActor
    func watch<Object: ObservableObject>(_ object: Object) {
        if self.object !== object {
            self.object = object
            subscription = object.objectWillChange.sink { [weak self] _ in self?.changed() }
        }
        registrar.access(self, keyPath: \.changes)
    }

    private func changed() {
        registrar.withMutation(of: self, keyPath: \.changes) { changes &+= 1 }
    }
}

/// An object a view creates and owns: made once for the view's identity (the first time it is
/// read), kept while the view is drawn in the same place, and watched.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    final class Storage: @unchecked Sendable {
        var make: (() -> ObjectType)?
        var object: ObjectType?
        let watch = ObjectWatch()
        var target: Storage?

        init(_ make: @escaping () -> ObjectType) {
            self.make = make
        }

        var resolved: Storage { target ?? self }

        var value: ObjectType {
            let storage = resolved
            if let object = storage.object { return object }
            let object = storage.make!()
            storage.object = object
            storage.make = nil
            return object
        }
    }

    let storage: Storage

    /// The object, made by `thunk` the first time the view is drawn in its place (never again there).
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        storage = Storage(thunk)
    }

    public var wrappedValue: ObjectType { storage.value }

    /// Bindings to the object's properties: `$model.name`.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(object: storage.value)
    }
}

extension StateObject: BoundProperty {
    func bind(key: Int, in graph: ViewGraph, context: _RenderContext) {
        let kept = graph.slot(key) { storage }
        if kept !== storage { storage.target = kept }
        kept.watch.watch(kept.value)
    }
}

/// An object a view is given, watched: the view is drawn again when it publishes a change.
@propertyWrapper
@dynamicMemberLookup
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// Bindings to the properties of an observed object: `$model.name`.
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        /// A binding to a property of the object.
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let object = object
            return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }

    public var wrappedValue: ObjectType

    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    public init(initialValue: ObjectType) {
        self.wrappedValue = initialValue
    }

    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
        projectedValue[dynamicMember: keyPath]
    }
}

extension ObservedObject: BoundProperty {
    func bind(key: Int, in graph: ViewGraph, context: _RenderContext) {
        graph.slot(key) { ObjectWatch() }.watch(wrappedValue)
    }
}

/// An object a view above put with `.environmentObject(_:)`, watched.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    final class Box: @unchecked Sendable {
        var object: ObjectType?
    }

    private let box = Box()

    public init() {}

    public var wrappedValue: ObjectType {
        guard let object = box.object else {
            fatalError(
                "No ObservableObject of type \(ObjectType.self) found in the environment: a view above must put one with .environmentObject(_:)"
            )
        }
        return object
    }

    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject<ObjectType>.Wrapper(object: wrappedValue) }
}

extension EnvironmentObject: BoundProperty {
    func bind(key: Int, in graph: ViewGraph, context: _RenderContext) {
        box.object = context.environment.object(ObjectType.self)
        if let object = box.object { graph.slot(key) { ObjectWatch() }.watch(object) }
    }
}

extension View {
    /// Puts an `ObservableObject` in the environment of the views inside, for `@EnvironmentObject`.
    public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        modified { context, content in
            var inner = context
            inner.environment.setObject(object, as: T.self)
            return content(inner)
        }
    }

    /// Runs `action` with each value `publisher` sends, on the main actor, from when the view first
    /// appears until it is no longer drawn.
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View where P.Failure == Never {
        modified { context, content in
            let receiver = context.graph.slot(ViewGraph.key(context.path, "onReceive")) { Receiver<P.Output>() }
            // The latest closure: it sees the view's latest values.
            receiver.action = action
            if !receiver.subscribed {
                context.graph.record(LifecycleEntry(appear: { receiver.subscribe(to: publisher) }), at: context.path)
            }
            return content(context)
        }
    }
}

/// The subscription of one `.onReceive`: cancelled when the view is no longer drawn (the graph lets
/// go of it).
@MainActor
final class Receiver<Output> {
    var action: ((Output) -> Void)?
    private(set) var subscribed = false
    private var subscription: AnyCancellable?

    func subscribe<P: Publisher>(to publisher: P) where P.Output == Output, P.Failure == Never {
        guard !subscribed else { return }
        subscribed = true
        subscription = publisher.sink { [weak self] value in
            let deliver = UncheckedBox((self, value))
            // Values sent on the main actor are handled at once; others hop to it.
            if Thread.isMainThread || DispatchQueue.isMain {
                MainActor.assumeIsolated { deliver.value.0?.action?(deliver.value.1) }
            } else {
                Task { @MainActor in deliver.value.0?.action?(deliver.value.1) }
            }
        }
    }
}

/// A value carried to the main actor.
/// Invariant for `@unchecked Sendable`: it is only read on the main actor, once sent there.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension DispatchQueue {
    private static let mainKey = DispatchSpecificKey<Bool>()
    private static let marked: Void = DispatchQueue.main.setSpecific(key: mainKey, value: true)

    /// Whether the caller runs on the main queue (which the host's main actor is).
    static var isMain: Bool {
        _ = marked
        return DispatchQueue.getSpecific(key: mainKey) == true
    }
}
