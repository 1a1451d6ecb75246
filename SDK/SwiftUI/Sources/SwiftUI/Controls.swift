@_spi(Views) import AppHostKit

/// The key of a localizable text, written as a string literal with interpolations. Drawn as the
/// text it spells: AppHost does not look keys up in a strings catalogue.
public struct LocalizedStringKey: Equatable, Hashable, Sendable, ExpressibleByStringInterpolation {
    let text: String
    /// The literal with each interpolated value as one placeholder character (nil without any):
    /// Markdown is read in the literal, never in a value.
    private let template: String?
    private let values: [String]

    public init(_ value: String) {
        text = value
        template = nil
        values = []
    }
    public init(stringLiteral value: String) {
        text = value
        template = nil
        values = []
    }
    public init(stringInterpolation: StringInterpolation) {
        text = stringInterpolation.text
        template = stringInterpolation.values.isEmpty ? nil : stringInterpolation.template
        values = stringInterpolation.values
    }

    /// What a reader hears: the Markdown of the literal read (its emphasis dropped), each value as it is.
    var readText: String {
        guard let template else { return InlineMarkdown.plainText(text) }
        // A literal with no Markdown reads as written, with its values in place: the text itself.
        guard InlineMarkdown.mayHoldMarkup(template) else { return text }
        var values = self.values.makeIterator()
        return String(InlineMarkdown.plainText(template).flatMap { character in
            character == LocalizedStringKey.placeholder ? Array(values.next() ?? "") : [character]
        })
    }

    /// Stands for an interpolated value while the literal's Markdown is read (a private-use character).
    static let placeholder: Character = "\u{F8FF}"

    public static func == (lhs: LocalizedStringKey, rhs: LocalizedStringKey) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        var template = ""
        var values: [String] = []
        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity)
            // One allocation for the values, not one each time the array grows.
            values.reserveCapacity(interpolationCount)
        }
        public mutating func appendLiteral(_ literal: String) {
            text += literal
            template += literal
        }
        /// A value: kept as it is, never read as Markdown.
        mutating func appendValue(_ value: String) {
            text += value
            template.append(LocalizedStringKey.placeholder)
            values.append(value)
        }
        public mutating func appendInterpolation<T>(_ value: T) { appendValue(String(describing: value)) }
        public mutating func appendInterpolation(_ string: String) { appendValue(string) }
        public mutating func appendInterpolation(_ text: Text) { appendValue(text.content) }
        public mutating func appendInterpolation(_ image: Image) { appendValue(image.spoken) }
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            appendValue(format.format(input))
        }
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
            appendValue(Printf.format(specifier, value))
        }
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            appendValue(Text(date, style: style).content)
        }
    }
}

/// A line of text: a paragraph on screen, or a control's label.
public struct Text: Equatable, Sendable {
    let content: String
    /// The font and colour the text's own modifiers set (`Text("Hi").font(.title)`): they win over
    /// the environment's.
    var font: Font?
    var color: String?

