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
        public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity) }
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

/// A numbered, editable line of text: `type N TEXT` sets it, then submits it (`.onSubmit`).
public struct TextField<Label> {
    let label: Label
    let text: Binding<String>
    let secure: Bool
}

extension TextField: View where Label: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        let title = context.labelText(label)
        let binding = text
        let shown = secure ? String(repeating: "•", count: binding.wrappedValue.count) : binding.wrappedValue
        guard context.environment.isEnabled else { return [.text("\(title): \(shown) (disabled)")] }
        let submit = context.submit.map { MainActorBox(value: $0) }
        return [.textField(title, text: shown, action: TextFieldAction(synchronous: { value in
            binding.wrappedValue = value
            submit?.value()
        }))]
    }
}

extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) {
        self.init(label: Text(titleKey), text: text, secure: false)
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
        self.init(label: Text(title), text: text, secure: false)
    }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
        self.init(label: Text(titleKey), text: text, secure: false)
    }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil, axis: Axis) {
        self.init(label: Text(titleKey), text: text, secure: false)
    }
    /// A field for a value, written and read by `format`: text it cannot read leaves the value as it is.
    public init<F: ParseableFormatStyle>(_ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil)
    where F.FormatOutput == String {
        let text = Binding<String>(
            get: { format.format(value.wrappedValue) },
            set: { if let parsed = try? format.parseStrategy.parse($0) { value.wrappedValue = parsed } }
        )
        self.init(label: Text(titleKey), text: text, secure: false)
    }
}

extension TextField {
    /// A field labelled by a view.
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) where Label: View {
        self.init(label: label(), text: text, secure: false)
    }
}

/// A text field whose text is drawn as dots.
public struct SecureField<Label> {
    let field: TextField<Label>
}

extension SecureField: View where Label: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { field._render(in: context) }
}

extension SecureField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) {
        field = TextField(label: Text(titleKey), text: text, secure: true)
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
        field = TextField(label: Text(title), text: text, secure: true)
    }
}

/// A numbered on/off switch: tapping it flips its binding.
public struct Toggle<Label> {
    let label: Label
    let isOn: Binding<Bool>
}

extension Toggle: View where Label: View {
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.isOn = isOn
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        let title = context.labelText(label)
        let binding = isOn
        guard context.environment.isEnabled else { return [.text("\(title): \(binding.wrappedValue ? "on" : "off") (disabled)")] }
        return [.toggle(title, isOn: binding.wrappedValue, action: ToggleAction(synchronous: { binding.wrappedValue = $0 }))]
    }
}

extension Toggle where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) { self.init(isOn: isOn) { Text(titleKey) } }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) { self.init(isOn: isOn) { Text(title) } }
}

extension Toggle where Label == SwiftUI.Label<Text, Image> {
    public init(_ titleKey: LocalizedStringKey, systemImage: String, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { SwiftUI.Label(titleKey, systemImage: systemImage) }
    }
}

/// A choice among tagged views, drawn as a section of switches, the chosen one on.
public struct Picker<Label, SelectionValue: Hashable, Content> {
    let label: Label
    let selection: Binding<SelectionValue>
    let content: Content
}

extension Picker: View where Label: View, Content: View {
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.selection = selection
        self.content = content()
    }
    public init(selection: Binding<SelectionValue>, label: Label, @ViewBuilder content: () -> Content) {
        self.label = label
        self.selection = selection
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        let title = context.labelText(label)
        var inner = context.child("choices")
        inner.picker = .one(of: selection)
        return [.section(title.isEmpty ? nil : title, content._render(in: inner))]
    }
}

extension Picker where Label == Text, Content: View {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

/// A view with a tag: inside a ``Picker``, a choice.
public struct TaggedView<Content, Tag: Hashable> {
    let content: Content
    let tag: Tag
}

extension TaggedView: View where Content: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        var inner = context
        inner.picker = nil
        if context.picker == nil, let tabs = context.tabs {
            // A tab's tag: its `tabItem` inside takes it; a tagged view with none is a tab named by its tag.
            tabs.pendingTag = AnyHashable(tag)
            let nodes = content._render(in: context)
            guard tabs.pendingTag != nil else { return nodes }
            inner.tabs = nil
            guard tabs.add(label: "\(tag)") else {
                context.graph.keep(context.path)
                return []
            }
            return context.graph.keeping(context.path) { content._render(in: inner) }
        }
        guard let picker = context.picker else { return content._render(in: inner) }
        return [PickerChoice.node(context.labelText(content), tag: AnyHashable(tag), picker: picker)]
    }
}

