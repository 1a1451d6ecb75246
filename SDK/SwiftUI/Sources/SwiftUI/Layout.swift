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

/// The root of a stack of views, and the values pushed on it. A `NavigationLink(value:)` inside
/// appends its value to the stack's path (the `path` binding, or a path the stack keeps), and each
/// value of the path is drawn above the root by the `navigationDestination(for:)` of its type, as a
/// pushed view with a Back button; `back` (or the view's `dismiss`) removes it from the path. A
/// link to one of the app's `Navigation` values pushes its route on the Router instead.
public struct NavigationStack<Root> {
    let root: Root
    let path: StackPath?
}

extension NavigationStack: View where Root: View {
    public init(@ViewBuilder root: () -> Root) {
        self.root = root()
        path = nil
    }

    /// A stack whose pushed values are `path`'s elements: appending to it pushes, removing pops.
    public init<Data>(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {
        self.root = root()
        var stackPath = StackPath(
            values: { path.wrappedValue.map { AnyHashable($0) } },
            append: { value in
                guard let element = value.base as? Data.Element else { return false }
                path.wrappedValue.append(element)
                return true
            },
            removeLast: { count in path.wrappedValue.removeLast(min(count, path.wrappedValue.count)) }
        )
        stackPath.accepts = { $0.base is Data.Element }
        self.path = stackPath
    }

    /// A stack whose pushed values, of any `Hashable` types, are `path`'s.
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {
        self.root = root()
        self.path = StackPath(
            values: { path.wrappedValue.elements },
            append: { value in
                path.wrappedValue.elements.append(value)
                return true
            },
            removeLast: { count in path.wrappedValue.removeLast(min(count, path.wrappedValue.count)) }
        )
    }

    public var body: Never { primitiveBody(Self.self) }

    public func _render(in context: _RenderContext) -> [Node] {
        let path = self.path ?? Self.keptPath(in: context)
        let stack = StackScope(path: path)
        var inner = context
        inner.stack = stack
        let rootViews = context.graph.viewMark
        let nodes = root._render(in: inner.child("root"))
        let values = path.values()
        // A pushed view hides the root and the views pushed before it: they disappear, and appear again when it is popped.
        if !values.isEmpty { context.graph.hideViews(since: rootViews) }
        for (index, value) in values.enumerated() {
            let pushedViews = context.graph.viewMark
            defer { if index < values.count - 1 { context.graph.hideViews(since: pushedViews) } }
            let pops = values.count - index
            let close = { path.removeLast(pops) }
            let label = "\(value.base)"
            context.graph.present(.push, label: label, close: close) {
                var pushed = inner.child(index).child(value)
                let closing = MainActorBox(value: close)
                pushed.environment.dismiss = DismissAction { closing.value() }
                pushed.environment.isPresented = true
                let back = Button<Text>.node("Back", action: close, in: pushed)
                guard let make = stack.destinations[ObjectIdentifier(type(of: value.base))] else {
                    return [.error("no navigationDestination(for: \(type(of: value.base)).self) in this stack for \(label)"), back]
                }
                return make(value.base)._render(in: pushed) + [back]
            }
        }
        return nodes
    }

    /// The path of a stack with no binding: kept as the stack's state.
    @MainActor
    private static func keptPath(in context: _RenderContext) -> StackPath {
        let cell = context.graph.slot(ViewGraph.key(context.path, "path")) { StateCell<[AnyHashable]>([]) }
        return StackPath(
            values: { cell.value },
            append: { value in
                cell.value.append(value)
                return true
            },
            removeLast: { count in cell.value.removeLast(min(count, cell.value.count)) }
        )
    }
}

/// The values pushed on a ``NavigationStack``, read and changed through whatever holds them.
struct StackPath {
    let values: () -> [AnyHashable]
    /// Whether the path holds values of the type of `value`.
    var accepts: (AnyHashable) -> Bool = { _ in true }
    /// Pushes a value; false when the path holds values of another type.
    let append: (AnyHashable) -> Bool
    let removeLast: (Int) -> Void
}

/// A stack as the views inside it see it: its path, and the destinations its views declared.
final class StackScope {
    let path: StackPath
    var destinations: [ObjectIdentifier: (Any) -> AnyView] = [:]

