@_spi(Views) import AppHostKit

// Modifiers that change how a view looks, not what it says or does: accepted, and drawn as the
// same elements. Those that add views (`overlay`, `safeAreaInset`) draw them after the content.

extension View {
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { self }
    nonisolated public func padding(_ length: CGFloat) -> some View { self }
    nonisolated public func padding(_ insets: EdgeInsets) -> some View { self }
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { self }
    nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View { self }
    nonisolated public func fixedSize() -> some View { self }
    nonisolated public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { self }
    nonisolated public func layoutPriority(_ value: Double) -> some View { self }
    nonisolated public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View { self }
    nonisolated public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View { self }
    nonisolated public func scaledToFit() -> some View { self }
    nonisolated public func scaledToFill() -> some View { self }
    nonisolated public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center) -> some View { self }
    nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View { self }
    nonisolated public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View { self }
    nonisolated public func offset(_ offset: CGSize) -> some View { self }
    nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { self }
    nonisolated public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { self }
    nonisolated public func zIndex(_ value: Double) -> some View { self }
    nonisolated public func coordinateSpace(name: some Hashable) -> some View { self }

    nonisolated public func font(_ font: Font?) -> some View { _TextLooksView(content: self, change: .font(font)) }
    nonisolated public func fontWeight(_ weight: Font.Weight?) -> some View { _TextLooksView(content: self, change: .weight(weight)) }
    nonisolated public func fontDesign(_ design: Font.Design?) -> some View { _TextLooksView(content: self, change: .design(design)) }
    nonisolated public func fontWidth(_ width: Font.Width?) -> some View { self }
    nonisolated public func bold(_ isActive: Bool = true) -> some View { _TextLooksView(content: self, change: isActive ? .weight(.bold) : .unchanged) }
    nonisolated public func italic(_ isActive: Bool = true) -> some View { _TextLooksView(content: self, change: isActive ? .italic : .unchanged) }
    nonisolated public func underline(_ isActive: Bool = true, color: Color? = nil) -> some View { self }
    nonisolated public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> some View { self }
    nonisolated public func monospaced(_ isActive: Bool = true) -> some View { self }
    nonisolated public func monospacedDigit() -> some View { self }
    nonisolated public func kerning(_ kerning: CGFloat) -> some View { self }
    nonisolated public func tracking(_ tracking: CGFloat) -> some View { self }
    nonisolated public func lineLimit(_ number: Int?) -> some View { self }
    nonisolated public func lineLimit(_ limit: ClosedRange<Int>) -> some View { self }
    nonisolated public func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View { self }
    nonisolated public func lineSpacing(_ lineSpacing: CGFloat) -> some View { self }
    nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { self }
    nonisolated public func truncationMode(_ mode: Text.TruncationMode) -> some View { self }
    nonisolated public func minimumScaleFactor(_ factor: CGFloat) -> some View { self }
    nonisolated public func textCase(_ textCase: Text.Case?) -> some View { self }
    nonisolated public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View { self }
    nonisolated public func dynamicTypeSize<T: RangeExpression>(_ range: T) -> some View where T.Bound == DynamicTypeSize { self }

    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { _TextLooksView(content: self, change: .color(TextLooks.color(of: style))) }
    nonisolated public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View { _TextLooksView(content: self, change: .color(TextLooks.color(of: primary))) }
    nonisolated public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(_ primary: S1, _ secondary: S2, _ tertiary: S3) -> some View { _TextLooksView(content: self, change: .color(TextLooks.color(of: primary))) }
    nonisolated public func foregroundColor(_ color: Color?) -> some View { _TextLooksView(content: self, change: .color(color?.looksDescription)) }
    nonisolated public func tint<S: ShapeStyle>(_ tint: S?) -> some View { self }
    nonisolated public func tint(_ tint: Color?) -> some View { self }
    nonisolated public func accentColor(_ accentColor: Color?) -> some View { self }
    nonisolated public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { self }
    nonisolated public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View { self }
    nonisolated public func symbolVariant(_ variant: SymbolVariants) -> some View { self }
    nonisolated public func imageScale(_ scale: Image.Scale) -> some View { self }

    nonisolated public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View { self }
    /// The system's background behind the view: accepted, looks only.
    nonisolated public func background(ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View { self }
    /// A shape behind the view: a card, whose content is drawn as a group.
    nonisolated public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View { _BackgroundView(content: self, isCard: true) }
    nonisolated public func background<T: Shape>(in shape: T, fillStyle: FillStyle = FillStyle()) -> some View { _BackgroundView(content: self, isCard: true) }
    @_disfavoredOverload
    nonisolated public func background<V: View>(_ background: V, alignment: Alignment = .center) -> some View { _BackgroundView(content: self, isCard: Card.isShape(background)) }
    nonisolated public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { _BackgroundView(content: self, isCard: Card.isShape(content())) }
    nonisolated public func backgroundStyle<S: ShapeStyle>(_ style: S) -> some View { self }
    nonisolated public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View { self }
    nonisolated public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View { self }
    nonisolated public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { self }
    nonisolated public func clipped(antialiased: Bool = false) -> some View { self }
    nonisolated public func mask<M: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> M) -> some View { self }
    @_disfavoredOverload
    nonisolated public func mask<M: View>(_ mask: M) -> some View { self }
    nonisolated public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { self }
    nonisolated public func shadow(color: Color = .black, radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View { self }
    nonisolated public func opacity(_ opacity: Double) -> some View { self }
    nonisolated public func blur(radius: CGFloat, opaque: Bool = false) -> some View { self }
    nonisolated public func brightness(_ amount: Double) -> some View { self }
    nonisolated public func saturation(_ amount: Double) -> some View { self }
    nonisolated public func grayscale(_ amount: Double) -> some View { self }
    nonisolated public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View { self }
    nonisolated public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View { self }
    nonisolated public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View { self }
    nonisolated public func rotation3DEffect(_ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center) -> some View { self }
    nonisolated public func compositingGroup() -> some View { self }
    nonisolated public func drawingGroup(opaque: Bool = false) -> some View { self }
    nonisolated public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }
    nonisolated public func animation(_ animation: Animation?) -> some View { self }
    nonisolated public func transition(_ transition: AnyTransition) -> some View { self }
    nonisolated public func contentTransition(_ transition: ContentTransition) -> some View { self }
    nonisolated public func blendMode(_ blendMode: BlendMode) -> some View { self }
    nonisolated public func containerBackground<S: ShapeStyle>(_ style: S, for container: ContainerBackgroundPlacement) -> some View { self }
    nonisolated public func containerBackground<V: View>(for container: ContainerBackgroundPlacement, alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { self }
    nonisolated public func luminanceToAlpha() -> some View { self }
    nonisolated public func colorInvert() -> some View { self }
    nonisolated public func colorMultiply(_ color: Color) -> some View { self }
    nonisolated public func hueRotation(_ angle: Angle) -> some View { self }
    nonisolated public func contrast(_ amount: Double) -> some View { self }
    nonisolated public func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID, isSource: Bool = true) -> some View { self }
    nonisolated public func geometryGroup() -> some View { self }
    nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View { self }
    nonisolated public func redacted(reason: RedactionReasons) -> some View { self }
    nonisolated public func unredacted() -> some View { self }
    nonisolated public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View { self }
    nonisolated public func statusBarHidden(_ hidden: Bool = true) -> some View { self }
    nonisolated public func labelsHidden() -> some View { self }
    nonisolated public func controlSize(_ controlSize: ControlSize) -> some View { self }
    nonisolated public func buttonBorderShape(_ shape: ButtonBorderShape) -> some View { self }
    nonisolated public func badge(_ count: Int) -> some View { self }
    nonisolated public func badge(_ label: Text?) -> some View { self }

    nonisolated public func listRowBackground<V: View>(_ view: V?) -> some View { self }
    nonisolated public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View { self }
    nonisolated public func listRowInsets(_ insets: EdgeInsets?) -> some View { self }
    nonisolated public func listSectionSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View { self }
    nonisolated public func listRowSpacing(_ spacing: CGFloat?) -> some View { self }
    nonisolated public func scrollContentBackground(_ visibility: Visibility) -> some View { self }
    nonisolated public func scrollIndicators(_ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal]) -> some View { self }
    nonisolated public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> some View { self }
    nonisolated public func scrollDisabled(_ disabled: Bool) -> some View { self }
    nonisolated public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { self }
    nonisolated public func presentationDragIndicator(_ visibility: Visibility) -> some View { self }
    nonisolated public func presentationCornerRadius(_ cornerRadius: CGFloat?) -> some View { self }
    nonisolated public func presentationBackground<S: ShapeStyle>(_ style: S) -> some View { self }
    nonisolated public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { self }
    nonisolated public func keyboardType(_ type: UIKeyboardType) -> some View { self }
    nonisolated public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View { self }
    nonisolated public func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }
    nonisolated public func submitLabel(_ submitLabel: SubmitLabel) -> some View { self }
    nonisolated public func textContentType(_ textContentType: UITextContentType?) -> some View { self }

    /// Draws `overlay` after the content.
    /// Draws `overlay` after the content; a shape over it (a border) makes a card of it, as a
    /// shape behind it does.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let overlay = content()
        let isCard = Card.isShape(overlay)
        return modified { context, drawContent in
            let nodes = drawContent(context) + overlay._render(in: context.child("overlay"))
            return isCard ? Card.group(nodes) : nodes
        }
    }
    @_disfavoredOverload
    public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> some View {
        let isCard = Card.isShape(overlay)
        return modified { context, drawContent in
            let nodes = drawContent(context) + overlay._render(in: context.child("overlay"))
            return isCard ? Card.group(nodes) : nodes
        }
    }
    nonisolated public func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View { self }

    /// Draws `inset` after the content.
    public func safeAreaInset<V: View>(edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> V) -> some View {
        let inset = content()
        return modified { context, drawContent in drawContent(context) + inset._render(in: context.child("inset")) }
    }
}

