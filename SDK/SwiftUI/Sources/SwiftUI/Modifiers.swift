@_spi(Views) import AppHostKit

/// A view changed by a modifier of the module's own: `draw` draws the content, and what goes with it.
struct Modified<Content: View>: View {
    let content: Content
    let draw: @MainActor (_RenderContext, (_RenderContext) -> [Node]) -> [Node]

    var body: Never { primitiveBody(Self.self) }

    func _render(in context: _RenderContext) -> [Node] {
        let content = content
        return draw(context.child("m")) { content._render(in: $0) }
    }
}

extension View {
    func modified(_ draw: @escaping @MainActor (_RenderContext, (_RenderContext) -> [Node]) -> [Node]) -> Modified<Self> {
        Modified(content: self, draw: draw)
    }
}