    init(path: StackPath) {
        self.path = path
    }
}

/// A stack of views kept as values of any `Hashable` types.
public struct NavigationPath: Equatable, @unchecked Sendable {
    var elements: [AnyHashable] = []
    public init() {}
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable { self.elements = elements.map { AnyHashable($0) } }
    public var count: Int { elements.count }
    public var isEmpty: Bool { elements.isEmpty }
    public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }
    public mutating func removeLast(_ count: Int = 1) { elements.removeLast(count) }
    public static func == (lhs: NavigationPath, rhs: NavigationPath) -> Bool { lhs.elements == rhs.elements }
}

/// Columns of a split view: drawn one after the other.
public struct NavigationSplitView<Sidebar, Detail> {
    let sidebar: Sidebar
    let detail: Detail
}

extension NavigationSplitView: View where Sidebar: View, Detail: View {
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
        self.detail = detail()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        sidebar._render(in: context.child("sidebar")) + detail._render(in: context.child("detail"))
    }
}

/// A link that pushes a value or a view. A value that is one of the app's `Navigation` types pushes
/// its route on the Router; another value pushes the view its `navigationDestination(for:)` makes,
/// and a view pushes itself, both drawn in place of the screen with a Back button.
public struct NavigationLink<Label, Destination> {
    let label: Label
    let target: Target

    enum Target {
        case view(AnyView)
        /// A view pushed while `isActive` is true (`NavigationLink(isActive:)`, `tag:selection:`).
        case bound(AnyView, Binding<Bool>)
        case value(AnyHashable?)
    }
}

extension NavigationLink: View where Label: View, Destination: View {
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        target = .view(AnyView(destination))
    }
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        target = .view(AnyView(destination()))
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        let title = context.labelText(label)
        switch target {
        case .view(let destination):
            return Pushed.link(title, destination: destination, in: context)
        case .bound(let destination, let isActive):
            return Pushed.link(title, destination: destination, isActive: isActive, in: context)
        case .value(let value?):
            // Asked of the kit: a type's metadata is the kit's to compare.
            do {
                if let route = try Route.destination(of: value.base) { return [.link(title, destination: route, failure: nil)] }
            } catch {
                return [.link(title, destination: nil, failure: error.description)]
            }
            if let stack = context.stack {
                let path = stack.path
                guard path.accepts(value) else {
                    return [.link(title, destination: nil, failure: "the NavigationStack's path holds no \(type(of: value.base)) values")]
                }
                return [Button<Text>.node(title, action: { _ = path.append(value) }, in: context)]
            }
            guard let make = context.destinations[ObjectIdentifier(type(of: value.base))] else {
                return [.link(title, destination: nil, failure: "no navigationDestination(for: \(type(of: value.base)).self) above this link")]
            }
            return Pushed.link(title, destination: make(value.base), in: context)
        case .value(nil):
            return [.text("\(title) (disabled)")]
        }
    }
}

extension NavigationLink where Label: View, Destination: View {
    /// A link whose destination is pushed while `isActive` is true (before `NavigationStack`'s paths).
    public init(isActive: Binding<Bool>, @ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        target = .bound(AnyView(destination()), isActive)
    }

    public init(destination: Destination, isActive: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.label = label()
        target = .bound(AnyView(destination), isActive)
    }

    /// A link whose destination is pushed while `selection` holds `tag`.
    public init<V: Hashable>(tag: V, selection: Binding<V?>, @ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        let isActive = Binding(get: { selection.wrappedValue == tag }, set: { selection.wrappedValue = $0 ? tag : nil })
        target = .bound(AnyView(destination()), isActive)
    }

    public init<V: Hashable>(destination: Destination, tag: V, selection: Binding<V?>, @ViewBuilder label: () -> Label) {
        self.init(tag: tag, selection: selection, destination: { destination }, label: label)
    }
}

extension NavigationLink where Label == Text, Destination: View {
    public init(_ titleKey: LocalizedStringKey, destination: Destination, isActive: Binding<Bool>) {
        self.init(destination: destination, isActive: isActive) { Text(titleKey) }
    }

    public init(_ titleKey: LocalizedStringKey, isActive: Binding<Bool>, @ViewBuilder destination: () -> Destination) {
        self.init(isActive: isActive, destination: destination) { Text(titleKey) }
    }
}

/// Navigation before `NavigationStack`: on a phone, a stack of the views its links push.
public struct NavigationView<Content: View>: View {
    let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: some View {
        NavigationStack { content }
    }
}

