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
    fileprivate func rotated(left count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
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

// The closures cast a tag through `value(of:)`, a function, rather than naming the value's type
// themselves: a closure that names a metatype not known to be Sendable (`as? Value`) is one Swift 6
// warns of when it is isolated, as a view's initialiser makes it.
extension PickerSelection {
    /// The value a tag holds, if it is of the type asked for.
    private static func value<Value>(of tag: AnyHashable) -> Value? {
        tag.base as? Value
    }

    /// The one value of a binding, as a picker's.
    static func one<Value: Hashable>(of binding: Binding<Value>) -> PickerSelection {
        PickerSelection(
            isSelected: { AnyHashable(binding.wrappedValue) == $0 },
            select: { tag in if let value: Value = value(of: tag) { binding.wrappedValue = value } }
        )
    }

    /// The one value of a binding or none, as a list's single selection.
    static func optional<Value: Hashable>(of binding: Binding<Value?>) -> PickerSelection {
        PickerSelection(
            isSelected: { tag in binding.wrappedValue.map { AnyHashable($0) } == tag },
            select: { binding.wrappedValue = value(of: $0) }
        )
    }

    /// Any number of values: tapping a row adds it to the set, or takes it out.
    static func set<Value: Hashable>(of binding: Binding<Set<Value>>) -> PickerSelection {
        PickerSelection(
            isSelected: { tag in (value(of: tag) as Value?).map(binding.wrappedValue.contains) ?? false },
            select: { tag in
                guard let value: Value = value(of: tag) else { return }
                if binding.wrappedValue.contains(value) { binding.wrappedValue.remove(value) } else { binding.wrappedValue.insert(value) }
            }
        )
    }
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
    /// The identities of ``active``'s views in the order they were drawn.
    private var activeOrder: [Int] = []
    private var found: [Int: LifecycleEntry] = [:]
    /// The identities of ``found``'s views in the order they were drawn: lifecycle work runs in
    /// the tree's order, as on a device, never in a dictionary's.
    private var foundOrder: [Int] = []
    private var pending: [() -> Void] = []
    /// The tasks the views started. Their work closures hold this, not the graph: a weak
    /// reference to the graph would give it a side table, and every retain of it (each context
    /// drawn holds it) would take the slow path.
    private let tasks = ViewTasks()
    /// What the views drawn last ask to do with a URL the app opens (`.onOpenURL`), in the tree's order.
    var urlHandlers: [(URL) -> Void] = []
    /// The search field the drawing found (`.searchable`), for its suggestions' completions.
    var searchText: Binding<String>?

    /// The bars of the layer being drawn (the screen, or the presentation drawn now), innermost last.
    private var bars: [NavigationBarItems] = []

    /// The bars of the layer being drawn: where a toolbar's items and a search field go.
    var bar: NavigationBarItems? { bars.last }

    /// Draws a layer with bars of its own, and puts them in the order a reader of the device
    /// reads a screen: the title, the navigation bar's leading and trailing items, the search
    /// field, the content, then the bottom bar's items.
    func drawingBars(_ draw: () -> [Node]) -> [Node] {
        bars.append(NavigationBarItems())
        let nodes = draw()
        let items = bars.removeLast()
        guard !items.isEmpty else { return nodes }
        var rest = nodes
        var head: [Node] = []
        if let title = rest.firstIndex(where: { if case .title = $0 { true } else { false } }) {
            head.append(rest.remove(at: title))
        }
        return head + items.leading + items.principal + items.trailing + items.search + rest + items.bottom
    }
    /// The presentations the drawing found (pushed views, sheets, alerts), in the order they were
    /// drawn, with what each shows: one drawn inside another, or after it, covers it.
    private var presentations: [(layer: ViewLayer, nodes: [Node]?)] = []
    private let root: AnyViewBox
    private let environment: EnvironmentValues

    init(root: AnyViewBox, environment: EnvironmentValues) {
        self.root = root
        self.environment = environment
    }

    /// The screen's edit mode (`EditButton`, `.onMove`), observable: a change draws the screen again.
    private let editMode = StateCell(EditMode.inactive)

    /// The environment the screen's views start from: the host's, with the screen's edit mode.
    private var screenEnvironment: EnvironmentValues {
        guard environment.editMode == nil else { return environment }
        var values = environment
        let mode = editMode
        values.editMode = Binding(get: { mode.value }, set: { mode.value = $0 })
        return values
    }

    isolated deinit {
        tasks.end()
    }

    /// Draws the tree, and works out what appeared, changed and went away since the last drawing.
    func render() -> [Node] {
        touched.removeAll(keepingCapacity: true)
        found.removeAll(keepingCapacity: true)
        foundOrder.removeAll(keepingCapacity: true)
        presentations.removeAll(keepingCapacity: true)
        urlHandlers.removeAll()
        searchText = nil
        // Drawn anew after it left: every view it finds appears (what it held is gone).
        left = nil
        let context = _RenderContext(graph: self, path: 0, environment: screenEnvironment)
        let nodes = drawingBars { root.render(in: context) }
        let shown = presentations.last(where: { $0.nodes != nil })?.nodes ?? nodes
        settleLifecycle()
        slots = slots.filter { touched.contains($0.key) }
        return shown
    }

    /// Draws a presentation (a sheet, an alert, a pushed view) that covers the screen: it is what
    /// the screen shows, unless a presentation drawn inside it, or after it, covers it in turn.
    /// It is a layer of the session's navigation, named by the first title it draws (else
    /// `label`), and closed by `close` (nil when only one of its own buttons can close it).
    func present(_ kind: ViewLayer.Kind, label: String, close: (() -> Void)?, _ draw: () -> [Node]) {
        let index = presentations.count
        let closing = close.map { close in MainActorBox(value: close) }
        presentations.append((ViewLayer(kind: kind, name: label, close: nil), []))
        let nodes = drawingBars(draw)
        presentations[index].nodes = nodes
        presentations[index].layer.name = nodes.firstTitle ?? label
        if let closing { presentations[index].layer.close = { closing.value() } }
    }

    /// Adds `nodes` (a tab bar) below what a view pushed since there were `count` presentations
    /// shows, when pushes are all there are since then: a pushed view keeps the bar, a sheet covers it.
    func addBelowPushes(_ nodes: [Node], since count: Int) -> Bool {
        let since = presentations[count...]
        guard !since.isEmpty, since.allSatisfy({ $0.layer.kind == .push || $0.nodes == nil }),
            let top = presentations.lastIndex(where: { $0.nodes != nil }), top >= count
        else { return false }
        presentations[top].nodes? += nodes
        return true
    }

    /// The whole tree leaves the screen (popped, covered, its tab left): each view that was on it
    /// disappears, in the tree's order (`.onDisappear`, its `.task` cancelled); the next drawing
    /// finds them all appearing again. Their state stays.
    func leave() -> [() -> Void] {
        var work: [() -> Void] = []
        for path in activeOrder {
            guard let entry = active[path] else { continue }
            if let disappear = entry.disappear { work.append(disappear) }
            if entry.task != nil {
                let tasks = tasks
                work.append { tasks.cancel(at: path) }
            }
        }
        left = (active, activeOrder)
        active.removeAll()
        activeOrder.removeAll()
        return work
    }

    /// What the tree held when it left the screen, until it is shown again or drawn anew.
    private var left: (active: [Int: LifecycleEntry], order: [Int])?

    /// The tree is shown again as it was drawn last (nothing it read has changed): each view that
    /// left appears again, in the tree's order (`.onAppear`, its `.task` started), without drawing.
    func returnWithoutDrawing() -> [() -> Void] {
        guard let left else { return [] }
        self.left = nil
        active = left.active
        activeOrder = left.order
        var work: [() -> Void] = []
        for path in activeOrder {
            guard let entry = active[path] else { continue }
            if let appear = entry.appear { work.append(appear) }
            if let task = entry.task {
                let tasks = tasks
                work.append { tasks.start(at: path) { await task() } }
            }
        }
        return work
    }

    /// Where the drawing is in the views it found with lifecycle work, for ``hideViews(since:)``.
    var viewMark: Int { foundOrder.count }

    /// Takes the views drawn since `mark` off the screen: a view pushed over them hides them, as
    /// on a device, where they disappear (`.onDisappear` runs, `.task` is cancelled) and appear
    /// again when it is popped. Their state stays.
    func hideViews(since mark: Int) {
        for path in foundOrder[mark...] { found[path] = nil }
        foundOrder.removeSubrange(mark...)
    }

    /// How many presentations the drawing has found so far.
    var presentationCount: Int { presentations.count }

    /// Forgets the presentations found since there were `count` (a part drawn again).
    func forgetPresentations(after count: Int) {
        presentations.removeSubrange(count...)
    }

    /// Notes a layer that covers nothing (the selected tab of a `TabView`) at `index`, below the
    /// presentations drawn inside it.
    func mark(_ layer: ViewLayer, at index: Int) {
        presentations.insert((layer, nil), at: index)
    }

    /// The presentations the last drawing found, bottom first.
    var layers: [ViewLayer] { presentations.map(\.layer) }

    /// The work the last drawings found to do, handed over once.
    func takeWork() -> [() -> Void] {
        defer { pending.removeAll() }
        return pending
    }

    /// The identity of `component` (already a number) below `path`: the component is mixed
    /// (splitmix64's finaliser), combined with the path turned, and mixed again, so that the
    /// order of the parts matters and nearby numbers land far apart.
    nonisolated static func key(_ path: Int, mixing component: UInt64) -> Int {
        func mix(_ value: UInt64) -> UInt64 {
            var z = value
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
        let turned = UInt64(UInt(bitPattern: path)).rotated(left: 23)
        return Int(truncatingIfNeeded: mix(turned ^ mix(component &+ 0x9e37_79b9_7f4a_7c15)))
    }

    /// The identity of `component` below `path`.
    nonisolated static func key(_ path: Int, _ component: some Hashable) -> Int {
        var hasher = Hasher()
        hasher.combine(path)
        hasher.combine(component)
        return hasher.finalize()
    }

    /// The state each part drawn through ``keeping(_:_:)`` kept when it was last drawn, by the part's identity.
    private var keptByPart: [Int: Set<Int>] = [:]

    /// Draws a part that may later go undrawn while its state stays (a tab not selected): the
    /// state its views keep is noted, for ``keep(_:)``.
    func keeping(_ part: Int, _ draw: () -> [Node]) -> [Node] {
        let outer = touched
        touched.removeAll(keepingCapacity: true)
        let nodes = draw()
        keptByPart[part] = touched
        touched.formUnion(outer)
        return nodes
    }

    /// Keeps the state of a part not drawn this time (a tab not selected), as it was when last
    /// drawn: a device keeps each tab's views, and their state, while another tab is shown. Its
    /// views are gone from the screen meanwhile (`.onDisappear` runs, `.task` is cancelled).
    func keep(_ part: Int) {
        if let kept = keptByPart[part] { touched.formUnion(kept) }
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
        if found.updateValue(entry, forKey: path) == nil { foundOrder.append(path) }
    }

    private func settleLifecycle() {
        for path in foundOrder {
            guard let entry = found[path] else { continue }
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
        for path in activeOrder where found[path] == nil {
            guard let entry = active[path] else { continue }
            if let disappear = entry.disappear { pending.append(disappear) }
            if entry.task != nil {
                let tasks = tasks
                pending.append { tasks.cancel(at: path) }
            }
        }
        active = found
        activeOrder = foundOrder
    }

    private func start(_ entry: LifecycleEntry, at path: Int) {
        guard let task = entry.task else { return }
        let tasks = tasks
        // Started inside the command's view-model code, so the host counts it as the command's work.
        pending.append { tasks.start(at: path) { await task() } }
    }
}

/// The tasks a graph's views started, by the view's identity; once the graph has gone, none starts.
@MainActor
final class ViewTasks {
    private var running: [Int: Task<Void, Never>] = [:]
    private var ended = false

    /// Starts `work` for the view at `path`, cancelling the one it started before.
    func start(at path: Int, _ work: @escaping @MainActor () async -> Void) {
        guard !ended else { return }
        running[path]?.cancel()
        running[path] = Task { @MainActor in await work() }
    }

    /// Cancels the task of the view at `path`, which is no longer drawn.
    func cancel(at path: Int) {
        running.removeValue(forKey: path)?.cancel()
    }

    /// Cancels every task: the graph has gone.
    func end() {
        ended = true
        for task in running.values { task.cancel() }
        running.removeAll()
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
        let texts = nodes.texts
        // A count over an icon (a badge drawn in an overlay) is the icon's value: `Filter, 1`.
        if !collector.images.isEmpty, !texts.isEmpty, texts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
            return (collector.images + texts).combinedLabel
        }
        let text = texts.combinedLabel
        return text.isEmpty ? collector.images.joined(separator: " ") : text
    }
}

extension [String] {
    /// The texts of one element read together, as a reader of the device reads an element that
    /// combines its children (a button's label, a tappable row): `Rick Sanchez, Human, Alive`.
    var combinedLabel: String { joined(separator: ", ") }
}

extension [Node] {
    /// The texts these nodes show, in order.
    var texts: [String] {
        var texts: [String] = []
        for node in self {
            switch node {
            case .title(let text), .text(let text), .progress(let text), .error(let text): texts.append(text)
            case .button(let text, _), .link(let text, _, _), .toggle(let text, _, _), .textField(let text, _, _): texts.append(text)
            case .list(let nodes), .group(let nodes), .styled(_, let nodes): texts += nodes.texts
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


/// What a layer's bars hold, as its toolbars and search field put them there.
final class NavigationBarItems {
    var leading: [Node] = []
    var principal: [Node] = []
    var trailing: [Node] = []
    var search: [Node] = []
    var bottom: [Node] = []

    var isEmpty: Bool { leading.isEmpty && principal.isEmpty && trailing.isEmpty && search.isEmpty && bottom.isEmpty }

    /// Puts `nodes` where a toolbar item of `placement` is shown.
    func add(_ nodes: [Node], at placement: ToolbarItemPlacement) {
        switch placement.name {
        case "navigation", "cancellationAction", "topBarLeading", "navigationBarLeading": leading += nodes
        case "principal": principal += nodes
        case "bottomBar", "status", "keyboard": bottom += nodes
        default: trailing += nodes
        }
    }
}