public enum VerticalEdge: Int8, Sendable, Hashable, CaseIterable {
    case top, bottom
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1), bottom = Set(rawValue: 2), all: Set = [.top, .bottom]
    }
}

public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1), keyboard = SafeAreaRegions(rawValue: 2), all: SafeAreaRegions = [.container, .keyboard]
}

extension Text {
    public enum TruncationMode: Sendable { case head, middle, tail }
    public enum Case: Sendable { case uppercase, lowercase }
}

extension Image {
    public enum Scale: Sendable { case small, medium, large }
}

public struct SymbolVariants: Sendable, Hashable {
    let name: String
    public static let none = SymbolVariants(name: "none"), fill = SymbolVariants(name: "fill"), circle = SymbolVariants(name: "circle")
    public static let square = SymbolVariants(name: "square"), slash = SymbolVariants(name: "slash"), rectangle = SymbolVariants(name: "rectangle")
}

public struct AnyTransition: Sendable {
    public static let opacity = AnyTransition(), slide = AnyTransition(), scale = AnyTransition(), identity = AnyTransition()
    public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition() }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition { AnyTransition() }
    public func combined(with other: AnyTransition) -> AnyTransition { self }
    public func animation(_ animation: Animation?) -> AnyTransition { self }
}

public struct ContentTransition: Sendable {
    public static let identity = ContentTransition(), opacity = ContentTransition(), interpolate = ContentTransition()
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition() }
    public static func numericText(value: Double) -> ContentTransition { ContentTransition() }
}

