@_spi(Views) import AppHostKit

// MARK: Looks in the JSON layout

extension Font {
    func withWeight(_ weight: Weight?) -> Font { with { $0.fontWeight = weight } }
    func withDesign(_ design: Design?) -> Font { with { $0.design = design } }

    /// What the font was made of, in a few words, for the JSON layout: `headline`, `system 28
    /// bold rounded`, `Inter 14 italic`.
    var looksDescription: String {
        var words = [name]
        if let size { words.append(size == size.rounded() ? String(Int(size)) : String(Double(size))) }
        if let fontWeight, let weight = Self.weightNames[fontWeight.value] { words.append(weight) }
        if let design, design != .default { words.append("\(design)") }
        if let fontWidth, fontWidth != .standard { words.append(Self.widthNames[fontWidth.value] ?? "width \(fontWidth.value)") }
        if let fontLeading, fontLeading != .standard { words.append("\(fontLeading) leading") }
        words += traits.sorted()
        return words.joined(separator: " ")
    }

    private static let weightNames: [Double: String] = [
        -0.8: "ultraLight", -0.6: "thin", -0.4: "light", 0: "regular", 0.23: "medium", 0.3: "semibold", 0.4: "bold", 0.56: "heavy", 0.62: "black",
    ]
    private static let widthNames: [CGFloat: String] = [-0.3: "compressed", -0.2: "condensed", 0.2: "expanded"]
}

extension Color {
    /// The colour for the JSON layout: `#RRGGBBAA` where its components are known, else its name
    /// (`primary`, an asset's), with its opacity when it is not whole (`secondary 50%`).
    var looksDescription: String {
        if components.count == 3 { return resolve(in: EnvironmentValues()).description }
        return alpha == 1 ? name : "\(name) \(Int((alpha * 100).rounded()))%"
    }
}

extension TextLooks {
    /// The colour of a foreground style, where it is one: a colour, or a level of the foreground
    /// (`secondary`); a gradient or a material has none.
    static func color<S: ShapeStyle>(of style: S) -> String? {
        switch style {
        case let color as Color: color.looksDescription
        case let level as HierarchicalShapeStyle: ["primary", "secondary", "tertiary", "quaternary"][level.level]
        case let style as AnyShapeStyle: style.looks
        default: nil
        }
    }
}

/// Looks for the texts inside a view: the environment's font or foreground, changed. (Its
/// conformance is apart, so that the nonisolated modifiers can make one.)
struct _TextLooksView<Content> {
    enum Change: Sendable {
        case font(Font?)
        case weight(Font.Weight?)
        case design(Font.Design?)
        case italic
        case color(String?)
        case unchanged
    }

    let content: Content
    let change: Change
}

extension _TextLooksView: View where Content: View {
    var body: Never { primitiveBody(Self.self) }

    func _render(in context: _RenderContext) -> [Node] {
        var inner = context
        switch change {
        case .font(let font): inner.environment.textFont = font
        case .weight(let weight): inner.environment.textFont = (context.environment.textFont ?? .body).withWeight(weight)
        case .design(let design): inner.environment.textFont = (context.environment.textFont ?? .body).withDesign(design)
        case .italic: inner.environment.textFont = (context.environment.textFont ?? .body).italic()
        case .color(let color): inner.environment.textColor = color
        case .unchanged: break
        }
        return content._render(in: inner)
    }
}

// MARK: Cards

/// Views a shape is drawn behind or around: a card.
protocol _ShapeDrawing {}
extension _ShapeView: _ShapeDrawing {}

enum Card {
    /// Whether `view` draws a shape (a `RoundedRectangle`, a filled or stroked shape): what makes a
    /// card of the view it is behind or over.
    static func isShape<V>(_ view: V) -> Bool {
        view is any Shape || view is any _ShapeDrawing
    }

    /// `nodes` drawn as a group (an untitled section) when they are a card's content: more than one
    /// element, and no list or section of their own (a screen's background is no card). A reader
    /// reads a card's elements one by one; the group keeps them together on the screen, as the card
    /// does, and a rule inside it is the card's.
    static func group(_ nodes: [Node]) -> [Node] {
        var count = 0
        func visit(_ nodes: [Node]) -> Bool {
            for node in nodes {
                switch node {
                case .list, .section, .title: return false
                case .group(let inner), .styled(_, let inner): if !visit(inner) { return false }
                default: count += 1
                }
            }
            return true
        }
        guard visit(nodes), count > 1 else { return nodes }
        return [.section(nil, nodes)]
    }
}

/// A view with a background: a card when the background is a shape.
struct _BackgroundView<Content> {
    let content: Content
    let isCard: Bool
}

extension _BackgroundView: View where Content: View {
    var body: Never { primitiveBody(Self.self) }

    func _render(in context: _RenderContext) -> [Node] {
        let nodes = content._render(in: context)
        return isCard ? Card.group(nodes) : nodes
    }
}
