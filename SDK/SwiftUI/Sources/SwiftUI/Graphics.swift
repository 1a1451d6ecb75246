@_spi(Views) import AppHostKit
import Foundation

// Geometry and drawing: a shape's path, animatable values, geometry effects, a canvas, a timeline
// and metrics that scale with the text size. Text has no geometry, so what they compute is kept
// and what they would paint is drawn as nothing (docs/swiftui.md, "Drawing").

/// A value that can be animated: its components add, subtract and scale.
public protocol VectorArithmetic: AdditiveArithmetic {
    mutating func scale(by rhs: Double)
    var magnitudeSquared: Double { get }
}

extension Double: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= rhs }
    public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }
    public var magnitudeSquared: Double { Double(self * self) }
}

extension CGFloat: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }
    public var magnitudeSquared: Double { Double(self * self) }
}

/// No animatable data.
public struct EmptyAnimatableData: VectorArithmetic, Sendable {
    public init() {}
    public static var zero: EmptyAnimatableData { EmptyAnimatableData() }
    public static func + (lhs: EmptyAnimatableData, rhs: EmptyAnimatableData) -> EmptyAnimatableData { lhs }
    public static func - (lhs: EmptyAnimatableData, rhs: EmptyAnimatableData) -> EmptyAnimatableData { lhs }
    public mutating func scale(by rhs: Double) {}
    public var magnitudeSquared: Double { 0 }
}

/// Two animatable values as one.
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public static var zero: AnimatablePair { AnimatablePair(.zero, .zero) }
    public static func + (lhs: AnimatablePair, rhs: AnimatablePair) -> AnimatablePair { AnimatablePair(lhs.first + rhs.first, lhs.second + rhs.second) }
    public static func - (lhs: AnimatablePair, rhs: AnimatablePair) -> AnimatablePair { AnimatablePair(lhs.first - rhs.first, lhs.second - rhs.second) }
    public mutating func scale(by rhs: Double) {
        first.scale(by: rhs)
        second.scale(by: rhs)
    }
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

extension AnimatablePair: Sendable where First: Sendable, Second: Sendable {}

/// A type whose value changes can be animated. Nothing moves in text: a change is drawn at its end.
/// The main actor's, as the views and modifiers that conform to it are.
@MainActor @preconcurrency
public protocol Animatable {
    associatedtype AnimatableData: VectorArithmetic
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

// MARK: Path

/// An outline of lines and curves, as a shape describes itself; drawn as nothing. It keeps its
/// elements, so a shape's `path(in:)` can be tested: equal paths are the same outline.
public struct Path: Equatable, Sendable, CustomStringConvertible {
    /// One step of an outline.
    public enum Element: Equatable, Sendable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    private(set) var elements: [Element] = []

    public init() {}

    /// A path made by a closure that adds to it.
    public init(_ callback: (inout Path) -> Void) {
        callback(&self)
    }

    public init(_ rect: CGRect) { addRect(rect) }

    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }

    public var isEmpty: Bool { elements.isEmpty }

    /// The last point added, if any.
    public var currentPoint: CGPoint? {
        for element in elements.reversed() {
            switch element {
            case .move(let point), .line(let point): return point
            case .quadCurve(let point, _), .curve(let point, _, _): return point
            case .closeSubpath: continue
            }
        }
        return nil
    }

