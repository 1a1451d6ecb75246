@_spi(Views) import AppHostKit

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
