@_spi(Views) import AppHostKit

/// Views stacked one above the other: drawn in order.
public struct VStack<Content> {
    let content: Content
}

extension VStack: View where Content: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { content._render(in: context) }
}

/// Views side by side: drawn as one line when they are all text, else in order.
public struct HStack<Content> {
    let content: Content
}

extension HStack: View where Content: View {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        let nodes = content._render(in: context)
        // Inside an element's label, its texts stay apart: the element reads them as one, with commas.
        return context.label == nil ? Self.line(nodes) : nodes
    }

    /// Texts side by side as one line of text; anything else as it is.
    static func line(_ nodes: [Node]) -> [Node] {
        guard nodes.count > 1 else { return nodes }
        var texts: [String] = []
        var looks: [TextLooks?] = []
        for node in nodes {
            guard let (text, look) = node.plainText else { return nodes }
            texts.append(text)
            looks.append(look)
        }
        // One line has one font: the looks its texts share, else none.
        return [.text(texts.joined(separator: " "), looks: looks.allSatisfy { $0 == looks[0] } ? looks[0] : nil)]
    }
}

/// Views layered one over the other: drawn in order, the back one first.
public struct ZStack<Content> {
    let content: Content
}

extension ZStack: View where Content: View {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { content._render(in: context) }
}

/// A stack that makes its views as they scroll into sight: drawn whole.
public struct LazyVStack<Content> {
    let content: Content
}

extension LazyVStack: View where Content: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { content._render(in: context) }
}

/// A row that makes its views as they scroll into sight: drawn whole, as an ``HStack``.
public struct LazyHStack<Content> {
    let content: Content
}

extension LazyHStack: View where Content: View {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { HStack<EmptyView>.line(content._render(in: context)) }
}

/// A grid that makes its cells as they scroll into sight: drawn in order.
public struct LazyVGrid<Content> {
    let content: Content
}

extension LazyVGrid: View where Content: View {
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { content._render(in: context) }
}

/// A grid that makes its cells as they scroll into sight: drawn in order.
public struct LazyHGrid<Content> {
    let content: Content
}

extension LazyHGrid: View where Content: View {
    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { content._render(in: context) }
}

/// A column or row of a lazy grid.
public struct GridItem: Sendable {
    public enum Size: Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {}
}

/// Which views of a lazy stack stay pinned as it scrolls.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// A view that scrolls: drawn whole.
public struct ScrollView<Content> {
    let content: Content
}

extension ScrollView: View where Content: View {
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { content._render(in: context) }
}

extension Axis {
    /// A set of axes.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// Rows, drawn one per line.
public struct List<SelectionValue: Hashable, Content> {
    let content: Content
    let selection: PickerSelection?
}

extension List: View where Content: View {
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never {
        self.content = content()
        selection = nil
    }
    /// Rows one of which is selected: a row that is only text (a tagged view, or a `ForEach` row
    /// of its element's identity) is a choice that selects its value when tapped.
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = selection.map { PickerSelection.optional(of: $0) }
    }
    /// Rows any of which are selected: tapping a row adds it to the selection, or takes it out.
    public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = selection.map { PickerSelection.set(of: $0) }
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        guard let selection else { return [.list(content._render(in: context))] }
        var inner = context
        inner.picker = selection
        return [.list(content._render(in: inner))]
    }
}

extension List {
    /// A row for each element of an identifiable collection, one of which is selected.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<SelectionValue?>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }

    /// A row for each element of an identifiable collection, any of which are selected.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<Set<SelectionValue>>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }

    /// A row for each element, identified by the value at `id`, one of which is selected.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<SelectionValue?>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
    }

    /// A row for each element, identified by the value at `id`, any of which are selected.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<Set<SelectionValue>>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
    }
}

extension List where SelectionValue == Never {
    /// A row for each element of an identifiable collection.
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        content = ForEach(data, content: rowContent)
        selection = nil
    }
    /// A row for each element, identified by the value at `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, ID, RowContent> {
        content = ForEach(data, id: id, content: rowContent)
        selection = nil
    }
}