    /// The smallest rectangle holding every point of the path, its control points included.
    public var boundingRect: CGRect {
        let points = elements.flatMap { element -> [CGPoint] in
            switch element {
            case .move(let point), .line(let point): [point]
            case .quadCurve(let point, let control): [point, control]
            case .curve(let point, let first, let second): [point, first, second]
            case .closeSubpath: []
            }
        }
        guard let first = points.first else { return .null }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for point in points {
            minX = Swift.min(minX, point.x)
            minY = Swift.min(minY, point.y)
            maxX = Swift.max(maxX, point.x)
            maxY = Swift.max(maxY, point.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public mutating func move(to end: CGPoint) { elements.append(.move(to: end)) }
    public mutating func addLine(to end: CGPoint) { elements.append(.line(to: end)) }
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) { elements.append(.quadCurve(to: end, control: control)) }
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        elements.append(.curve(to: end, control1: control1, control2: control2))
    }
    public mutating func closeSubpath() { elements.append(.closeSubpath) }

    public mutating func addLines(_ lines: [CGPoint]) {
        guard let first = lines.first else { return }
        move(to: first)
        for point in lines.dropFirst() { addLine(to: point) }
    }

    public mutating func addRect(_ rect: CGRect) {
        addLines([
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
        ])
        closeSubpath()
    }

    public mutating func addRects(_ rects: [CGRect]) { rects.forEach { addRect($0) } }

    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        let width = Swift.min(cornerSize.width, rect.width / 2), height = Swift.min(cornerSize.height, rect.height / 2)
        move(to: CGPoint(x: rect.minX + width, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX - width, y: rect.minY))
        addQuadCurve(to: CGPoint(x: rect.maxX, y: rect.minY + height), control: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - height))
        addQuadCurve(to: CGPoint(x: rect.maxX - width, y: rect.maxY), control: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX + width, y: rect.maxY))
        addQuadCurve(to: CGPoint(x: rect.minX, y: rect.maxY - height), control: CGPoint(x: rect.minX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.minY + height))
        addQuadCurve(to: CGPoint(x: rect.minX + width, y: rect.minY), control: CGPoint(x: rect.minX, y: rect.minY))
        closeSubpath()
    }

    /// An ellipse as four cubic curves.
    public mutating func addEllipse(in rect: CGRect) {
        let k = 0.5522847498 as CGFloat
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + k * ry), control2: CGPoint(x: cx + k * rx, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - k * rx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + k * ry))
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - k * ry), control2: CGPoint(x: cx - k * rx, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + k * rx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - k * ry))
        closeSubpath()
    }

    /// An arc of the circle at `center`, from `startAngle` to `endAngle`, as line segments of at most
    /// a degree each (enough for a bounding box and a test; nothing is painted).
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        var sweep = endAngle.radians - startAngle.radians
        if clockwise, sweep > 0 { sweep -= 2 * .pi }
        if !clockwise, sweep < 0 { sweep += 2 * .pi }
        let steps = Swift.max(1, Int((abs(sweep) / (.pi / 180)).rounded(.up)))
        for step in 0...steps {
            let angle = startAngle.radians + sweep * Double(step) / Double(steps)
            let point = CGPoint(x: center.x + radius * CGFloat(cos(angle)), y: center.y + radius * CGFloat(sin(angle)))
            if step == 0, currentPoint == nil { move(to: point) } else { addLine(to: point) }
        }
    }

    public mutating func addPath(_ path: Path) { elements += path.elements }

    /// Calls `body` with each element, in order.
    public func forEach(_ body: (Element) -> Void) { elements.forEach(body) }

    /// The path moved by `x` and `y`.
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
        var moved = Path()
        moved.elements = elements.map { element in
            func shift(_ point: CGPoint) -> CGPoint { CGPoint(x: point.x + dx, y: point.y + dy) }
            switch element {
            case .move(let point): return .move(to: shift(point))
            case .line(let point): return .line(to: shift(point))
            case .quadCurve(let point, let control): return .quadCurve(to: shift(point), control: shift(control))
            case .curve(let point, let first, let second): return .curve(to: shift(point), control1: shift(first), control2: shift(second))
            case .closeSubpath: return .closeSubpath
            }
        }
        return moved
    }

    /// The elements as SwiftUI describes a path: `x y m`, `x y l`, `cx cy x y q`, `c1x c1y c2x c2y x y c`, `h`.
    public var description: String {
        func text(_ value: CGFloat) -> String {
            let number = Double(value)
            return number == number.rounded() ? String(Int(number)) : String(number)
        }
        return elements.map { element in
            switch element {
            case .move(let point): "\(text(point.x)) \(text(point.y)) m"
            case .line(let point): "\(text(point.x)) \(text(point.y)) l"
            case .quadCurve(let point, let control): "\(text(control.x)) \(text(control.y)) \(text(point.x)) \(text(point.y)) q"
            case .curve(let point, let first, let second):
                "\(text(first.x)) \(text(first.y)) \(text(second.x)) \(text(second.y)) \(text(point.x)) \(text(point.y)) c"
            case .closeSubpath: "h"
            }
        }.joined(separator: " ")
    }
}

extension Path: Shape {
    public func path(in rect: CGRect) -> Path { self }
}

extension Path: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { [] }
}