enum PickerChoice {
    @MainActor
    static func node(_ title: String, tag: AnyHashable, picker: PickerSelection) -> Node {
        let select = MainActorBox(value: picker.select)
        return .toggle(title, isOn: picker.isSelected(tag), action: ToggleAction(synchronous: { _ in select.value(tag) }))
    }
}

extension View {
    /// Tags the view: inside a picker, the value choosing it selects.
    nonisolated public func tag<V: Hashable>(_ tag: V) -> TaggedView<Self, V> { TaggedView(content: self, tag: tag) }
    /// Tags the view; `includeOptional` is accepted.
    nonisolated public func tag<V: Hashable>(_ tag: V, includeOptional: Bool) -> TaggedView<Self, V> { TaggedView(content: self, tag: tag) }
}

/// A value with buttons to step it down and up: its label, then `Decrement` and `Increment`.
public struct Stepper<Label> {
    let label: Label
    let increment: (() -> Void)?
    let decrement: (() -> Void)?
}

extension Stepper: View where Label: View {
    /// A stepper labelled by a view, as a trailing closure before its actions.
    public init(
        @ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(onIncrement: onIncrement, onDecrement: onDecrement, label: label)
    }

    public init(onIncrement: (() -> Void)?, onDecrement: (() -> Void)?, @ViewBuilder label: () -> Label) {
        self.label = label()
        increment = onIncrement
        decrement = onDecrement
    }
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
        let limits = MainActorBox(value: (step: step, bounds: bounds))
        self.init(
            onIncrement: { value.wrappedValue = min(value.wrappedValue.advanced(by: limits.value.step), limits.value.bounds.upperBound) },
            onDecrement: { value.wrappedValue = max(value.wrappedValue.advanced(by: -limits.value.step), limits.value.bounds.lowerBound) },
            label: label
        )
    }
    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
        let step = MainActorBox(value: step)
        self.init(
            onIncrement: { value.wrappedValue = value.wrappedValue.advanced(by: step.value) },
            onDecrement: { value.wrappedValue = value.wrappedValue.advanced(by: -step.value) },
            label: label
        )
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        var nodes: [Node] = [.text(context.labelText(label))]
        if let decrement { nodes.append(Button<Text>.node("Decrement", action: decrement, in: context)) }
        if let increment { nodes.append(Button<Text>.node("Increment", action: increment, in: context)) }
        return nodes
    }
}

extension Stepper where Label == Text {
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) {
        self.init(value: value, in: bounds, step: step) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) {
        self.init(value: value, in: bounds, step: step) { Text(title) }
    }
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1) {
        self.init(value: value, step: step) { Text(titleKey) }
    }
    public init(_ titleKey: LocalizedStringKey, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?) {
        self.init(onIncrement: onIncrement, onDecrement: onDecrement) { Text(titleKey) }
    }
}

/// Work in progress: what is being done, and how far along when it is known.
public struct ProgressView<Label> {
    let label: Label?
    let fraction: Double?
}

extension ProgressView: View where Label: View {
    public init(@ViewBuilder label: () -> Label) {
        self.label = label()
        fraction = nil
    }
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        self.label = label()
        fraction = value.map { Double($0) / Double(total) }
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        var text = label.map { context.labelText($0) } ?? ""
        if text.isEmpty { text = "Loading…" }
        if let fraction { text += " \(Int((fraction * 100).rounded()))%" }
        return [.progress(text)]
    }
}

extension ProgressView where Label == EmptyView {
    public init() {
        label = nil
        fraction = nil
    }
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        label = nil
        fraction = value.map { Double($0) / Double(total) }
    }
}