    /// The text of a localizable key (a literal, with interpolations): its inline Markdown read as
    /// a reader of the device hears it, emphasis dropped (`InlineMarkdown`); what was interpolated
    /// is kept as it is, as SwiftUI keeps it.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        content = key.readText
    }

    /// A string, as it is.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { self.content = String(content) }

    /// A string, as it is, never looked up.
    public init(verbatim content: String) { self.content = content }

    /// Styled text: drawn as its characters (its attributes are looks).
    public init(_ attributedContent: AttributedString) { content = String(attributedContent.characters) }

    /// A value formatted by `format`.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        content = format.format(input)
    }

    /// An image inside text: its name.
    public init(_ image: Image) { content = image.spoken }

    /// A date: `.date` and `.time` in a fixed form, the same on every machine (ISO 8601 in UTC, the
    /// day or the time); `.relative`, `.offset` and `.timer` relative to the session's clock, as
    /// SwiftUI writes them (`2 hours, 23 minutes`, `+2 hours`, `2:32`), so that on virtual time a
    /// date the app made from now reads the same every run.
    public init(_ date: Date, style: DateStyle) {
        let whole = date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC") ?? .gmt))
        let parts = whole.split(separator: "T")
        switch style {
        case .date: content = String(parts.first ?? Substring(whole))
        case .time: content = String((parts.last ?? Substring(whole)).prefix(5))
        default: content = Text.relative(date, style: style)
        }
    }

    /// How a date is written.
    public struct DateStyle: Sendable, Equatable {
        let name: String
        public static let date = DateStyle(name: "date")
        public static let time = DateStyle(name: "time")
        public static let relative = DateStyle(name: "relative")
        public static let offset = DateStyle(name: "offset")
        public static let timer = DateStyle(name: "timer")
    }

    /// The two texts one after the other.
    /// The two texts one after the other; looks they share are kept (each run's own are not: one
    /// element has one font in the JSON layout).
    public static func + (lhs: Text, rhs: Text) -> Text {
        var joined = Text(verbatim: lhs.content + rhs.content)
        joined.font = lhs.font == rhs.font ? lhs.font : nil
        joined.color = lhs.color == rhs.color ? lhs.color : nil
        return joined
    }

    private func with(_ change: (inout Text) -> Void) -> Text {
        var copy = self
        change(&copy)
        return copy
    }

    // Styles that change how text looks, not what it says: drawn as the same text, and kept for
    // the JSON layout (font and colour).
    public func font(_ font: Font?) -> Text { with { $0.font = font } }
    public func fontWeight(_ weight: Font.Weight?) -> Text { with { $0.font = ($0.font ?? .body).withWeight(weight) } }
    public func fontDesign(_ design: Font.Design?) -> Text { with { $0.font = ($0.font ?? .body).withDesign(design) } }
    public func bold() -> Text { bold(true) }
    public func bold(_ isActive: Bool) -> Text { isActive ? fontWeight(.bold) : self }
    public func italic() -> Text { italic(true) }
    public func italic(_ isActive: Bool) -> Text { isActive ? with { $0.font = ($0.font ?? .body).italic() } : self }
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
    public func foregroundColor(_ color: Color?) -> Text { with { $0.color = color?.looksDescription } }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { with { $0.color = TextLooks.color(of: style) } }
    public func kerning(_ kerning: CGFloat) -> Text { self }
    public func tracking(_ tracking: CGFloat) -> Text { self }
    public func baselineOffset(_ offset: CGFloat) -> Text { self }
    public func monospaced(_ isActive: Bool = true) -> Text { self }
    public func monospacedDigit() -> Text { self }
}

extension Text: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        guard content.utf8.count > Self.maximumBytes else {
            let font = font ?? context.environment.textFont, color = color ?? context.environment.textColor
            if font == nil, color == nil { return [.text(content)] }
            return [.styled(TextLooks(font: font?.looksDescription, color: color), [.text(content)])]
        }
        // A text of hundreds of megabytes would make every layout and answer that size: cut, and said.
        var end = content.utf8.index(content.utf8.startIndex, offsetBy: Self.maximumBytes)
        while end > content.startIndex, !content.unicodeScalars.indices.contains(end) { end = content.utf8.index(before: end) }
        return [
            .text(String(content[..<end]) + " …"),
            .error("a Text of \(content.utf8.count) bytes is drawn to its first \(Self.maximumBytes) (Text.maximumBytes)"),
        ]
    }

    /// The most bytes of one `Text` that are drawn: more than any screen is read for.
    public static let maximumBytes = 1_048_576
}

/// An image: drawn as nothing, except that a control labelled by images alone is named by them.
public struct Image: Equatable, Sendable {
    let name: String
    /// Whether it is a symbol of the system's (SF Symbols), read by a readable name.
    private(set) var isSymbol = false

    /// A symbol of the system's.
    public init(systemName: String) {
        name = systemName
        isSymbol = true
    }

    /// What a reader hears for it: a symbol's readable name (`xmark` is `Close`), else its name.
    var spoken: String { isSymbol ? SymbolNames.readable(name) : name }
    /// An image of the app's assets.
    public init(_ name: String, bundle: Bundle? = nil) { self.name = name }
    /// An image of the app's assets with a label for accessibility.
    public init(_ name: String, bundle: Bundle? = nil, label: Text) { self.name = label.content }
    /// An image that only decorates.
    public init(decorative name: String, bundle: Bundle? = nil) { self.name = "" }

    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image { self }
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { self }
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image { self }
    public func interpolation(_ interpolation: Interpolation) -> Image { self }
    public func antialiased(_ isAntialiased: Bool) -> Image { self }

