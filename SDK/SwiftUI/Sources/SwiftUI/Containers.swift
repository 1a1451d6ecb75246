@_spi(Views) import AppHostKit
import Foundation

// Tables, boxes, groups of controls, outlines, a colour picker, a canvas and a timeline, as an
// iPhone app shows them (docs/swiftui.md, "What is supported").

// MARK: Table

/// A column of a ``Table``: its title, and what a row shows in it.
public struct TableColumn<RowValue, Sort, Content: View, Label: View> {
    let label: Label
    let content: (RowValue) -> Content
}

extension TableColumn where Label == Text, Sort == Never {
    /// A column whose cells are the view `content` makes of the row.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: @escaping (RowValue) -> Content) {
        self.init(label: Text(titleKey), content: content)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: @escaping (RowValue) -> Content) {
        self.init(label: Text(title), content: content)
    }
}

extension TableColumn where Label == Text, Content == Text, Sort == KeyPathComparator<RowValue> {
    /// A column of the text at `value`, which the table can sort by.
    public init(_ titleKey: LocalizedStringKey, value: KeyPath<RowValue, String>) {
        self.init(label: Text(titleKey), content: { Text($0[keyPath: value]) })
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, value: KeyPath<RowValue, String>) {
        self.init(label: Text(title), content: { Text($0[keyPath: value]) })
    }
}

extension TableColumn where Label == Text, Sort == KeyPathComparator<RowValue> {
    /// A column of the view `content` makes of the row, sorted by the value at `value`.
    public init<V: Comparable>(_ titleKey: LocalizedStringKey, value: KeyPath<RowValue, V>, @ViewBuilder content: @escaping (RowValue) -> Content) {
        self.init(label: Text(titleKey), content: content)
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V: Comparable>(_ title: S, value: KeyPath<RowValue, V>, @ViewBuilder content: @escaping (RowValue) -> Content) {
        self.init(label: Text(title), content: content)
    }
}

extension TableColumn {
    /// The column's width: looks only.
    nonisolated public func width(_ width: CGFloat? = nil) -> Self { self }
    nonisolated public func width(min: CGFloat? = nil, ideal: CGFloat? = nil, max: CGFloat? = nil) -> Self { self }
}

/// The columns of a table, as its builder collects them.
public struct TableColumns<RowValue> {
    let cells: [(RowValue) -> AnyView]
}

/// Collects a table's columns.
@resultBuilder
public enum TableColumnBuilder<RowValue, Sort> {
    public static func buildExpression<S, Content: View, Label: View>(_ column: TableColumn<RowValue, S, Content, Label>) -> TableColumns<RowValue> {
        TableColumns(cells: [{ AnyView(column.content($0)) }])
    }
    public static func buildBlock(_ columns: TableColumns<RowValue>...) -> TableColumns<RowValue> {
        TableColumns(cells: columns.flatMap(\.cells))
    }
    public static func buildOptional(_ columns: TableColumns<RowValue>?) -> TableColumns<RowValue> { columns ?? TableColumns(cells: []) }
    public static func buildEither(first columns: TableColumns<RowValue>) -> TableColumns<RowValue> { columns }
    public static func buildEither(second columns: TableColumns<RowValue>) -> TableColumns<RowValue> { columns }
    public static func buildLimitedAvailability(_ columns: TableColumns<RowValue>) -> TableColumns<RowValue> { columns }
}

/// Rows of values in columns. An iPhone shows a table in its compact width as a list of each row's
/// first column, and so is it drawn: the other columns are not shown. With a selection, a row is
/// chosen as a ``List``'s is; sorting is the app's (it sorts its data when `sortOrder` changes).
public struct Table<Value: Identifiable>: View {
    private let rows: [Value]
    private let columns: TableColumns<Value>
    private let choose: (([Value], @escaping (Value) -> AnyView) -> AnyView)?

    public init<Data: RandomAccessCollection>(_ data: Data, @TableColumnBuilder<Value, Never> columns: () -> TableColumns<Value>)
    where Data.Element == Value {
        rows = Array(data)
        self.columns = columns()
        choose = nil
    }

