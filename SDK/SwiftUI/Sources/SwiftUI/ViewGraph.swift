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
    /// What a text field inside does when its text is submitted (`.onSubmit`).
    var submit: (() -> Void)? {
        get { scope.submit }
        set { changeScope { $0.submit = newValue } }
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
        return context
    }

    /// Draws a view of the feature's: binds its state and environment properties, then its body.
    @MainActor
    func renderComposite<V: View>(_ view: V) -> [Node] {
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
    var submit: (() -> Void)?
    var destinations: [ObjectIdentifier: (Any) -> AnyView] = [:]

    init(environment: EnvironmentValues) {
        self.environment = environment
    }

    func copy() -> RenderScope {
        let copy = RenderScope(environment: environment)
        copy.picker = picker
        copy.label = label
        copy.dismissesOnAction = dismissesOnAction
        copy.submit = submit
        copy.destinations = destinations
        return copy
    }
}

/// The text of a control's label as it is drawn.
final class LabelCollector {
    var images: [String] = []
}

/// A picker's selection, as the choices inside it see it.
struct PickerSelection {
    let isSelected: (AnyHashable) -> Bool
    let select: (AnyHashable) -> Void
}

/// What a view's `.task`, `.onAppear`, `.onDisappear` or `.onChange` asks, found as it is drawn.
struct LifecycleEntry {
    var appear: (() -> Void)?
    var disappear: (() -> Void)?
    var task: (@MainActor () async -> Void)?
    var taskID: AnyHashable?
    var watched: WatchedValue?
}

/// A value `.onChange(of:)` watches, and what to do when it changes.
struct WatchedValue {
    let value: Any
    let initial: Bool
    let isSame: (Any) -> Bool
    let changed: (Any) -> Void
}

/// The life of one screen's tree of views: the state its views keep, by their identity, between
/// drawings; the lifecycle work each drawing finds to do; the tasks its views started.
@MainActor
final class ViewGraph {
    private var slots: [Int: AnyObject] = [:]
    private var touched: Set<Int> = []
    private var active: [Int: LifecycleEntry] = [:]
    private var found: [Int: LifecycleEntry] = [:]
    private var pending: [() -> Void] = []
    private var tasks: [Int: Task<Void, Never>] = [:]
    /// The topmost presentation (a sheet, an alert, a pushed view) the drawing found.
    var presented: [Node]?
    private let root: AnyViewBox
    private let environment: EnvironmentValues

    init(root: AnyViewBox, environment: EnvironmentValues) {
        self.root = root
        self.environment = environment
    }

    isolated deinit {
        for task in tasks.values { task.cancel() }
    }

    /// Draws the tree, and works out what appeared, changed and went away since the last drawing.
    func render() -> [Node] {
        touched.removeAll(keepingCapacity: true)
        found.removeAll(keepingCapacity: true)
        presented = nil
        let context = _RenderContext(graph: self, path: 0, environment: environment)
        let nodes = root.render(in: context)
        let shown = presented ?? nodes
        settleLifecycle()
        slots = slots.filter { touched.contains($0.key) }
        return shown
    }

    /// Draws a presentation (a sheet, an alert, a pushed view) that covers the screen: it is what
    /// the screen shows, unless a presentation drawn inside it, or after it, covers it in turn.
    func present(_ draw: () -> [Node]) {
        presented = nil
        let nodes = draw()
        if presented == nil { presented = nodes }
    }

    /// The work the last drawings found to do, handed over once.
    func takeWork() -> [() -> Void] {
        defer { pending.removeAll() }
        return pending
    }

    /// The identity of `component` below `path`.
    nonisolated static func key(_ path: Int, _ component: some Hashable) -> Int {
        var hasher = Hasher()
        hasher.combine(path)
        hasher.combine(component)
        return hasher.finalize()
    }

