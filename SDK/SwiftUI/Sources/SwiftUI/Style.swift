@_spi(Views) import AppHostKit

/// How shapes and text are filled: accepted, and drawn as nothing.
public protocol ShapeStyle: Sendable {}

extension ShapeStyle {
    /// The style at `opacity`: looks only (a `Color` keeps its opacity, see ``Color/opacity(_:)``).
    public func opacity(_ opacity: Double) -> some ShapeStyle { self }
}

/// A colour: drawn as nothing.
public struct Color: Hashable, Sendable, ShapeStyle {
    /// What the colour was made of: a name (`red`, an asset's) or its components.
    let name: String
    /// Its opacity, from 0 to 1: `.red.opacity(0.5)` is not `.red`.
    var alpha: Double = 1
    /// Its red, green and blue in sRGB, from 0 to 1, where they are known (for ``resolve(in:)``).
    var components: [Double]

    /// A colour of the app's asset catalog, by name (its components are not read: see ``init(_:)-ColorResource``).
    public init(_ name: String, bundle: Bundle? = nil) {
        self.name = name
        components = []
    }
    /// One of the system's colours.
    init(system name: String, opacity: Double = 1) {
        self.name = name
        components = Color.system[name] ?? []
        alpha = opacity
    }
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        name = "rgb(\(red),\(green),\(blue))"
        alpha = opacity
        components = [red, green, blue]
    }
    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) { self.init(red: red, green: green, blue: blue, opacity: opacity) }
    public init(white: Double, opacity: Double = 1) {
        name = "white(\(white))"
        alpha = opacity
        components = [white, white, white]
    }
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        name = "hsb(\(hue),\(saturation),\(brightness))"
        alpha = opacity
        components = Color.rgb(hue: hue, saturation: saturation, brightness: brightness)
    }
    init(name: String, components: [Double], opacity: Double) {
        self.name = name
        self.components = components
        alpha = opacity
    }

    /// The same colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        var copy = self
        copy.alpha *= Swift.min(Swift.max(opacity, 0), 1)
        return copy
    }
    public var gradient: AnyGradient { AnyGradient() }

    public enum RGBColorSpace: Sendable { case sRGB, sRGBLinear, displayP3 }

    public static let red = Color(system: "red"), orange = Color(system: "orange"), yellow = Color(system: "yellow"), green = Color(system: "green")
    public static let mint = Color(system: "mint"), teal = Color(system: "teal"), cyan = Color(system: "cyan"), blue = Color(system: "blue")
    public static let indigo = Color(system: "indigo"), purple = Color(system: "purple"), pink = Color(system: "pink"), brown = Color(system: "brown")
    public static let white = Color(system: "white"), gray = Color(system: "gray"), black = Color(system: "black"), clear = Color(system: "clear", opacity: 0)
    public static let primary = Color(system: "primary"), secondary = Color(system: "secondary"), accentColor = Color(system: "accentColor")
}

extension Color: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { [] }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var mint: Color { .mint }
    public static var teal: Color { .teal }
    public static var cyan: Color { .cyan }
    public static var blue: Color { .blue }
    public static var indigo: Color { .indigo }
    public static var purple: Color { .purple }
    public static var pink: Color { .pink }
    public static var brown: Color { .brown }
    public static var white: Color { .white }
    public static var gray: Color { .gray }
    public static var black: Color { .black }
    public static var clear: Color { .clear }
    public static var accentColor: Color { .accentColor }
}

/// The primary, secondary, … level of the foreground.
public struct HierarchicalShapeStyle: ShapeStyle {
    let level: Int
    public static let primary = HierarchicalShapeStyle(level: 0)
    public static let secondary = HierarchicalShapeStyle(level: 1)
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    public static let quaternary = HierarchicalShapeStyle(level: 3)
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

/// The foreground, background or tint of the environment.
public struct ForegroundStyle: ShapeStyle { public init() {} }
public struct BackgroundStyle: ShapeStyle { public init() {} }
public struct TintShapeStyle: ShapeStyle { public init() {} }

extension ShapeStyle where Self == ForegroundStyle { public static var foreground: ForegroundStyle { ForegroundStyle() } }
extension ShapeStyle where Self == BackgroundStyle { public static var background: BackgroundStyle { BackgroundStyle() } }
extension ShapeStyle where Self == TintShapeStyle { public static var tint: TintShapeStyle { TintShapeStyle() } }

/// A blurred material behind content.
public struct Material: ShapeStyle {
    public static let ultraThinMaterial = Material(), thinMaterial = Material(), regularMaterial = Material()
    public static let thickMaterial = Material(), ultraThickMaterial = Material(), bar = Material()
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { Material() }
    public static var thinMaterial: Material { Material() }
    public static var regularMaterial: Material { Material() }
    public static var thickMaterial: Material { Material() }
    public static var ultraThickMaterial: Material { Material() }
    public static var bar: Material { Material() }
}

/// Colours that blend into each other.
public struct Gradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }
    public var stops: [Stop]
    public init(colors: [Color]) { stops = colors.enumerated().map { Stop(color: $1, location: CGFloat($0)) } }
    public init(stops: [Stop]) { self.stops = stops }
}

