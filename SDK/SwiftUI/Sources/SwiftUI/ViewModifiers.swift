@_spi(Views) import AppHostKit

// MARK: Custom modifiers and styles

/// A modifier of a feature's own: its body, drawn around the content it is given.
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// The content a ``ViewModifier`` is applied to, as its body sees it.
public struct _ViewModifier_Content<Modifier: ViewModifier> {
    let draw: @MainActor (_RenderContext) -> [Node]
}

extension _ViewModifier_Content: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { draw(context) }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        let inner = context.child(ObjectIdentifier(Modifier.self))
        context.graph.bind(modifier, at: inner)
        let content = content
        let placeholder = _ViewModifier_Content<Modifier> { content._render(in: $0.child("content")) }
        return modifier.body(content: placeholder)._render(in: inner)
    }
}

extension ModifiedContent: ViewModifier where Content: ViewModifier, Modifier: ViewModifier {
    public func body(content: _ViewModifier_Content<Self>) -> some View {
        content.modifier(self.content).modifier(modifier)
    }
}

extension View {
    /// Applies a modifier of the feature's own.
    nonisolated public func modifier<M>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

extension ViewModifier {
    /// This modifier, then `modifier`.
    public func concat<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// A button's look, of a feature's own: its body is drawn as the button's label.
@MainActor @preconcurrency
public protocol ButtonStyle {
    associatedtype Body: View
    typealias Configuration = ButtonStyleConfiguration
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body
}

/// What a ``ButtonStyle`` draws from.
public struct ButtonStyleConfiguration {
    /// The button's label.
    public struct Label {
        let view: AnyView
        init(_ view: AnyView) { self.view = view }
    }
    public let label: Label
    public let isPressed: Bool
    public let role: ButtonRole?
}

extension ButtonStyleConfiguration.Label: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { view._render(in: context) }
}

struct AnyButtonStyle {
    let body: @MainActor (ButtonStyleConfiguration, _RenderContext) -> AnyView
}

/// A button's look and behaviour, as the system's styles are: the button is drawn as it is.
public protocol PrimitiveButtonStyle: Sendable {}

public struct DefaultButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct PlainButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderlessButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle { public init() {} }
extension PrimitiveButtonStyle where Self == DefaultButtonStyle { public static var automatic: DefaultButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == PlainButtonStyle { public static var plain: PlainButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle { public static var borderless: BorderlessButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle { public static var bordered: BorderedButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle { public static var borderedProminent: BorderedProminentButtonStyle { .init() } }

extension View {
    /// Draws the buttons inside with `style`'s body as their label.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        modified { context, content in
            var inner = context
            inner.environment.buttonStyle = AnyButtonStyle { configuration, buttonContext in
                // The style's own `@Environment` properties read the button's environment.
                buttonContext.graph.bind(style, at: buttonContext.child("style"))
                return AnyView(style.makeBody(configuration: configuration))
            }
            return content(inner)
        }
    }
    /// A style of the system's: the buttons are drawn as they are.
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { self }
}