    /// The state kept for `key`, made by `make` when the view is drawn for the first time.
    func slot<Slot: AnyObject>(_ key: Int, make: () -> Slot) -> Slot {
        touched.insert(key)
        if let slot = slots[key] as? Slot { return slot }
        let slot = make()
        slots[key] = slot
        return slot
    }

    /// Binds the state, environment and focus properties of a view (or modifier) to what is kept
    /// for its identity, as its type's ``BindPlan`` says: a type with nothing to bind costs a lookup.
    func bind<Value>(_ value: Value, at context: _RenderContext) {
        let plan = BindPlan.of(Value.self)
        guard plan.binds else { return }
        withUnsafeBytes(of: value) { bytes in
            guard let base = bytes.baseAddress else { return }
            plan.bind(at: base, of: value, in: self, context: context)
        }
    }

    func record(_ entry: LifecycleEntry, at path: Int) {
        found[path] = entry
    }

    private func settleLifecycle() {
        for (path, entry) in found {
            if let old = active[path] {
                if entry.task != nil, entry.taskID != old.taskID { start(entry, at: path) }
                if let watched = entry.watched, let before = old.watched, !watched.isSame(before.value) {
                    let previous = before.value
                    pending.append { watched.changed(previous) }
                }
            } else {
                if let appear = entry.appear { pending.append(appear) }
                if entry.task != nil { start(entry, at: path) }
                if let watched = entry.watched, watched.initial {
                    let value = watched.value
                    pending.append { watched.changed(value) }
                }
            }
        }
        for (path, entry) in active where found[path] == nil {
            if let disappear = entry.disappear { pending.append(disappear) }
            if entry.task != nil {
                pending.append { [weak self] in
                    self?.tasks.removeValue(forKey: path)?.cancel()
                }
            }
        }
        active = found
    }

    private func start(_ entry: LifecycleEntry, at path: Int) {
        guard let task = entry.task else { return }
        pending.append { [weak self] in
            guard let self else { return }
            self.tasks[path]?.cancel()
            // Started inside the command's view-model code, so the host counts it as the command's work.
            self.tasks[path] = Task { @MainActor in await task() }
        }
    }
}

/// A property of a view whose value the host keeps between drawings (`@State`, `@FocusState`,
/// `@Environment`, …): bound to it before the view's body is drawn.
protocol BoundProperty {
    @MainActor func bind(key: Int, in graph: ViewGraph, context: _RenderContext)
}

/// A property that keeps state for its view; one made of others (`@State` inside) is bound too.
public protocol DynamicProperty {
    /// Called before the view's body is drawn.
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

extension _RenderContext {
    /// The text of `view` drawn as a label: its texts joined, or the names of its images when it has no text.
    @MainActor
    func labelText<V: View>(_ view: V) -> String {
        // A type comparison, not a cast: this is asked for every button drawn.
        if V.self == Text.self { return unsafeBitCast(view, to: Text.self).content }
        var context = self
        let collector = LabelCollector()
        context.label = collector
        let nodes = view._render(in: context.child("label"))
        let text = nodes.texts.joined(separator: " ")
        return text.isEmpty ? collector.images.joined(separator: " ") : text
    }
}

extension [Node] {
    /// The texts these nodes show, in order.
    var texts: [String] {
        var texts: [String] = []
        for node in self {
            switch node {
            case .title(let text), .text(let text), .progress(let text), .error(let text): texts.append(text)
            case .button(let text, _), .link(let text, _, _), .toggle(let text, _, _), .textField(let text, _, _): texts.append(text)
            case .list(let nodes), .group(let nodes): texts += nodes.texts
            case .section(let header, let nodes): texts += (header.map { [$0] } ?? []) + nodes.texts
            case .divider: break
            @unknown default: break
            }
        }
        return texts
    }
}

/// Holds a value that is not `Sendable` where the kit's actions ask for one; every use is on the main actor.
struct MainActorBox<Value>: @unchecked Sendable {
    let value: Value
}
