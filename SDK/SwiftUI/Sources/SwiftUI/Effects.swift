@_spi(Views) import AppHostKit

// Looks a reader never reads: Liquid Glass, symbol effects, visual effects, and shape styles
// composed from others. They compile as SwiftUI declares them and draw the content as it is.

// MARK: Liquid Glass

/// The Liquid Glass material of a view's background: looks only.
public struct Glass: Equatable, Sendable {
    /// What the glass was made of, so two are equal only when they are the same.
    let kind: String
    var tintColor: Color?
    var isInteractive = false

    /// The glass of controls and bars.
    public static var regular: Glass { Glass(kind: "regular") }
    /// A clearer glass, for content over media.
    public static var clear: Glass { Glass(kind: "clear") }
    /// No glass: the content as it is.
    public static var identity: Glass { Glass(kind: "identity") }

    /// The same glass tinted with `color`.
    public func tint(_ color: Color?) -> Glass {
        var copy = self
        copy.tintColor = color
        return copy
    }

    /// The same glass, reacting to touches as a control does (`true` unless told otherwise).
    public func interactive(_ isEnabled: Bool = true) -> Glass {
        var copy = self
        copy.isInteractive = isEnabled
        return copy
    }
}

/// The shape glass takes when none is given: a capsule.
public struct DefaultGlassEffectShape: Shape {
    nonisolated public init() {}
    nonisolated public func path(in rect: CGRect) -> Path { Capsule().path(in: rect) }
}

/// How glass appears and leaves: looks only.
public struct GlassEffectTransition: Sendable {
    let kind: String
    public static var identity: GlassEffectTransition { GlassEffectTransition(kind: "identity") }
    public static var matchedGeometry: GlassEffectTransition { GlassEffectTransition(kind: "matchedGeometry") }
    public static var materialize: GlassEffectTransition { GlassEffectTransition(kind: "materialize") }
}

/// Glass shapes that blend into each other: drawn as its content.
public struct GlassEffectContainer<Content: View>: View {
    let content: Content

    public init(spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { content._render(in: context) }
}

/// The glass button styles of the system: the button is drawn as it is.
public struct GlassButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct GlassProminentButtonStyle: PrimitiveButtonStyle { public init() {} }
extension PrimitiveButtonStyle where Self == GlassButtonStyle { public static var glass: GlassButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == GlassProminentButtonStyle { public static var glassProminent: GlassProminentButtonStyle { .init() } }

extension View {
    nonisolated public func glassEffect(_ glass: Glass = .regular, in shape: some Shape = DefaultGlassEffectShape()) -> some View { self }
    nonisolated public func glassEffectID(_ id: (some Hashable & Sendable)?, in namespace: Namespace.ID) -> some View { self }
    nonisolated public func glassEffectUnion(id: (some Hashable & Sendable)?, namespace: Namespace.ID) -> some View { self }
    nonisolated public func glassEffectTransition(_ transition: GlassEffectTransition) -> some View { self }
    nonisolated public func containerShape(_ shape: some Shape) -> some View { self }
}

// MARK: Symbol effects

/// An effect on a symbol image (`.bounce`, `.pulse`, …): looks only. One type stands for SwiftUI's
/// several, so every static member and option the documented forms chain is here.
public struct SymbolEffectKind: Hashable, Sendable {
    let name: String
    var options: [String] = []

    func with(_ option: String) -> SymbolEffectKind {
        var copy = self
        copy.options.append(option)
        return copy
    }

    public var up: SymbolEffectKind { with("up") }
    public var down: SymbolEffectKind { with("down") }
    public var byLayer: SymbolEffectKind { with("byLayer") }
    public var wholeSymbol: SymbolEffectKind { with("wholeSymbol") }
    public var clockwise: SymbolEffectKind { with("clockwise") }
    public var counterClockwise: SymbolEffectKind { with("counterClockwise") }
    public var iterative: SymbolEffectKind { with("iterative") }
    public var cumulative: SymbolEffectKind { with("cumulative") }
    public var reversing: SymbolEffectKind { with("reversing") }
    public var nonReversing: SymbolEffectKind { with("nonReversing") }
}

/// SwiftUI's protocols of symbol effects, each met by ``SymbolEffectKind``.
public protocol SymbolEffect: Sendable {}
public protocol DiscreteSymbolEffect: SymbolEffect {}
public protocol IndefiniteSymbolEffect: SymbolEffect {}
public protocol TransitionSymbolEffect: SymbolEffect {}
extension SymbolEffectKind: DiscreteSymbolEffect, IndefiniteSymbolEffect, TransitionSymbolEffect {}

extension SymbolEffect where Self == SymbolEffectKind {
    public static var bounce: SymbolEffectKind { SymbolEffectKind(name: "bounce") }
    public static var pulse: SymbolEffectKind { SymbolEffectKind(name: "pulse") }
    public static var variableColor: SymbolEffectKind { SymbolEffectKind(name: "variableColor") }
    public static var scale: SymbolEffectKind { SymbolEffectKind(name: "scale") }
    public static var appear: SymbolEffectKind { SymbolEffectKind(name: "appear") }
    public static var disappear: SymbolEffectKind { SymbolEffectKind(name: "disappear") }
    public static var wiggle: SymbolEffectKind { SymbolEffectKind(name: "wiggle") }
    public static var rotate: SymbolEffectKind { SymbolEffectKind(name: "rotate") }
    public static var breathe: SymbolEffectKind { SymbolEffectKind(name: "breathe") }
    public static var replace: SymbolEffectKind { SymbolEffectKind(name: "replace") }
}

/// How a symbol effect runs: looks only.
public struct SymbolEffectOptions: Hashable, Sendable {
    public static var `default`: SymbolEffectOptions { SymbolEffectOptions() }
    public static var nonRepeating: SymbolEffectOptions { SymbolEffectOptions() }
    public static var `repeating`: SymbolEffectOptions { SymbolEffectOptions() }
    public static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions() }
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions() }
    public func `repeat`(_ count: Int) -> SymbolEffectOptions { self }
    public func speed(_ speed: Double) -> SymbolEffectOptions { self }
}

