@_spi(Views) import AppHostKit

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
