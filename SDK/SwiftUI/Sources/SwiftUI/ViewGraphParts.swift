@_spi(Views) import AppHostKit

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