    public init<Data: RandomAccessCollection, Sort: SortComparator>(
        _ data: Data, sortOrder: Binding<[Sort]>, @TableColumnBuilder<Value, Sort> columns: () -> TableColumns<Value>
    ) where Data.Element == Value, Sort.Compared == Value {
        self.init(data, columns: columns)
    }

    public init<Data: RandomAccessCollection>(
        _ data: Data, selection: Binding<Value.ID?>, @TableColumnBuilder<Value, Never> columns: () -> TableColumns<Value>
    ) where Data.Element == Value {
        rows = Array(data)
        self.columns = columns()
        choose = { rows, cell in AnyView(List(rows, selection: selection) { cell($0) }) }
    }

    public init<Data: RandomAccessCollection>(
        _ data: Data, selection: Binding<Set<Value.ID>>, @TableColumnBuilder<Value, Never> columns: () -> TableColumns<Value>
    ) where Data.Element == Value {
        rows = Array(data)
        self.columns = columns()
        choose = { rows, cell in AnyView(List(rows, selection: selection) { cell($0) }) }
    }

    public init<Data: RandomAccessCollection, Sort: SortComparator>(
        _ data: Data, selection: Binding<Value.ID?>, sortOrder: Binding<[Sort]>,
        @TableColumnBuilder<Value, Sort> columns: () -> TableColumns<Value>
    ) where Data.Element == Value, Sort.Compared == Value {
        rows = Array(data)
        self.columns = columns()
        choose = { rows, cell in AnyView(List(rows, selection: selection) { cell($0) }) }
    }

    public init<Data: RandomAccessCollection, Sort: SortComparator>(
        _ data: Data, selection: Binding<Set<Value.ID>>, sortOrder: Binding<[Sort]>,
        @TableColumnBuilder<Value, Sort> columns: () -> TableColumns<Value>
    ) where Data.Element == Value, Sort.Compared == Value {
        rows = Array(data)
        self.columns = columns()
        choose = { rows, cell in AnyView(List(rows, selection: selection) { cell($0) }) }
    }

    public var body: some View {
        let first = columns.cells.first ?? { _ in AnyView(EmptyView()) }
        if let choose {
            choose(rows, first)
        } else {
            List(rows) { first($0) }
        }
    }
}

// MARK: Boxes and groups

/// Content under a label: drawn as a titled section.
public struct GroupBox<Label: View, Content: View>: View {
    private let label: Label
    private let content: Content

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
    }

    public var body: some View {
        Section { content } header: { label }
    }
}

extension GroupBox where Label == EmptyView {
    public init(@ViewBuilder content: () -> Content) { self.init(content: content) { EmptyView() } }
}

extension GroupBox where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(titleKey) } }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(title) } }
}

/// Controls shown together: drawn as its controls, in order.
public struct ControlGroup<Content: View>: View {
    private let content: Content

    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public init<L: View>(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> L) { self.content = content() }
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { self.content = content() }

    public var body: some View { content }
}

/// A tree of values: each value with children is a ``DisclosureGroup`` (closed until tapped, as on
/// a device) of its children; a value without is its row.
public struct OutlineGroup<Data: RandomAccessCollection, ID: Hashable, Leaf: View>: View {
    private let data: Data
    private let id: KeyPath<Data.Element, ID>
    private let children: KeyPath<Data.Element, Data?>
    private let content: (Data.Element) -> Leaf

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, children: KeyPath<Data.Element, Data?>, @ViewBuilder content: @escaping (Data.Element) -> Leaf) {
        self.data = data
        self.id = id
        self.children = children
        self.content = content
    }

    public init<DataElement>(_ root: DataElement, id: KeyPath<DataElement, ID>, children: KeyPath<DataElement, Data?>, @ViewBuilder content: @escaping (DataElement) -> Leaf)
    where Data == [DataElement] {
        self.init([root], id: id, children: children, content: content)
    }

    public var body: some View {
        ForEach(data, id: id) { element in
            if let nested = element[keyPath: children] {
                DisclosureGroup {
                    AnyView(OutlineGroup(nested, id: id, children: children, content: content))
                } label: {
                    content(element)
                }
            } else {
                content(element)
            }
        }
    }
}