public struct AnyGradient: ShapeStyle, Hashable {}

public struct LinearGradient: ShapeStyle {
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {}
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {}
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {}
}

public struct RadialGradient: ShapeStyle {
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {}
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {}
}

public struct AngularGradient: ShapeStyle {
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {}
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {}
}

/// Any shape style.
public struct AnyShapeStyle: ShapeStyle {
    /// The colour of the style it holds, if it is one (for the JSON layout).
    let looks: String?
    public init<S: ShapeStyle>(_ style: S) { looks = TextLooks.color(of: style) }
}

extension LinearGradient: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { [] }
}

/// A font: accepted, and drawn as the same text.
public struct Font: Hashable, Sendable {
    /// The text style (`headline`), `system`, or a custom font's name.
    let name: String
    /// What it was made with, and what was done to it since: two fonts are equal when all of it is.
    var size: CGFloat?
    var fontWeight: Weight?
    var design: Design?
    var traits: Set<String> = []
    var fontLeading: Leading?
    var fontWidth: Width?

    init(name: String, size: CGFloat? = nil, weight: Weight? = nil, design: Design? = nil) {
        self.name = name
        self.size = size
        self.fontWeight = weight
        self.design = design
    }

    public static let largeTitle = Font(name: "largeTitle"), title = Font(name: "title"), title2 = Font(name: "title2")
    public static let title3 = Font(name: "title3"), headline = Font(name: "headline"), subheadline = Font(name: "subheadline")
    public static let body = Font(name: "body"), callout = Font(name: "callout"), footnote = Font(name: "footnote")
    public static let caption = Font(name: "caption"), caption2 = Font(name: "caption2")

    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font { Font(name: "system", size: size, weight: weight, design: design) }
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font { Font(name: "\(style)", weight: weight, design: design) }
    public static func custom(_ name: String, size: CGFloat) -> Font { Font(name: name, size: size) }
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font { Font(name: name, size: size) }
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { Font(name: name, size: fixedSize) }

    func with(_ change: (inout Font) -> Void) -> Font {
        var copy = self
        change(&copy)
        return copy
    }

    public func weight(_ weight: Weight) -> Font { with { $0.fontWeight = weight } }
    public func bold() -> Font { with { $0.fontWeight = .bold } }
    public func italic() -> Font { with { $0.traits.insert("italic") } }
    public func monospaced() -> Font { with { $0.traits.insert("monospaced") } }
    public func monospacedDigit() -> Font { with { $0.traits.insert("monospacedDigit") } }
    public func smallCaps() -> Font { with { $0.traits.insert("smallCaps") } }
    public func leading(_ leading: Leading) -> Font { with { $0.fontLeading = leading } }
    public func width(_ width: Width) -> Font { with { $0.fontWidth = width } }

    public struct Weight: Hashable, Sendable {
        let value: Double
        public static let ultraLight = Weight(value: -0.8), thin = Weight(value: -0.6), light = Weight(value: -0.4)
        public static let regular = Weight(value: 0), medium = Weight(value: 0.23), semibold = Weight(value: 0.3)
        public static let bold = Weight(value: 0.4), heavy = Weight(value: 0.56), black = Weight(value: 0.62)
    }
    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }
    public enum Leading: Hashable, Sendable { case standard, tight, loose }
    public struct Width: Hashable, Sendable {
        let value: CGFloat
        public static let compressed = Width(value: -0.3), condensed = Width(value: -0.2), standard = Width(value: 0), expanded = Width(value: 0.2)
    }
}