extension ProgressView where Label == Text {
    public init(_ titleKey: LocalizedStringKey) {
        label = Text(titleKey)
        fraction = nil
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S) {
        label = Text(title)
        fraction = nil
    }
    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) {
        label = Text(titleKey)
        fraction = value.map { Double($0) / Double(total) }
    }
}

/// What a screen shows when it has nothing to show: its title, its description, its actions.
public struct ContentUnavailableView<Label, Description, Actions> {
    let label: Label
    let description: Description
    let actions: Actions
}

extension ContentUnavailableView: View where Label: View, Description: View, Actions: View {
    public init(@ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() }, @ViewBuilder actions: () -> Actions = { EmptyView() }) {
        self.label = label()
        self.description = description()
        self.actions = actions()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        HStack<EmptyView>.line(label._render(in: context.child("label"))) + description._render(in: context.child("description"))
            + actions._render(in: context.child("actions"))
    }
}

extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
        self.init(label: { SwiftUI.Label(titleKey, systemImage: name) }, description: { description })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {
        self.init(label: { SwiftUI.Label(title, systemImage: name) }, description: { description })
    }
    /// A search that found nothing.
    public static var search: ContentUnavailableView<SwiftUI.Label<Text, Image>, Text?, EmptyView> {
        ContentUnavailableView("No Results", systemImage: "magnifyingglass", description: Text("Check the spelling or try a new search."))
    }
    /// A search for `text` that found nothing.
    public static func search(text: String) -> ContentUnavailableView<SwiftUI.Label<Text, Image>, Text?, EmptyView> {
        ContentUnavailableView("No Results for “\(text)”", systemImage: "magnifyingglass", description: Text("Check the spelling or try a new search."))
    }
}

/// A link to a web address: AppHost does not leave the app, so tapping it says where it leads.
public struct Link<Label> {
    let label: Label
    let destination: URL
}

extension Link: View where Label: View {
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = destination
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        [.link(context.labelText(label), destination: nil, failure: "it opens \(destination.absoluteString), outside the app")]
    }
}

extension Link where Label == Text {
    public init(_ titleKey: LocalizedStringKey, destination: URL) { self.init(destination: destination) { Text(titleKey) } }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: URL) { self.init(destination: destination) { Text(title) } }
}

/// A menu of actions: drawn as a section holding them, all reachable.
public struct Menu<Label, Content> {
    let label: Label
    let content: Content
}

extension Menu: View where Label: View, Content: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        let title = context.labelText(label)
        return [.section(title.isEmpty ? nil : title, content._render(in: context.child("menu")))]
    }
}

extension Menu where Label == Text, Content: View {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(titleKey) } }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(title) } }
}

extension Menu where Label == SwiftUI.Label<Text, Image>, Content: View {
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { SwiftUI.Label(titleKey, systemImage: systemImage) }
    }
}

/// An image loaded from a URL: drawn as nothing (AppHost loads nothing from the network).
public struct AsyncImage<Content> {
    let url: URL?
}

/// Where an ``AsyncImage`` is in loading its image.
public enum AsyncImagePhase: Sendable {
    case empty
    case success(Image)
    case failure(any Error)
    public var image: Image? { if case .success(let image) = self { image } else { nil } }
    public var error: (any Error)? { if case .failure(let error) = self { error } else { nil } }
}

extension AsyncImage: View where Content: View {
    public init<I: View, P: View>(url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I, @ViewBuilder placeholder: @escaping () -> P)
    where Content == _ConditionalContent<I, P> {
        self.url = url
    }
    public init(url: URL?, scale: CGFloat = 1, transaction: Transaction = Transaction(), @ViewBuilder content: @escaping (AsyncImagePhase) -> Content) {
        self.url = url
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { [] }
}

extension AsyncImage where Content == Image {
    public init(url: URL?, scale: CGFloat = 1) { self.url = url }
}

/// A value that moves the slider: drawn as its label and value.
public struct Slider<Label> {
    let label: Label
    let value: () -> Double
    /// Moves the value one adjustment up (`+1`) or down (`-1`), as a reader's swipe does.
    let adjust: (Int) -> Void
}

extension Slider: View where Label: View {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride = 1, @ViewBuilder label: () -> Label)
    where V.Stride: BinaryFloatingPoint {
        self.init(label: label(), value: value, bounds: bounds, step: step)
    }

