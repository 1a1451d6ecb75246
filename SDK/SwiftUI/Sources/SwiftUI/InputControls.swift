@_spi(Views) import AppHostKit

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
