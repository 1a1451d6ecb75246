@_spi(Views) import AppHostKit

// Controls of forms and settings screens, each drawn as the elements VoiceOver would find: a
// labelled value as text, an editor as a field that can be typed into, a disclosure group as a
// button that shows or hides its content, a grid as its rows.

/// A label beside a value: drawn `Name: Ada`.
public struct LabeledContent<Label: View, Content: View>: View {
    let label: Label
    let content: Content

    /// A label beside the content it describes.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }

    public func _render(in context: _RenderContext) -> [Node] {
        let title = context.labelText(label)
        let nodes = content._render(in: context.child("content"))
        // A value that is only text is read with its label; anything that acts keeps its element.
        guard !nodes.contains(where: \.isActionable) else { return [.text(title)] + nodes }
        let value = nodes.texts.joined(separator: " ")
        return [.text(value.isEmpty ? title : "\(title): \(value)")]
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// A label beside a text value.
    public init(_ titleKey: LocalizedStringKey, value: String) {
        self.init(content: { Text(value) }, label: { Text(titleKey) })
    }

    /// A label beside a text value.
    @_disfavoredOverload
    public init<S: StringProtocol, V: StringProtocol>(_ title: S, value: V) {
        self.init(content: { Text(value) }, label: { Text(title) })
    }

    /// A label beside a value written by `format`.
    public init<F: FormatStyle>(_ titleKey: LocalizedStringKey, value: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(content: { Text(format.format(value)) }, label: { Text(titleKey) })
    }
}

extension LabeledContent where Label == Text {
    /// A label beside the content it describes.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(titleKey) })
    }

    /// A label beside the content it describes.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(title) })
    }
}

/// A field for long text: drawn as a field that can be typed into, named `Text`.
public struct TextEditor: View {
    let text: Binding<String>

    public init(text: Binding<String>) {
        self.text = text
    }

    public var body: some View {
        TextField("Text", text: text)
    }
}

/// The parts of a date a `DatePicker` chooses.
public struct DatePickerComponents: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let date = DatePickerComponents(rawValue: 1)
    public static let hourAndMinute = DatePickerComponents(rawValue: 2)
}

/// A date a person chooses: drawn as its label and the date, `Birthday: 1970-01-01` (in UTC,
/// ISO 8601, the same on every machine).
public struct DatePicker<Label: View>: View {
    let label: Label
    let selection: Binding<Date>
    let components: DatePickerComponents

    public init(selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label) {
        self.label = label()
        self.selection = selection
        self.components = displayedComponents
    }

    public init(
        selection: Binding<Date>, in range: ClosedRange<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date],
        @ViewBuilder label: () -> Label
    ) {
        self.init(selection: selection, displayedComponents: displayedComponents, label: label)
    }

    public var body: Never { primitiveBody(Self.self) }

    public func _render(in context: _RenderContext) -> [Node] {
        let title = context.labelText(label)
        return [.text("\(title): \(Self.text(selection.wrappedValue, components))")]
    }

    static func text(_ date: Date, _ components: DatePickerComponents) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let day = "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))"
        let time = "\(two(parts.hour)):\(two(parts.minute))"
        switch (components.contains(.date), components.contains(.hourAndMinute)) {
        case (true, false): return day
        case (false, true): return time
        default: return "\(day) \(time)"
        }
    }
}

extension DatePicker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(titleKey) }
    }

    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(title) }
    }
}

/// Content shown or hidden by tapping its label: drawn as a button named by the label, followed
/// by the content while it is expanded.
public struct DisclosureGroup<Label: View, Content: View>: View {
    @State private var expandedHere = false
    private let isExpanded: Binding<Bool>?
    private let label: Label
    private let content: () -> Content

    public init(@ViewBuilder content: @escaping () -> Content, @ViewBuilder label: () -> Label) {
        self.isExpanded = nil
        self.label = label()
        self.content = content
    }

    public init(isExpanded: Binding<Bool>, @ViewBuilder content: @escaping () -> Content, @ViewBuilder label: () -> Label) {
        self.isExpanded = isExpanded
        self.label = label()
        self.content = content
    }

    private var expanded: Binding<Bool> { isExpanded ?? $expandedHere }

    public var body: some View {
        let expanded = expanded
        Button { expanded.wrappedValue.toggle() } label: { label }
        if expanded.wrappedValue {
            content()
        }
    }
}

