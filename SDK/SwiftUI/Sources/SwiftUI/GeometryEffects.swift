@_spi(Views) import AppHostKit
import Foundation

// MARK: Geometry effects

/// A transform of a view's drawing in 3D: kept, and drawn as nothing.
public struct ProjectionTransform: Equatable, Sendable {
    public var m11: CGFloat = 1, m12: CGFloat = 0, m13: CGFloat = 0
    public var m21: CGFloat = 0, m22: CGFloat = 1, m23: CGFloat = 0
    public var m31: CGFloat = 0, m32: CGFloat = 0, m33: CGFloat = 1

    public init() {}

    public init(_ transform: CGAffineTransform) {
        m11 = transform.a
        m12 = transform.b
        m21 = transform.c
        m22 = transform.d
        m31 = transform.tx
        m32 = transform.ty
    }

    public var isIdentity: Bool { self == ProjectionTransform() }
}

/// An affine transform, as Core Graphics has it (swift-corelibs-foundation does not).
public struct CGAffineTransform: Equatable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    public init(rotationAngle angle: CGFloat) {
        let cosine = CGFloat(cos(Double(angle))), sine = CGFloat(sin(Double(angle)))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    public static let identity = CGAffineTransform()
    public var isIdentity: Bool { self == .identity }

    /// This transform, then `other`.
    public func concatenating(_ other: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty
        )
    }
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform { CGAffineTransform(translationX: x, y: y).concatenating(self) }
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform { CGAffineTransform(scaleX: x, y: y).concatenating(self) }
    public func rotated(by angle: CGFloat) -> CGAffineTransform { CGAffineTransform(rotationAngle: angle).concatenating(self) }
}

extension CGPoint {
    /// The point under `transform`.
    public func applying(_ transform: CGAffineTransform) -> CGPoint {
        CGPoint(x: x * transform.a + y * transform.c + transform.tx, y: x * transform.b + y * transform.d + transform.ty)
    }
}

/// A modifier that moves, scales or rotates a view's drawing: its `effectValue` is what a device
/// would apply; text has no geometry, so the content is drawn as it is.
public protocol GeometryEffect: Animatable, ViewModifier {
    func effectValue(size: CGSize) -> ProjectionTransform
}

extension GeometryEffect {
    public func body(content: Content) -> some View { content }
}

// MARK: Metrics

/// A value that scales with the text size (Dynamic Type). A session shows the default size
/// (`.large`), at which the value is the one declared.
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    private let base: Value

    public init(wrappedValue: Value) { base = wrappedValue }
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) { base = wrappedValue }

    public var wrappedValue: Value { base }
}

// MARK: Anchors

/// A value of a view's geometry (its bounds, a point of it) handed up by an anchor preference and
/// read back through a `GeometryProxy`. Text has no geometry: every anchor is at the origin, empty.
public struct Anchor<Value> {
    let value: Value

    /// What an anchor is taken of: a view's bounds, or one of its points.
    public struct Source {
        let value: Value
    }
}

extension Anchor: Sendable where Value: Sendable {}
extension Anchor.Source: Sendable where Value: Sendable {}
extension Anchor: Equatable where Value: Equatable {}
extension Anchor: Hashable where Value: Hashable {}
extension Anchor.Source: Equatable where Value: Equatable {}

extension Anchor.Source where Value == CGRect {
    public static var bounds: Anchor<CGRect>.Source { Anchor<CGRect>.Source(value: .zero) }
    public static func rect(_ rect: CGRect) -> Anchor<CGRect>.Source { Anchor<CGRect>.Source(value: rect) }
}

extension Anchor.Source where Value == CGPoint {
    public static func point(_ point: CGPoint) -> Anchor<CGPoint>.Source { Anchor<CGPoint>.Source(value: point) }
    public static func unitPoint(_ point: UnitPoint) -> Anchor<CGPoint>.Source { Anchor<CGPoint>.Source(value: .zero) }
    public static var topLeading: Anchor<CGPoint>.Source { .unitPoint(.topLeading) }
    public static var top: Anchor<CGPoint>.Source { .unitPoint(.top) }
    public static var topTrailing: Anchor<CGPoint>.Source { .unitPoint(.topTrailing) }
    public static var leading: Anchor<CGPoint>.Source { .unitPoint(.leading) }
    public static var center: Anchor<CGPoint>.Source { .unitPoint(.center) }
    public static var trailing: Anchor<CGPoint>.Source { .unitPoint(.trailing) }
    public static var bottomLeading: Anchor<CGPoint>.Source { .unitPoint(.bottomLeading) }
    public static var bottom: Anchor<CGPoint>.Source { .unitPoint(.bottom) }
    public static var bottomTrailing: Anchor<CGPoint>.Source { .unitPoint(.bottomTrailing) }
}

extension GeometryProxy {
    /// The value an anchor stands for, in this proxy's space: the anchor's own (at the origin).
    public subscript<T>(anchor: Anchor<T>) -> T { anchor.value }
}

extension View {
    /// Hands up a preference made of an anchor of this view's geometry, as `.preference` does.
    public func anchorPreference<A, K: PreferenceKey>(
        key: K.Type = K.self, value: Anchor<A>.Source, transform: @escaping (Anchor<A>) -> K.Value
    ) -> some View {
        preference(key: key, value: transform(Anchor(value: value.value)))
    }

    /// Changes a preference with an anchor of this view's geometry, as `.transformPreference` does.
    public func transformAnchorPreference<A, K: PreferenceKey>(
        key: K.Type = K.self, value: Anchor<A>.Source, transform: @escaping (inout K.Value, Anchor<A>) -> Void
    ) -> some View {
        let anchor = Anchor(value: value.value)
        return transformPreference(key) { transform(&$0, anchor) }
    }
}
