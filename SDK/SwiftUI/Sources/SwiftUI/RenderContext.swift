@_spi(Views) import AppHostKit

/// Where a view is drawn: its place in the tree (the identity its state is kept under), the
/// environment it reads, and what the views around it collect (a picker's choices, a label's text).
///
/// A context is copied for every view drawn, so what views below inherit and seldom change lives
/// in one shared ``RenderScope``: a copy is two references, and a modifier that changes the
/// environment (or another inherited part) gives the views below a scope of their own.
public struct _RenderContext {
    let graph: ViewGraph
    /// The identity of the view: its place among its parent's children, down from the root, hashed.
    var path: Int
    /// How many places down from the root the view is.
    var depth = 0

    /// The deepest a view may be drawn: a view that draws itself inside itself (a recursive body)
    /// is cut there, with an error naming the feature's view, instead of running the thread out
    /// of stack while it is built. Far deeper than any screen people read.
    public static let maximumDepth = 1_024
    private var scope: RenderScope

    init(graph: ViewGraph, path: Int, environment: EnvironmentValues) {
        self.graph = graph
        self.path = path
        scope = RenderScope(environment: environment)
    }

    var environment: EnvironmentValues {
        get { scope.environment }
        set { changeScope { $0.environment = newValue } }
    }
    /// Inside a ``Picker``: how a tagged choice is drawn.
    var picker: PickerSelection? {
        get { scope.picker }
        set { changeScope { $0.picker = newValue } }
    }
    /// Drawing a control's label: its text is collected, images give their names.
    var label: LabelCollector? {
        get { scope.label }
        set { changeScope { $0.label = newValue } }
    }
    /// Inside an alert or a dialog: a button's action also dismisses it.
    var dismissesOnAction: (() -> Void)? {
        get { scope.dismissesOnAction }
        set { changeScope { $0.dismissesOnAction = newValue } }
    }
    /// Inside an alert or a dialog: where its cancel button says what it does.
    var dialogButtons: DialogButtons? {
        get { scope.dialogButtons }
        set { changeScope { $0.dialogButtons = newValue } }
    }
    /// What a text field inside does when its text is submitted (`.onSubmit`).
    var submit: (() -> Void)? {
        get { scope.submit }
        set { changeScope { $0.submit = newValue } }
    }
    /// Drawing a toolbar's content: where its items go.
    var toolbar: NavigationBarItems? {
        get { scope.toolbar }
        set { changeScope { $0.toolbar = newValue } }
    }
    /// The `NavigationStack` the view is in.
    var stack: StackScope? {
        get { scope.stack }
        set { changeScope { $0.stack = newValue } }
    }
    /// Inside a `TabView`: its tabs, as they are drawn.
    var tabs: TabScope? {
        get { scope.tabs }
        set { changeScope { $0.tabs = newValue } }
    }
    /// Where the preferences the views below set are gathered (`.onPreferenceChange` above them).
    var preferences: PreferenceCollector? {
        get { scope.preferences }
        set { changeScope { $0.preferences = newValue } }
    }
    /// Destinations of values pushed in a `NavigationStack`, by the value's type.
    var destinations: [ObjectIdentifier: (Any) -> AnyView] {
        get { scope.destinations }
        set { changeScope { $0.destinations = newValue } }
    }

    /// Gives this context (and the views drawn in it) a scope of its own, changed by `change`;
    /// the scope it had is shared with other contexts and never changed.
    private mutating func changeScope(_ change: (RenderScope) -> Void) {
        let copy = scope.copy()
        change(copy)
        scope = copy
    }

    /// The context of a child, identified by `component` among its siblings.
    func child(_ component: some Hashable) -> _RenderContext {
        var context = self
        context.path = ViewGraph.key(path, component)
        context.depth += 1
        return context
    }

    // The identities every drawing makes most (a block's i-th view, a view's type, a modifier's
    // tag) are mixed without a hasher: a few multiplications instead of SipHash's rounds.

    /// The context of the child at `index` among its siblings.
    func child(_ index: Int) -> _RenderContext {
        var context = self
        context.path = ViewGraph.key(path, mixing: UInt64(UInt(bitPattern: index)))
        context.depth += 1
        return context
    }

    /// The context of a child identified by its type.
    func child(_ type: ObjectIdentifier) -> _RenderContext {
        var context = self
        context.path = ViewGraph.key(path, mixing: UInt64(UInt(bitPattern: type)))
        context.depth += 1
        return context
    }

    /// The context of a child identified by a tag of the module's own (`"label"`, `"sheet"`).
    func child(_ tag: StaticString) -> _RenderContext {
        // FNV-1a over the tag's bytes: equal tags are the same identity wherever they are written.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        tag.withUTF8Buffer { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        var context = self
        context.path = ViewGraph.key(path, mixing: hash)
        context.depth += 1
        return context
    }

    /// Draws a view of the feature's: binds its state and environment properties, then its body.
    @MainActor
    func renderComposite<V: View>(_ view: V) -> [Node] {
        guard depth < Self.maximumDepth else {
            return [.error("\(V.self) is drawn more than \(Self.maximumDepth) views deep (a body that draws itself?); the deeper views are not drawn (_RenderContext.maximumDepth)")]
        }
        let inner = child(ObjectIdentifier(V.self))
        graph.bind(view, at: inner)
        return view.body._render(in: inner)
    }
}

/// What the views below a context inherit: changed only on a fresh copy, before any view sees it.
final class RenderScope {
    var environment: EnvironmentValues
    var picker: PickerSelection?
    var label: LabelCollector?
    var dismissesOnAction: (() -> Void)?
    var dialogButtons: DialogButtons?
    var stack: StackScope?
    var tabs: TabScope?
    var submit: (() -> Void)?
    var preferences: PreferenceCollector?
    var destinations: [ObjectIdentifier: (Any) -> AnyView] = [:]
    var toolbar: NavigationBarItems?

    init(environment: EnvironmentValues) {
        self.environment = environment
    }

    func copy() -> RenderScope {
        let copy = RenderScope(environment: environment)
        copy.picker = picker
        copy.label = label
        copy.dismissesOnAction = dismissesOnAction
        copy.dialogButtons = dialogButtons
        copy.stack = stack
        copy.tabs = tabs
        copy.submit = submit
        copy.preferences = preferences
        copy.destinations = destinations
        copy.toolbar = toolbar
        return copy
    }
}

extension UInt64 {
    func rotated(left count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}

/// The text of a control's label as it is drawn.
final class LabelCollector {
    var images: [String] = []
}