extension DisclosureGroup where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: @escaping () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    public init(_ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, @ViewBuilder content: @escaping () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: @escaping () -> Content) {
        self.init(content: content) { Text(title) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isExpanded: Binding<Bool>, @ViewBuilder content: @escaping () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(title) }
    }
}

/// A value within a range: drawn as its label and its current value's label (else the value as a
/// fraction of the range), `Battery: 42%`.
public struct Gauge<Label: View, CurrentValueLabel: View>: View {
    let fraction: Double
    let label: Label
    let currentValueLabel: CurrentValueLabel?

    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        fraction = span > 0 ? Double(value - bounds.lowerBound) / span : 0
        self.label = label()
        self.currentValueLabel = currentValueLabel()
    }

    public init<V: BinaryFloatingPoint, Minimum: View, Maximum: View>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
        @ViewBuilder minimumValueLabel: () -> Minimum, @ViewBuilder maximumValueLabel: () -> Maximum
    ) {
        self.init(value: value, in: bounds, label: label, currentValueLabel: currentValueLabel)
    }

    public var body: Never { primitiveBody(Self.self) }

    public func _render(in context: _RenderContext) -> [Node] {
        let title = context.labelText(label)
        let value = currentValueLabel.map { context.labelText($0) } ?? "\(Int((fraction * 100).rounded()))%"
        return [.text(title.isEmpty ? value : "\(title): \(value)")]
    }
}

extension Gauge where CurrentValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        fraction = span > 0 ? Double(value - bounds.lowerBound) / span : 0
        self.label = label()
        currentValueLabel = nil
    }
}

/// How a gauge is drawn: accepted, looks only.
public protocol GaugeStyle {}
public struct LinearCapacityGaugeStyle: GaugeStyle { public init() {} }
public struct AccessoryCircularGaugeStyle: GaugeStyle { public init() {} }
extension GaugeStyle where Self == LinearCapacityGaugeStyle { public static var linearCapacity: LinearCapacityGaugeStyle { .init() } }
extension GaugeStyle where Self == AccessoryCircularGaugeStyle { public static var accessoryCircular: AccessoryCircularGaugeStyle { .init() } }

extension View {
    /// How the gauges inside are drawn: accepted, looks only.
    nonisolated public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View { self }
}

/// Rows of cells lined up in columns: drawn as its rows, one after the other.
public struct Grid<Content: View>: View {
    let content: Content

    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: some View {
        VStack { content }
    }
}

/// One row of a ``Grid``: its cells, read in order, as an `HStack`'s are.
public struct GridRow<Content: View>: View {
    let content: Content

    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: some View {
        HStack { content }
    }
}

extension View {
    /// How many columns of a grid the cell spans: accepted, looks only.
    nonisolated public func gridCellColumns(_ count: Int) -> some View { self }
    /// How the cell is aligned in its column: accepted, looks only.
    nonisolated public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View { self }
    /// Keeps the cell from widening its column: accepted, looks only.
    nonisolated public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View { self }
}

/// What a `ScrollViewReader` gives its content: scrolling, which a screen drawn whole has no need of.
public struct ScrollViewProxy {
    /// Scrolls to the view with `id`: the whole screen is drawn, so it is always in view.
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {}
}

/// Content that can scroll to one of its views: drawn as the content.
public struct ScrollViewReader<Content: View>: View {
    let content: (ScrollViewProxy) -> Content

    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {
        self.content = content
    }

    public var body: some View {
        content(ScrollViewProxy())
    }
}

extension View {
    /// Suggestions shown under the search field while it is searched: drawn after the view.
    public func searchSuggestions<S: View>(@ViewBuilder _ suggestions: () -> S) -> some View {
        let suggestions = suggestions()
        return modified { context, content in
            content(context) + suggestions._render(in: context.child("suggestions"))
        }
    }

    /// Makes the suggestion a choice that puts `completion` in the screen's search field, named
    /// by the suggestion's text (outside a searchable screen, it is drawn as it is).
    public func searchCompletion(_ completion: String) -> some View {
        modified { context, content in
            let nodes = content(context)
            guard let field = context.graph.searchText else { return nodes }
            let label = nodes.texts.combinedLabel
            return [Button<Text>.node(label.isEmpty ? completion : label, action: { field.wrappedValue = completion }, in: context)]
        }
    }
}