/// A form of controls: drawn as its sections and rows, in order.
public struct Form<Content> {
    let content: Content
}

extension Form: View where Content: View {
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { content._render(in: context) }
}

/// A titled group of rows; its footer is drawn after them.
public struct Section<Parent, Content, Footer> {
    let header: Parent
    let content: Content
    let footer: Footer
}

extension Section: View where Parent: View, Content: View, Footer: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.header = header()
        self.content = content()
        self.footer = footer()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        let title = context.labelText(header)
        let rows = content._render(in: context.child("rows")) + footer._render(in: context.child("footer"))
        return [.section(title.isEmpty ? nil : title, rows)]
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView, Content: View {
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Parent: View, Footer == EmptyView, Content: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { EmptyView() })
    }
}

extension Section where Parent == EmptyView, Footer: View, Content: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }
}

extension Section where Parent == Text, Footer == EmptyView, Content: View {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(titleKey) }, footer: { EmptyView() })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
    }
}

/// Space between views: drawn as nothing.
public struct Spacer: Sendable {
    public init(minLength: CGFloat? = nil) {}
}

extension Spacer: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { [] }
}

/// A horizontal rule.
public struct Divider: Sendable {
    public init() {}
}

extension Divider: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { [.divider] }
}

/// A view of the size its parent offers: drawn with no size, for there is no screen to measure.
public struct GeometryReader<Content> {
    let content: (GeometryProxy) -> Content
}

extension GeometryReader: View where Content: View {
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { content(GeometryProxy())._render(in: context) }
}

/// The size and place of a ``GeometryReader``: zero, drawn as text.
public struct GeometryProxy: Sendable {
    public var size: CGSize { .zero }
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
    /// The view's frame in `coordinateSpace`: text has no geometry, so every frame is empty, at the origin.
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect { .zero }
    /// The view's frame in a named or global space: empty, at the origin.
    public func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect { .zero }
    /// The view's bounds in `coordinateSpace`: empty, at the origin.
    public func bounds(of coordinateSpace: NamedCoordinateSpace) -> CGRect? { .zero }
}

/// A space a frame is measured in.
public enum CoordinateSpace: Hashable {
    case global
    case local
    case named(AnyHashable)
}

/// A coordinate space, as the newer API names them (`.global`, `.local`, `.named("scroll")`).
public protocol CoordinateSpaceProtocol: Sendable {}

/// A space named by a view above (`.coordinateSpace(.named("scroll"))`).
public struct NamedCoordinateSpace: CoordinateSpaceProtocol, Hashable {
    let name: String
    public static func named(_ name: some Hashable & Sendable) -> NamedCoordinateSpace { NamedCoordinateSpace(name: "\(name)") }
}

/// The screen's space.
public struct GlobalCoordinateSpace: CoordinateSpaceProtocol {}
/// The view's own space.
public struct LocalCoordinateSpace: CoordinateSpaceProtocol {}

extension CoordinateSpaceProtocol where Self == GlobalCoordinateSpace {
    public static var global: GlobalCoordinateSpace { GlobalCoordinateSpace() }
}

extension CoordinateSpaceProtocol where Self == LocalCoordinateSpace {
    public static var local: LocalCoordinateSpace { LocalCoordinateSpace() }
}

extension View {
    /// Names the view's space for the frames inside: accepted, looks only.
    nonisolated public func coordinateSpace(_ name: NamedCoordinateSpace) -> some View { self }
}

/// The first of its views that fits: drawn as its first.
public struct ViewThatFits<Content> {
    let content: Content
}

extension ViewThatFits: View where Content: View {
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        if let tuple = content as? any TupleChildren { return tuple.drawFirst(in: context) }
        return content._render(in: context)
    }
}

protocol TupleChildren {
    @MainActor func drawFirst(in context: _RenderContext) -> [Node]
}

extension TupleView: TupleChildren {
    func drawFirst(in context: _RenderContext) -> [Node] { draw(value, context, 1) }
}
