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