extension OutlineGroup where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, children: KeyPath<Data.Element, Data?>, @ViewBuilder content: @escaping (Data.Element) -> Leaf) {
        self.init(data, id: \.id, children: children, content: content)
    }

    public init<DataElement: Identifiable>(_ root: DataElement, children: KeyPath<DataElement, Data?>, @ViewBuilder content: @escaping (DataElement) -> Leaf)
    where Data == [DataElement], ID == DataElement.ID {
        self.init([root], id: \DataElement.id, children: children, content: content)
    }
}

extension List {
    /// A tree of rows, each value with children closed until tapped.
    @MainActor
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, children: KeyPath<Data.Element, Data?>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where SelectionValue == Never, Content == OutlineGroup<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init { OutlineGroup(data, children: children, content: rowContent) }
    }
}

// MARK: Colour picker

/// A colour chosen by the user: drawn as its label and the colour, `Tint: #007AFFFF`. A colour is
/// picked on a device's colour sheet, which has no text form: the app's code sets it.
public struct ColorPicker<Label: View>: View {
    private let label: Label
    private let color: Color

    public init(selection: Binding<Color>, supportsOpacity: Bool = true, @ViewBuilder label: () -> Label) {
        self.label = label()
        color = selection.wrappedValue
    }

    public var body: some View {
        LabeledContent {
            Text(color.resolve(in: EnvironmentValues()).description)
        } label: {
            label
        }
    }
}

extension ColorPicker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(title) }
    }
}

// MARK: Canvas

/// What a ``Canvas`` draws with. Painting has no text form: what it is asked to paint is kept
/// only as far as a test of the drawing code needs (the texts drawn, in order).
public struct GraphicsContext {
    /// The texts drawn, in order: what VoiceOver cannot read of a canvas, but a test can.
    final class Record { var texts: [String] = [] }
    let record: Record

    public var opacity: Double = 1
    public var blendMode: BlendMode = .normal
    public var transform: CGAffineTransform = .identity
    public var environment: EnvironmentValues

    init(environment: EnvironmentValues) {
        self.environment = environment
        record = Record()
    }

    /// How a path is filled or stroked.
    public struct Shading: Sendable {
        let color: Color?
        public static func color(_ color: Color) -> Shading { Shading(color: color) }
        public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading(color: style as? Color) }
        public static var foreground: Shading { Shading(color: nil) }
        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint) -> Shading { Shading(color: nil) }
        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat) -> Shading { Shading(color: nil) }
    }

    /// A text ready to draw, with its size (text has no geometry: zero).
    public struct ResolvedText {
        let text: Text
        public func measure(in size: CGSize) -> CGSize { .zero }
    }

    /// An image ready to draw, with its size (zero).
    public struct ResolvedImage {
        public var size: CGSize { .zero }
    }

    public func resolve(_ text: Text) -> ResolvedText { ResolvedText(text: text) }
    public func resolve(_ image: Image) -> ResolvedImage { ResolvedImage() }

    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {}
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {}
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {}
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) { record.texts.append(text.content) }
    public func draw(_ text: Text, in rect: CGRect) { record.texts.append(text.content) }
    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) { record.texts.append(text.text.content) }
    public func draw(_ text: ResolvedText, in rect: CGRect) { record.texts.append(text.text.content) }
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {}
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {}
    public func draw(_ image: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) {}
    public func draw(_ image: ResolvedImage, at point: CGPoint, anchor: UnitPoint = .center) {}
    public mutating func translateBy(x: CGFloat, y: CGFloat) { transform = transform.translatedBy(x: x, y: y) }
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform = transform.scaledBy(x: x, y: y) }
    public mutating func rotate(by angle: Angle) { transform = transform.rotated(by: CGFloat(angle.radians)) }
    public mutating func concatenate(_ matrix: CGAffineTransform) { transform = matrix.concatenating(transform) }
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {}
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var layer = self
        try content(&layer)
    }

    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let inverse = ClipOptions(rawValue: 1)
    }

    public enum BlendMode: Sendable { case normal, multiply, screen, overlay, darken, lighten, plusLighter, plusDarker }
}

