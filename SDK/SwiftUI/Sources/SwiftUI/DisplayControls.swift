@_spi(Views) import AppHostKit

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