extension View {
    nonisolated public func symbolEffect<T: DiscreteSymbolEffect, U: Equatable>(_ effect: T, options: SymbolEffectOptions = .default, value: U) -> some View { self }
    nonisolated public func symbolEffect<T: IndefiniteSymbolEffect>(_ effect: T, options: SymbolEffectOptions = .default, isActive: Bool = true) -> some View { self }
    nonisolated public func symbolEffectsRemoved(_ isEnabled: Bool = true) -> some View { self }
}

// MARK: Visual effects

/// The effects `.visualEffect` may apply, which change how a view looks, never its layout: looks only.
public protocol VisualEffect: Sendable {}

/// The effect `.visualEffect` starts from.
public struct EmptyVisualEffect: VisualEffect {
    public init() {}
}

extension VisualEffect {
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> Self { self }
    public func offset(_ offset: CGSize) -> Self { self }
    public func opacity(_ opacity: Double) -> Self { self }
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> Self { self }
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> Self { self }
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> Self { self }
    public func rotation3DEffect(_ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center) -> Self { self }
    public func blur(radius: CGFloat, opaque: Bool = false) -> Self { self }
    public func brightness(_ amount: Double) -> Self { self }
    public func contrast(_ amount: Double) -> Self { self }
    public func saturation(_ amount: Double) -> Self { self }
    public func grayscale(_ amount: Double) -> Self { self }
    public func hueRotation(_ angle: Angle) -> Self { self }
}

extension View {
    /// Effects computed from the view's geometry: the function runs with the view's proxy (text has
    /// no geometry, so its size is zero), and the content is drawn as it is.
    nonisolated public func visualEffect(_ effect: @escaping @Sendable (EmptyVisualEffect, GeometryProxy) -> some VisualEffect) -> some View {
        _ = effect(EmptyVisualEffect(), GeometryProxy())
        return self
    }
}

// MARK: Shape styles composed

/// A shadow a shape style casts or holds: looks only.
public struct ShadowStyle: Equatable, Sendable {
    let kind: String
    let color: Color
    let radius: CGFloat
    let x: CGFloat
    let y: CGFloat

    public static func drop(color: Color = .black.opacity(0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> ShadowStyle {
        ShadowStyle(kind: "drop", color: color, radius: radius, x: x, y: y)
    }
    public static func inner(color: Color = .black.opacity(0.55), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> ShadowStyle {
        ShadowStyle(kind: "inner", color: color, radius: radius, x: x, y: y)
    }
}

/// A style with a shadow: looks only.
public struct _ShadowShapeStyle<Base: ShapeStyle>: ShapeStyle {
    let base: Base
    let shadow: ShadowStyle
}

/// The foreground style with a shadow, as `.shadow(.drop(radius: 2))` names it alone.
public struct _ForegroundShadowStyle: ShapeStyle {
    let shadow: ShadowStyle
}

extension ShapeStyle {
    /// The same style casting (or holding) `style`'s shadow.
    public func shadow(_ style: ShadowStyle) -> _ShadowShapeStyle<Self> { _ShadowShapeStyle(base: self, shadow: style) }
}

extension ShapeStyle where Self == _ForegroundShadowStyle {
    /// The foreground style with `style`'s shadow.
    public static func shadow(_ style: ShadowStyle) -> _ForegroundShadowStyle { _ForegroundShadowStyle(shadow: style) }
}

/// A gradient in an ellipse: looks only.
// The view conformance is an extension's, as the other gradients' are, so that the initialisers
// stay nonisolated: `ShapeStyle.ellipticalGradient(…)` makes one from any context.
public struct EllipticalGradient: ShapeStyle {
    public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {}
    public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {}
    public init(stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {}
}

extension EllipticalGradient: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { [] }
}

extension ShapeStyle where Self == LinearGradient {
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == AngularGradient {
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: startAngle)
    }
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, angle: startAngle)
    }
    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(colors: colors, center: center, angle: angle)
    }
}

extension ShapeStyle where Self == EllipticalGradient {
    public static func ellipticalGradient(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(colors: colors, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
}

extension Color {
    /// This colour mixed with `other`: `fraction` 0 is this one, 1 is `other`, as SwiftUI mixes
    /// them component by component (opacity too). A colour whose components are not known (a
    /// semantic or named one) mixes as black, as it resolves.
    public func mix(with other: Color, by fraction: Double, in colorSpace: Gradient.ColorSpace = .perceptual) -> Color {
        let amount = Swift.min(Swift.max(fraction, 0), 1)
        let left = resolve(in: EnvironmentValues()), right = other.resolve(in: EnvironmentValues())
        func blend(_ a: Float, _ b: Float) -> Double { Double(a) + (Double(b) - Double(a)) * amount }
        return Color(
            name: "mix(\(name),\(other.name),\(amount))",
            components: [blend(left.red, right.red), blend(left.green, right.green), blend(left.blue, right.blue)],
            opacity: blend(left.opacity, right.opacity)
        )
    }
}

extension Gradient {
    /// The space colours are mixed in: looks only (mixing here is by sRGB components).
    public struct ColorSpace: Hashable, Sendable {
        let name: String
        public static let device = ColorSpace(name: "device")
        public static let perceptual = ColorSpace(name: "perceptual")
    }
}