/// A view that paints with a ``GraphicsContext``. Its renderer runs each time it is drawn (with a
/// size of zero: text has no geometry) and it draws as nothing, as VoiceOver reads nothing of a
/// canvas; give it `.accessibilityLabel` to be read, as on a device.
public struct Canvas<Symbols: View>: View {
    private let renderer: (inout GraphicsContext, CGSize) -> Void

    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false, renderer: @escaping (inout GraphicsContext, CGSize) -> Void)
    where Symbols == EmptyView {
        self.renderer = renderer
    }

    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void, @ViewBuilder symbols: () -> Symbols) {
        self.renderer = renderer
    }

    public var body: Never { primitiveBody(Self.self) }

    public func _render(in context: _RenderContext) -> [Node] {
        var graphics = GraphicsContext(environment: context.environment)
        renderer(&graphics, .zero)
        return []
    }
}

public enum ColorRenderingMode: Sendable { case nonLinear, linear, extendedLinear }

// MARK: Timeline

/// When a ``TimelineView`` would draw again.
public protocol TimelineSchedule {
    associatedtype Entries: Sequence where Entries.Element == Date
    func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries
}

public enum TimelineScheduleMode: Sendable { case normal, lowFrequency }

public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    let start: Date
    let interval: TimeInterval
    public init(from startDate: Date, by interval: TimeInterval) {
        start = startDate
        self.interval = interval
    }
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> [Date] {
        guard interval > 0 else { return [start] }
        let steps = Swift.max(0, (startDate.timeIntervalSince(start) / interval).rounded(.down))
        return [start.addingTimeInterval(steps * interval)]
    }
}

public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    public init() {}
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> [Date] {
        [Date(timeIntervalSinceReferenceDate: (startDate.timeIntervalSinceReferenceDate / 60).rounded(.down) * 60)]
    }
}

public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    public init(minimumInterval: Double? = nil, paused: Bool = false) {}
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> [Date] { [startDate] }
}

public struct ExplicitTimelineSchedule<Entries: Sequence>: TimelineSchedule where Entries.Element == Date {
    let dates: Entries
    public init(_ dates: Entries) { self.dates = dates }
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries { dates }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule { .init(from: startDate, by: interval) }
}
extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    public static var everyMinute: EveryMinuteTimelineSchedule { .init() }
}
extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { .init() }
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule { .init(minimumInterval: minimumInterval, paused: paused) }
}
extension TimelineSchedule {
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule<S> where Self == ExplicitTimelineSchedule<S> { .init(dates) }
}

/// What a ``TimelineView``'s content is drawn for: the entry's date.
public struct TimelineViewDefaultContext: Sendable {
    public let date: Date
    public let cadence: Cadence
    public enum Cadence: Comparable, Sendable { case live, seconds, minutes }
}

/// A view drawn for the time of its schedule's latest entry that is not after now (the session's
/// time, virtual or real): a periodic timeline started at 9:00 by minutes shows 9:05 at 9:05:30.
/// It is drawn again when its screen is (after each command), not on its own: text has no frames.
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View {
    /// What the content is drawn for.
    public typealias Context = TimelineViewDefaultContext

    private let schedule: Schedule
    private let content: (Context) -> Content

    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    public var body: some View {
        let now = Date()
        let date = schedule.entries(from: now, mode: .normal).prefix { $0 <= now }.reduce(nil as Date?) { _, next in next } ?? now
        content(Context(date: date, cadence: .live))
    }
}