/// How a `NavigationView` is laid out: a stack on a phone either way; accepted, looks only.
public protocol NavigationViewStyle {}
public struct StackNavigationViewStyle: NavigationViewStyle { public init() {} }
public struct DoubleColumnNavigationViewStyle: NavigationViewStyle { public init() {} }
extension NavigationViewStyle where Self == StackNavigationViewStyle { public static var stack: StackNavigationViewStyle { .init() } }
extension NavigationViewStyle where Self == DoubleColumnNavigationViewStyle { public static var columns: DoubleColumnNavigationViewStyle { .init() } }

extension View {
    /// How the `NavigationView` inside is laid out: accepted, looks only.
    nonisolated public func navigationViewStyle<S: NavigationViewStyle>(_ style: S) -> some View { self }
    /// The title of a `NavigationView`'s bar, as it was named before `navigationTitle`.
    public func navigationBarTitle(_ title: Text) -> some View { navigationTitle(title) }
    public func navigationBarTitle(_ titleKey: LocalizedStringKey) -> some View { navigationTitle(titleKey) }
    @_disfavoredOverload
    public func navigationBarTitle<S: StringProtocol>(_ title: S) -> some View { navigationTitle(title) }
    public func navigationBarTitle(_ titleKey: LocalizedStringKey, displayMode: NavigationBarItem.TitleDisplayMode) -> some View { navigationTitle(titleKey) }
}

extension NavigationLink where Destination == Never {
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label()
        if let value {
            target = .value(AnyHashable(value))
        } else {
            target = .value(nil)
        }
    }
}

extension NavigationLink where Label == Text, Destination == Never {
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) {
        self.init(value: value) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.init(value: value) { Text(title) }
    }
}

extension NavigationLink where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) where Destination: View {
        self.init(destination: destination()) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) where Destination: View {
        self.init(destination: destination()) { Text(title) }
    }
    public init(_ titleKey: LocalizedStringKey, destination: Destination) where Destination: View {
        self.init(destination: destination) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: Destination) where Destination: View {
        self.init(destination: destination) { Text(title) }
    }
}

/// A view pushed inside a feature's view: kept as state of the link, drawn in place of the screen.
enum Pushed {
    @MainActor
    static func link(_ title: String, destination: AnyView, in context: _RenderContext) -> [Node] {
        let cell = context.graph.slot(ViewGraph.key(context.path, "pushed")) { StateCell(false) }
        return link(title, destination: destination, isActive: Binding(get: { cell.value }, set: { cell.value = $0 }), in: context)
    }

    /// A link whose destination is pushed while `shown` is true: tapping sets it, `Back`,
    /// `dismiss` and the session's `back` clear it.
    @MainActor
    static func link(_ title: String, destination: AnyView, isActive shown: Binding<Bool>, in context: _RenderContext) -> [Node] {
        if shown.wrappedValue {
            context.graph.present(.push, label: title, close: { shown.wrappedValue = false }) {
                var inner = context.child("pushed")
                inner.environment.dismiss = DismissAction { shown.wrappedValue = false }
                inner.environment.isPresented = true
                return destination._render(in: inner) + [Button<Text>.node("Back", action: { shown.wrappedValue = false }, in: inner)]
            }
        }
        return [Button<Text>.node(title, action: { shown.wrappedValue = true }, in: context)]
    }
}

/// Tabs: the selected tab's content, then the tab bar, a choice for each tab named by its
/// `tabItem` label (`[x] Recipes  [ ] Settings`); tapping a tab's name selects it. A tab is tagged
/// by `.tag(_:)` (the value the `selection` binding holds), else by its place, from 0. The
/// selected tab is a layer of the session's route line (`tab "Settings"`), which `back` passes over.
public struct TabView<SelectionValue: Hashable, Content> {
    let content: Content
    let selection: Binding<SelectionValue>?
}

