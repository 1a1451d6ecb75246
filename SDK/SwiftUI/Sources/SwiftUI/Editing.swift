@_spi(Views) import AppHostKit

// Editing a list as iOS offers it: each row of a `ForEach` with `.onDelete` can be deleted (the
// swipe a row offers, drawn as a `Delete ROW` button after it), and while the screen is in edit
// mode (`EditButton`, or `\.editMode`) each row of one with `.onMove` can be moved up or down
// (`Move ROW up`, `Move ROW down`), each calling the feature's action with the offsets SwiftUI
// would give it. Collections get SwiftUI's `remove(atOffsets:)` and `move(fromOffsets:toOffset:)`.

/// Whether a screen's lists are being edited.
public enum EditMode: Sendable, Hashable {
    case inactive
    case transient
    case active

    /// Whether rows can be moved and deleted now.
    public var isEditing: Bool { self != .inactive }
}

private struct EditModeKey: EnvironmentKey {
    static var defaultValue: Binding<EditMode>? { nil }
}

extension EnvironmentValues {
    /// The screen's edit mode: each screen has one, which `EditButton` turns on and off.
    public var editMode: Binding<EditMode>? {
        get { self[EditModeKey.self] }
        set { self[EditModeKey.self] = newValue }
    }
}

/// Turns the screen's edit mode on (`Edit`) and off (`Done`).
public struct EditButton: View {
    @Environment(\.editMode) private var editMode

    public init() {}

    public var body: some View {
        let mode = editMode
        let editing = mode?.wrappedValue.isEditing == true
        Button(editing ? "Done" : "Edit") { mode?.wrappedValue = editing ? .inactive : .active }
    }
}

/// A view made of a collection's elements, that `.onDelete` and `.onMove` apply to.
public protocol DynamicViewContent: View {
    associatedtype Data: Collection
    var data: Data { get }
}

extension ForEach: DynamicViewContent where Content: View {}

extension ForEach where Content: View {
    /// Lets each row be deleted: `action` gets the offset of the row, as a swipe's delete gives it.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> ForEach {
        var copy = self
        copy.editing.delete = action
        return copy
    }

    /// Lets each row be moved up or down in edit mode: `action` gets the row's offset and the
    /// offset before which it goes, as a drag in a list gives them.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> ForEach {
        var copy = self
        copy.editing.move = action
        return copy
    }

    /// The elements that edit row `offset` of `count`, labelled by the row's text.
    @MainActor
    func editingButtons(row offset: Int, of count: Int, label: String, in context: _RenderContext) -> [Node] {
        var nodes: [Node] = []
        let name = label.isEmpty ? "row \(offset + 1)" : label
        if let move = editing.move, context.environment.editMode?.wrappedValue.isEditing == true {
            if offset > 0 {
                nodes.append(Button<Text>.node("Move \(name) up", action: { move(IndexSet(integer: offset), offset - 1) }, in: context.child("up")))
            }
            if offset < count - 1 {
                nodes.append(Button<Text>.node("Move \(name) down", action: { move(IndexSet(integer: offset), offset + 2) }, in: context.child("down")))
            }
        }
        if let delete = editing.delete {
            nodes.append(Button<Text>.node("Delete \(name)", action: { delete(IndexSet(integer: offset)) }, in: context.child("delete")))
        }
        return nodes
    }
}

/// What a `ForEach` lets a person do to its rows.
struct RowEditing {
    var delete: ((IndexSet) -> Void)?
    var move: ((IndexSet, Int) -> Void)?

    var isEmpty: Bool { delete == nil && move == nil }
}

extension RangeReplaceableCollection where Self: MutableCollection {
    /// Removes the elements at `offsets` (SwiftUI's, for `.onDelete`).
    public mutating func remove(atOffsets offsets: IndexSet) {
        for offset in offsets.reversed() {
            remove(at: index(startIndex, offsetBy: offset))
        }
    }
}

extension MutableCollection where Self: RangeReplaceableCollection {
    /// Moves the elements at `source` to before the element at `destination`, an offset in the
    /// collection as it was (SwiftUI's, for `.onMove`).
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let moved = source.map { self[index(startIndex, offsetBy: $0)] }
        let before = source.filter { $0 < destination }.count
        remove(atOffsets: source)
        insert(contentsOf: moved, at: index(startIndex, offsetBy: destination - before))
    }
}