    /// A slider of `bounds` in steps of `step`. A step of the whole range or more stands for none:
    /// it is what a call that names no step gets (the step's default is 1, and most sliders run
    /// from 0 to 1).
    init<V: BinaryFloatingPoint>(label: Label, value: Binding<V>, bounds: ClosedRange<V>, step: V.Stride?) where V.Stride: BinaryFloatingPoint {
        self.label = label
        self.value = { Double(value.wrappedValue) }
        adjust = { direction in
            value.wrappedValue = Self.adjusted(value.wrappedValue, by: direction, in: bounds, step: step.map { V($0) })
        }
    }

    /// `value` moved as a reader moves a slider: by a tenth of its range (at least one step, in
    /// whole steps from the lower bound, when it has a step), kept within its bounds.
    static func adjusted<V: BinaryFloatingPoint>(_ value: V, by direction: Int, in bounds: ClosedRange<V>, step: V?) -> V {
        let range = bounds.upperBound - bounds.lowerBound
        let step = step.flatMap { $0 < range ? $0 : nil }
        var amount = range / 10
        if let step, step > 0 { amount = Swift.max(step, (amount / step).rounded(.down) * step) }
        var moved = value + amount * V(direction)
        if let step, step > 0 { moved = bounds.lowerBound + ((moved - bounds.lowerBound) / step).rounded() * step }
        return Swift.min(Swift.max(moved, bounds.lowerBound), bounds.upperBound)
    }

    public var body: Never { primitiveBody(Self.self) }
    /// Its label and value, then its adjustments as the value's actions (a reader's swipe up and
    /// down): `Volume: 0.5 (actions: [3] Increment, [4] Decrement)`.
    public func _render(in context: _RenderContext) -> [Node] {
        let title = context.labelText(label)
        let text = title.isEmpty ? "\(value())" : "\(title): \(value())"
        guard context.environment.isEnabled else { return [.text("\(text) (disabled)")] }
        let adjust = MainActorBox(value: adjust)
        return [.text(text)] + Accessibility.adjustments { adjust.value($0) }
    }
}

extension Slider where Label: View {
    /// A slider with labels for its least and greatest values (drawn by its label and value).
    public init<V: BinaryFloatingPoint, Minimum: View, Maximum: View>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride = 1, @ViewBuilder label: () -> Label,
        @ViewBuilder minimumValueLabel: () -> Minimum, @ViewBuilder maximumValueLabel: () -> Maximum,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint {
        self.init(label: label(), value: value, bounds: bounds, step: step)
    }

    /// A slider that says when a drag starts and ends.
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride = 1, @ViewBuilder label: () -> Label,
        onEditingChanged: @escaping (Bool) -> Void
    ) where V.Stride: BinaryFloatingPoint {
        self.init(label: label(), value: value, bounds: bounds, step: step)
    }
}

extension Slider where Label == EmptyView {
    /// A slider with no label, moved in steps of `step`.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride, onEditingChanged: @escaping (Bool) -> Void = { _ in })
    where V.Stride: BinaryFloatingPoint {
        self.init(label: EmptyView(), value: value, bounds: bounds, step: step)
    }

    /// A slider with no label that says when a drag starts and ends.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, onEditingChanged: @escaping (Bool) -> Void)
    where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds)
    }

    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1) where V.Stride: BinaryFloatingPoint {
        self.init(label: EmptyView(), value: value, bounds: bounds, step: nil)
    }
}

/// One C format of one value, as `String(format:)` would write it (which is Foundation's, not
/// FoundationEssentials'): `"%.1f"` of 2.25 is `2.2`.
enum Printf {
    static func format(_ specifier: String, _ value: some CVarArg) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, specifier, $0) }
        guard count >= 0 else { return specifier }
        if Int(count) >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(count) + 1)
            _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, specifier, $0) }
        }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