extension TabView: View where Content: View {
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Int {
        self.content = content()
        selection = nil
    }
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = selection
    }
    public var body: Never { primitiveBody(Self.self) }

    public func _render(in context: _RenderContext) -> [Node] {
        let kept = context.graph.slot(ViewGraph.key(context.path, "tab")) { StateCell<AnyHashable?>(nil) }
        let selection = self.selection
        let selected: AnyHashable? = selection.map { AnyHashable($0.wrappedValue) } ?? kept.value
        let select: (AnyHashable) -> Void = { tag in
            if let selection {
                if let value = tag.base as? SelectionValue { selection.wrappedValue = value }
            } else {
                kept.value = tag
            }
        }
        var tabs = TabScope(selected: selected)
        var inner = context
        inner.tabs = tabs
        let below = context.graph.presentationCount
        var nodes = content._render(in: inner)
        // No tab has the selected tag: the first is shown, as on a device.
        if !tabs.found, let first = tabs.tabs.first?.tag {
            context.graph.forgetPresentations(after: below)
            tabs = TabScope(selected: first)
            inner.tabs = tabs
            nodes = content._render(in: inner)
        }
        let picker = PickerSelection(isSelected: { $0 == tabs.selected }, select: select)
        let bar = tabs.tabs.map { PickerChoice.node($0.label, tag: $0.tag, picker: picker) }
        if let shown = tabs.tabs.first(where: { $0.tag == tabs.selected }) {
            context.graph.mark(ViewLayer(kind: .tab, name: shown.label, close: nil), at: below)
        }
        guard !bar.isEmpty else { return nodes }
        // A view pushed in the selected tab is drawn with the bar under it, as on a device.
        _ = context.graph.addBelowPushes([.group(bar)], since: below)
        return nodes + [.group(bar)]
    }
}

/// A ``TabView``'s tabs as its content is drawn: the label and tag of each, and which is selected.
final class TabScope {
    let selected: AnyHashable?
    var tabs: [(label: String, tag: AnyHashable)] = []
    /// The tag of the view being drawn (`.tag(_:)`), for the `tabItem` inside it.
    var pendingTag: AnyHashable?
    /// Whether a tab with the selected tag was drawn.
    var found = false

    init(selected: AnyHashable?) {
        self.selected = selected
    }

    /// Adds a tab; true if it is the selected one, whose content is drawn.
    func add(label: String) -> Bool {
        let tag = pendingTag ?? AnyHashable(tabs.count)
        pendingTag = nil
        tabs.append((label, tag))
        let isSelected = tag == selected || (selected == nil && tabs.count == 1)
        if isSelected { found = true }
        return isSelected
    }
}

extension View {
    /// Names the view as a tab of the ``TabView`` it is in; elsewhere it changes nothing.
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        let label = label()
        return modified { context, drawContent in
            guard let tabs = context.tabs else { return drawContent(context) }
            var inner = context
            inner.tabs = nil
            guard tabs.add(label: inner.labelText(label)) else {
                context.graph.keep(context.path)
                return []
            }
            return context.graph.keeping(context.path) { drawContent(inner) }
        }
    }
}

/// Where a view is placed in its frame.
public struct Alignment: Equatable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

public struct HorizontalAlignment: Equatable, Sendable {
    let name: String
    public static let leading = HorizontalAlignment(name: "leading")
    public static let center = HorizontalAlignment(name: "center")
    public static let trailing = HorizontalAlignment(name: "trailing")
    public static let listRowSeparatorLeading = HorizontalAlignment(name: "listRowSeparatorLeading")
}

public struct VerticalAlignment: Equatable, Sendable {
    let name: String
    public static let top = VerticalAlignment(name: "top")
    public static let center = VerticalAlignment(name: "center")
    public static let bottom = VerticalAlignment(name: "bottom")
    public static let firstTextBaseline = VerticalAlignment(name: "firstTextBaseline")
    public static let lastTextBaseline = VerticalAlignment(name: "lastTextBaseline")
}

/// How text lines are aligned.
public enum TextAlignment: Sendable, Hashable, CaseIterable {
    case leading, center, trailing
}

/// An edge of a view.
public enum Edge: Int8, Sendable, Hashable, CaseIterable {
    case top, leading, bottom, trailing

    /// A set of edges.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: Edge) { rawValue = 1 << edge.rawValue }
        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.horizontal, .vertical]
    }
}

/// Insets on each edge.
public struct EdgeInsets: Equatable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// A point in a view's unit square.
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat, y: CGFloat
    public init(x: CGFloat = 0, y: CGFloat = 0) {
        self.x = x
        self.y = y
    }
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// An angle.
public struct Angle: Hashable, Sendable {
    public var radians: Double
    public var degrees: Double { radians * 180 / .pi }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public static let zero = Angle(radians: 0)
}

/// How an image fills its frame.
public enum ContentMode: Sendable, Hashable {
    case fit, fill
}