/// A 2D shape: its outline in a rectangle (`path(in:)`, kept and testable), drawn as nothing,
/// filled or stroked.
public protocol Shape: Sendable, Animatable, View {
    /// The shape's outline in `rect`.
    func path(in rect: CGRect) -> Path
}

extension Shape {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { [] }
}

extension Shape {
    public func fill<S: ShapeStyle>(_ content: S = ForegroundStyle(), style: FillStyle = FillStyle()) -> _ShapeView<Self> { _ShapeView(shape: self) }
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ShapeView<Self> { _ShapeView(shape: self) }
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _ShapeView<Self> { _ShapeView(shape: self) }
    public func stroke(lineWidth: CGFloat = 1) -> _ShapeView<Self> { _ShapeView(shape: self) }
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ShapeView<Self> { _ShapeView(shape: self) }
    public func strokeBorder(lineWidth: CGFloat = 1) -> _ShapeView<Self> { _ShapeView(shape: self) }
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> _ShapeView<Self> { _ShapeView(shape: self) }
    public func strokeBorder(style: StrokeStyle, antialiased: Bool = true) -> _ShapeView<Self> { _ShapeView(shape: self) }
    public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> Self { self }
    public func inset(by amount: CGFloat) -> Self { self }
}

/// A shape drawn with a style: drawn as nothing.
public struct _ShapeView<Content: Shape>: Sendable {
    let shape: Content
}

extension _ShapeView: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { [] }
}

public struct FillStyle: Equatable, Sendable {
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

public struct StrokeStyle: Equatable, Sendable {
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10, dash: [CGFloat] = [], dashPhase: CGFloat = 0) {}
}

public enum CGLineCap: Sendable { case butt, round, square }
public enum CGLineJoin: Sendable { case miter, round, bevel }

/// How the corners of a rounded rectangle are rounded.
public enum RoundedCornerStyle: Sendable, Hashable { case circular, continuous }

nonisolated public struct Rectangle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect) }
}
nonisolated public struct RoundedRectangle: Shape {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }
    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerSize: cornerSize, style: style) }
}
nonisolated public struct UnevenRoundedRectangle: Shape {
    public var topLeadingRadius: CGFloat, bottomLeadingRadius: CGFloat, bottomTrailingRadius: CGFloat, topTrailingRadius: CGFloat
    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0, topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) {
        (self.topLeadingRadius, self.bottomLeadingRadius) = (topLeadingRadius, bottomLeadingRadius)
        (self.bottomTrailingRadius, self.topTrailingRadius) = (bottomTrailingRadius, topTrailingRadius)
    }
    public func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: rect.minX + topLeadingRadius, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX - topTrailingRadius, y: rect.minY))
        path.addQuadCurve(to: CGPoint(x: rect.maxX, y: rect.minY + topTrailingRadius), control: CGPoint(x: rect.maxX, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - bottomTrailingRadius))
        path.addQuadCurve(to: CGPoint(x: rect.maxX - bottomTrailingRadius, y: rect.maxY), control: CGPoint(x: rect.maxX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX + bottomLeadingRadius, y: rect.maxY))
        path.addQuadCurve(to: CGPoint(x: rect.minX, y: rect.maxY - bottomLeadingRadius), control: CGPoint(x: rect.minX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + topLeadingRadius))
        path.addQuadCurve(to: CGPoint(x: rect.minX + topLeadingRadius, y: rect.minY), control: CGPoint(x: rect.minX, y: rect.minY))
        path.closeSubpath()
        return path
    }
}
nonisolated public struct Circle: Shape {
    public init() {}
    /// The largest circle centred in `rect`.
    public func path(in rect: CGRect) -> Path {
        let side = Swift.min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
    }
}
nonisolated public struct Ellipse: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}
nonisolated public struct Capsule: Shape {
    public var style: RoundedCornerStyle
    public init(style: RoundedCornerStyle = .continuous) { self.style = style }
    public func path(in rect: CGRect) -> Path {
        let radius = Swift.min(rect.width, rect.height) / 2
        return Path(roundedRect: rect, cornerRadius: radius, style: style)
    }
}

extension Shape where Self == Rectangle { public static var rect: Rectangle { Rectangle() } }
extension Shape where Self == Circle { public static var circle: Circle { Circle() } }
extension Shape where Self == Capsule { public static var capsule: Capsule { Capsule() } }
extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle { RoundedRectangle(cornerRadius: cornerRadius, style: style) }
}

