@_spi(Views) import AppHostKit

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
        // The title, the bar's items, the rest of the screen, the bottom bar: built in one array of
        // the right size, each node copied once.
        let title = nodes.firstIndex { if case .title = $0 { true } else { false } }
        var drawn: [Node] = []
        drawn.reserveCapacity(nodes.count + items.leading.count + items.principal.count + items.trailing.count + items.search.count + items.bottom.count)
        if let title { drawn.append(nodes[title]) }
        drawn += items.leading
        drawn += items.principal
        drawn += items.trailing
        drawn += items.search
        for index in nodes.indices where index != title { drawn.append(nodes[index]) }
        drawn += items.bottom
        return drawn
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