    public enum ResizingMode: Sendable { case stretch, tile }
    public enum TemplateRenderingMode: Sendable { case original, template }
    public enum Interpolation: Sendable { case none, low, medium, high }
}

extension Image: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        if let label = context.label, !name.isEmpty { label.images.append(spoken) }
        return []
    }
}

/// How a symbol's layers are coloured.
public struct SymbolRenderingMode: Sendable {
    public static let monochrome = SymbolRenderingMode()
    public static let multicolor = SymbolRenderingMode()
    public static let hierarchical = SymbolRenderingMode()
    public static let palette = SymbolRenderingMode()
}

/// A title with an icon: drawn as its title.
public struct Label<Title, Icon> {
    let title: Title
    let icon: Icon
}

extension Label: View where Title: View, Icon: View {
    /// A label from its title and icon views.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        let text = context.labelText(title)
        if text.isEmpty { return icon._render(in: context.child("icon")) }
        // A label with a warning or failure symbol says something failed: an error line, as a
        // screen reader would announce it.
        if context.label == nil, let image = icon as? Image, Self.failureSymbols.contains(where: image.name.hasPrefix) {
            return [.error(text)]
        }
        return [.text(text)]
    }

    /// The symbols whose label is drawn as an error.
    static var failureSymbols: [String] { ["exclamationmark.triangle", "exclamationmark.octagon", "xmark.octagon", "exclamationmark.circle"] }
}

extension Label where Title == Text, Icon == Image {
    public init(_ title: LocalizedStringKey, systemImage: String) { self.init(title: { Text(title) }, icon: { Image(systemName: systemImage) }) }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String) { self.init(title: { Text(title) }, icon: { Image(systemName: systemImage) }) }
    public init(_ title: LocalizedStringKey, image: String) { self.init(title: { Text(title) }, icon: { Image(image) }) }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image: String) { self.init(title: { Text(title) }, icon: { Image(image) }) }
}

/// What a button does: destructive or cancelling.
public struct ButtonRole: Equatable, Sendable {
    let name: String
    public static let destructive = ButtonRole(name: "destructive")
    public static let cancel = ButtonRole(name: "cancel")
    public static let close = ButtonRole(name: "close")
    public static let confirm = ButtonRole(name: "confirm")
}

/// A numbered element that runs its action when tapped.
public struct Button<Label: View> {
    let label: Label
    let role: ButtonRole?
    let action: () -> Void
}

extension Button: View {
    /// A button labelled by a view.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.role = nil
        self.action = action
    }

    /// A button with a role, labelled by a view.
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.role = role
        self.action = action
    }

    public var body: Never { primitiveBody(Self.self) }

    public func _render(in context: _RenderContext) -> [Node] {
        let text: String
        if let style = context.environment.buttonStyle {
            text = context.labelText(style.body(ButtonStyleConfiguration(label: .init(AnyView(label)), isPressed: false, role: role), context))
        } else {
            text = context.labelText(label)
        }
        if role == .cancel, let dialog = context.dialogButtons { dialog.cancel = action }
        return [Self.node(text, action: action, in: context)]
    }

    /// A button's element: text when its environment disables it; its action also dismisses the
    /// alert or dialog it is in.
    @MainActor
    static func node(_ text: String, action: @escaping () -> Void, in context: _RenderContext) -> Node {
        guard context.environment.isEnabled else { return .text("\(text) (disabled)") }
        let run = MainActorBox(value: action)
        let dismiss = context.dismissesOnAction.map { MainActorBox(value: $0) }
        return .button(text, action: ButtonAction(synchronous: {
            run.value()
            dismiss?.value()
        }))
    }
}

extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void) {
        self.init(action: action) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

extension Button where Label == SwiftUI.Label<Text, Image> {
    public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping () -> Void) {
        self.init(action: action) { SwiftUI.Label(titleKey, systemImage: systemImage) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping () -> Void) {
        self.init(action: action) { SwiftUI.Label(title, systemImage: systemImage) }
    }
    public init(_ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { SwiftUI.Label(titleKey, systemImage: systemImage) }
    }
}

/// The axis a text field grows along.
public enum Axis: Sendable, Hashable {
    case horizontal, vertical
}