public struct RedactionReasons: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let placeholder = RedactionReasons(rawValue: 1), privacy = RedactionReasons(rawValue: 2), invalidated = RedactionReasons(rawValue: 4)
}

public struct SensoryFeedback: Sendable {
    public static let success = SensoryFeedback(), warning = SensoryFeedback(), error = SensoryFeedback(), selection = SensoryFeedback()
    public static let increase = SensoryFeedback(), decrease = SensoryFeedback(), start = SensoryFeedback(), stop = SensoryFeedback()
    public static func impact(weight: Weight = .medium, intensity: Double = 1) -> SensoryFeedback { SensoryFeedback() }
    public enum Weight: Sendable { case light, medium, heavy }
}

public enum ControlSize: Sendable, Hashable, CaseIterable { case mini, small, regular, large, extraLarge }

public struct ButtonBorderShape: Sendable {
    public static let automatic = ButtonBorderShape(), capsule = ButtonBorderShape(), roundedRectangle = ButtonBorderShape(), circle = ButtonBorderShape()
    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape { ButtonBorderShape() }
}

public struct ScrollIndicatorVisibility: Sendable {
    public static let automatic = ScrollIndicatorVisibility(), visible = ScrollIndicatorVisibility(), hidden = ScrollIndicatorVisibility(), never = ScrollIndicatorVisibility()
}

public struct ScrollDismissesKeyboardMode: Sendable {
    public static let automatic = ScrollDismissesKeyboardMode(), immediately = ScrollDismissesKeyboardMode(), interactively = ScrollDismissesKeyboardMode(), never = ScrollDismissesKeyboardMode()
}

public struct PresentationDetent: Hashable, Sendable {
    let name: String
    public static let medium = PresentationDetent(name: "medium"), large = PresentationDetent(name: "large")
    public static func fraction(_ fraction: CGFloat) -> PresentationDetent { PresentationDetent(name: "fraction\(fraction)") }
    public static func height(_ height: CGFloat) -> PresentationDetent { PresentationDetent(name: "height\(height)") }
}

public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad
}

public struct TextInputAutocapitalization: Sendable {
    public static let never = TextInputAutocapitalization(), words = TextInputAutocapitalization()
    public static let sentences = TextInputAutocapitalization(), characters = TextInputAutocapitalization()
}

public struct SubmitLabel: Sendable {
    public static let done = SubmitLabel(), go = SubmitLabel(), send = SubmitLabel(), join = SubmitLabel(), route = SubmitLabel()
    public static let search = SubmitLabel(), `return` = SubmitLabel(), next = SubmitLabel(), `continue` = SubmitLabel()
}

public struct UITextContentType: Sendable, Hashable {
    let rawValue: String
    public static let name = UITextContentType(rawValue: "name"), username = UITextContentType(rawValue: "username")
    public static let password = UITextContentType(rawValue: "password"), newPassword = UITextContentType(rawValue: "newPassword")
    public static let emailAddress = UITextContentType(rawValue: "emailAddress"), telephoneNumber = UITextContentType(rawValue: "telephoneNumber")
    public static let oneTimeCode = UITextContentType(rawValue: "oneTimeCode"), URL = UITextContentType(rawValue: "URL")
}

/// How a view's colours mix with those under it: accepted, looks only.
public enum BlendMode: Sendable, Hashable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter
}

/// Where a container background goes (a widget's, a navigation stack's): accepted, looks only.
public struct ContainerBackgroundPlacement: Sendable, Hashable {
    let name: String
    public static let widget = ContainerBackgroundPlacement(name: "widget")
    public static let navigation = ContainerBackgroundPlacement(name: "navigation")
}
