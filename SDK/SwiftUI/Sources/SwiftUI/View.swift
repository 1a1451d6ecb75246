// The SwiftUI module of AppHost: a feature's SwiftUI views compile unchanged on Linux and are
// drawn as text, as the same numbered elements as a DSL screen (see docs/swiftui.md).
@_exported import Foundation
@_exported import Observation
@_exported import Combine
@_spi(Views) import AppHostKit

/// A part of a feature's user interface, drawn by the host as text.
@MainActor @preconcurrency
public protocol View {
    /// The view this one is made of.
    associatedtype Body: View
    /// The content of the view.
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
    /// The elements the view draws as (the host's; a view never writes it).
    func _render(in context: _RenderContext) -> [Node]
}

extension View {
    /// A view of the feature's: its properties are bound to their state, then its body drawn.
    public func _render(in context: _RenderContext) -> [Node] {
        context.renderComposite(self)
    }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
    public func _render(in context: _RenderContext) -> [Node] { [] }
}

/// What a view drawn by the host itself answers for `body`, which is never asked.
func primitiveBody(_ type: Any.Type) -> Never {
    fatalError("\(type) is drawn by the host and has no body")
}

/// A view that draws nothing.
public struct EmptyView: Sendable {
    public init() {}
}

extension EmptyView: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { [] }
}

/// A type-erased view.
public struct AnyView {
    let box: AnyViewBox

    /// Erases the type of `view`.
    public init<V: View>(_ view: V) {
        // A type comparison, not a cast: every view of a block is erased at every drawing.
        box = V.self == AnyView.self ? unsafeBitCast(view, to: AnyView.self).box : ViewBox(view)
    }

    /// Erases the type of `view`.
    public init<V: View>(erasing view: V) {
        self.init(view)
    }
}

extension AnyView: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { box.render(in: context) }
}

/// Holds a view of any type and draws it.
class AnyViewBox {
    @MainActor func render(in context: _RenderContext) -> [Node] { [] }
    /// The type of the view held, part of the identity of the state below it.
    var viewType: Any.Type { Never.self }
}

final class ViewBox<V: View>: AnyViewBox {
    let view: V
    init(_ view: V) { self.view = view }
    @MainActor override func render(in context: _RenderContext) -> [Node] {
        view._render(in: context.child(ObjectIdentifier(V.self)))
    }
    override var viewType: Any.Type { V.self }
}

/// Views one after the other, as a ``ViewBuilder`` block lists them.
public struct TupleView<T> {
    /// The views.
    public var value: T
    /// Draws the first `limit` views of `value` in turn, the i-th below identity i (and its type,
    /// as an ``AnyView`` of it would be). It captures nothing, so a block costs no allocation for it.
    let draw: @MainActor (_ value: T, _ context: _RenderContext, _ limit: Int) -> [Node]

    init(value: T, draw: @escaping @MainActor (T, _RenderContext, Int) -> [Node]) {
        self.value = value
        self.draw = draw
    }
}

extension TupleView: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { draw(value, context, .max) }
}

/// One of two views, as an `if`/`else` or a `switch` in a ``ViewBuilder`` block chose.
public struct _ConditionalContent<TrueContent, FalseContent> {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage
}

extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        switch storage {
        case .trueContent(let view): view._render(in: context.child("t"))
        case .falseContent(let view): view._render(in: context.child("f"))
        }
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        switch self {
        case .some(let view): view._render(in: context.child("s"))
        case .none: []
        }
    }
}

/// Builds a view from a block of views, with `if`, `if let`, `switch` and `#available`.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        // One closure over the views, not a box for each: a block is built again at every drawing.
        TupleView(value: (repeat each content)) { views, context, limit in
            var nodes: [Node] = []
            var index = 0
            for view in repeat each views {
                guard index < limit else { break }
                nodes += drawn(view, in: context.child(index))
                index += 1
            }
            return nodes
        }
    }

    /// Draws one view of a block, identified as an ``AnyView`` of it would be.
    @MainActor
    private static func drawn<V: View>(_ view: V, in context: _RenderContext) -> [Node] {
        V.self == AnyView.self
            ? unsafeBitCast(view, to: AnyView.self).box.render(in: context)
            : view._render(in: context.child(ObjectIdentifier(V.self)))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Views grouped with no chrome of their own.
public struct Group<Content> {
    let content: Content
}

extension Group: View where Content: View {
    /// Groups the views of a block.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { content._render(in: context) }
}

/// Views for each element of a collection, each identified by its element's identity.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    /// The elements.
    public var data: Data
    /// A view for each element.
    public var content: (Data.Element) -> Content
    let id: (Data.Element) -> ID
    /// What `.onDelete` and `.onMove` let a person do to the rows.
    var editing = RowEditing()
}

extension ForEach where Content: View {
    /// A view for each element of an identifiable collection.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) where Data.Element: Identifiable, ID == Data.Element.ID {
        self.data = data
        self.content = content
        self.id = { $0.id }
    }

    /// A view for each element, identified by the value at `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
        self.id = { $0[keyPath: id] }
    }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    /// A view for each number of a constant range.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
        self.id = { $0 }
    }
}

extension ForEach: View where Content: View {
    public var body: Never { primitiveBody(Self.self) }
    /// The most rows one `ForEach` draws: as many as a screen may hold (the host's
    /// `BodyNesting.maximumElements`), so a collection of millions is never built whole.
    public static var maximumRows: Int { 100_000 }

    public func _render(in context: _RenderContext) -> [Node] {
        var nodes: [Node] = []
        nodes.reserveCapacity(Swift.min(data.count, Self.maximumRows))
        var drawn = 0
        let count = editing.isEmpty ? 0 : data.count
        for element in data {
            guard drawn < Self.maximumRows else {
                nodes.append(.error("a ForEach of \(data.count) rows is drawn to its first \(Self.maximumRows) (ForEach.maximumRows)"))
                break
            }
            drawn += 1
            let offset = drawn - 1
            let identity = id(element)
            let row = context.child(identity)
            let drawn = content(element)._render(in: row)
            // Inside a picker (or a list with a selection), a row with no tag of its own and nothing
            // else to tap is the choice of its element's identity.
            if let picker = context.picker, !drawn.contains(where: \.isActionable) {
                nodes.append(PickerChoice.node(drawn.texts.combinedLabel, tag: AnyHashable(identity), picker: picker))
            } else {
                nodes += drawn
            }
            if !editing.isEmpty {
                nodes += editingButtons(row: offset, of: count, label: drawn.texts.first ?? "", in: row)
            }
        }
        return nodes
    }
}


extension Node {
    /// The text of a text node, styled (in a font or colour) or not, and its looks.
    var plainText: (text: String, looks: TextLooks?)? {
        switch self {
        case .text(let text): (text, nil)
        case .styled(let looks, let content):
            if content.count == 1, case .text(let text) = content[0] { (text, looks) } else { nil }
        default: nil
        }
    }

    /// A text node of `text` in `looks`, if any.
    static func text(_ text: String, looks: TextLooks?) -> Node {
        guard let looks else { return .text(text) }
        return .styled(looks, [.text(text)])
    }

    /// True for an element a person taps or types into.
    var isActionable: Bool {
        switch self {
        case .button, .link, .toggle, .textField: true
        default: false
        }
    }
}
