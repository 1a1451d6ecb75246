@_spi(Views) import AppHostKit
import Foundation

// Gestures, as VoiceOver performs them: a tap or a long press on a view is an action of the
// element it is (a button named by the view's text, as `.onTapGesture` makes); a gesture that
// needs a finger to move (a drag, a pinch, a rotation) has no such action, on a screen reader or
// here, so it is unavailable, with a message naming what to write instead.

/// A gesture: what a view does when it is touched in a certain way.
public protocol Gesture {
    associatedtype Value
    /// What it does when it ends, with its value.
    func _actions() -> [(Value) -> Void]
}

/// A gesture with its actions, as `onEnded` and `onChanged` add them.
public struct _EndedGesture<Base: Gesture>: Gesture {
    public typealias Value = Base.Value
    let base: Base
    let ended: (Value) -> Void
    public func _actions() -> [(Value) -> Void] { base._actions() + [ended] }
}

extension Gesture {
    /// Runs `action` when the gesture ends.
    public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> { _EndedGesture(base: self, ended: action) }
    /// Runs `action` as the gesture changes: a tap or a press changes once, when it is performed.
    public func onChanged(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> where Value: Equatable {
        _EndedGesture(base: self, ended: action)
    }
    /// Updates a ``GestureState`` while the gesture is performed; it is back to its first value
    /// when the gesture ends, so between commands it always is.
    public func updating<State>(_ state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void) -> Self { self }
}

/// One or more taps.
public struct TapGesture: Gesture {
    public typealias Value = Void
    public var count: Int
    public init(count: Int = 1) { self.count = count }
    public func _actions() -> [(Value) -> Void] { [] }
}

/// A tap, with where it landed (at the origin: text has no geometry).
public struct SpatialTapGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var location: CGPoint
    }
    public var count: Int
    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) { self.count = count }
    public func _actions() -> [(Value) -> Void] { [] }
}

/// A press held for a time: performed as VoiceOver performs it, at once, as one action.
public struct LongPressGesture: Gesture {
    public typealias Value = Bool
    public var minimumDuration: Double
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) { self.minimumDuration = minimumDuration }
    public func _actions() -> [(Bool) -> Void] { [] }
}

@available(*, unavailable, message: "a drag has no text form (nor a VoiceOver one): give its action a Button, or an .accessibilityAction, as a screen reader needs")
public struct DragGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize
        public var predictedEndTranslation: CGSize
        public var predictedEndLocation: CGPoint
    }
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {}
    public func _actions() -> [(Value) -> Void] { [] }
}

@available(*, unavailable, message: "a pinch has no text form (nor a VoiceOver one): give its action a Button, or an .accessibilityAction")
public struct MagnifyGesture: Gesture {
    public typealias Value = CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) {}
    public func _actions() -> [(Value) -> Void] { [] }
}

@available(*, unavailable, message: "a pinch has no text form (nor a VoiceOver one): give its action a Button, or an .accessibilityAction")
public struct MagnificationGesture: Gesture {
    public typealias Value = CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) {}
    public func _actions() -> [(Value) -> Void] { [] }
}

@available(*, unavailable, message: "a rotation has no text form (nor a VoiceOver one): give its action a Button, or an .accessibilityAction")
public struct RotateGesture: Gesture {
    public typealias Value = Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) {}
    public func _actions() -> [(Value) -> Void] { [] }
}

@available(*, unavailable, message: "a rotation has no text form (nor a VoiceOver one): give its action a Button, or an .accessibilityAction")
public struct RotationGesture: Gesture {
    public typealias Value = Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) {}
    public func _actions() -> [(Value) -> Void] { [] }
}

/// Which gestures of a view and its subviews are recognised: all are.
public struct GestureMask: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let none = GestureMask([])
    public static let gesture = GestureMask(rawValue: 1)
    public static let subviews = GestureMask(rawValue: 2)
    public static let all: GestureMask = [.gesture, .subviews]
}

/// A value a gesture sets while it is performed, and that returns to its first value when it ends.
@propertyWrapper
public struct GestureState<Value>: DynamicProperty {
    private let initial: Value

    public init(wrappedValue: Value) { initial = wrappedValue }
    public init(wrappedValue: Value, resetTransaction: Transaction) { initial = wrappedValue }
    public init(initialValue: Value) { initial = initialValue }

    /// Between commands no gesture is under way: the first value.
    public var wrappedValue: Value { initial }
    public var projectedValue: GestureState<Value> { self }
}

/// Gesture values that mean "performed", for the view's action.
protocol PerformedValue { static var performed: Self { get } }
extension Bool: PerformedValue { static var performed: Bool { true } }
extension SpatialTapGesture.Value: PerformedValue { static var performed: Self { Self(location: .zero) } }

extension View {
    /// The gesture's actions as the view's action: a button named by the view's text.
    public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
        let actions = gesture._actions()
        let value: G.Value? = G.Value.self == Void.self ? (() as! G.Value) : (G.Value.self as? PerformedValue.Type)?.performed as? G.Value
        return modified { context, content in
            let nodes = content(context)
            guard !actions.isEmpty, let value else { return nodes }
            let label = nodes.texts.combinedLabel
            return [Button<Text>.node(label.isEmpty ? "Tap" : label, action: { actions.forEach { $0(value) } }, in: context)]
        }
    }

    public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
        self.gesture(gesture, including: mask)
    }

    public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
        self.gesture(gesture, including: mask)
    }
}
