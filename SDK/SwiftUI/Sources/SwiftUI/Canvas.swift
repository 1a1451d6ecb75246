@_spi(Views) import AppHostKit
import Foundation

// MARK: Canvas

/// What a ``Canvas`` draws with. Painting has no text form: what it is asked to paint is kept
/// only as far as a test of the drawing code needs (the texts drawn, in order).
public struct GraphicsContext {
    /// The texts drawn, in order: what VoiceOver cannot read of a canvas, but a test can.
    final class Record { var texts: [String] = [] }
    let record: Record

    public var opacity: Double = 1
    public var blendMode: BlendMode = .normal
    public var transform: CGAffineTransform = .identity
    public var environment: EnvironmentValues

    init(environment: EnvironmentValues) {
        self.environment = environment
        record = Record()
    }

    /// How a path is filled or stroked.
    public struct Shading: Sendable {
        let color: Color?
        public static func color(_ color: Color) -> Shading { Shading(color: color) }
        public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading(color: style as? Color) }
        public static var foreground: Shading { Shading(color: nil) }
        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint) -> Shading { Shading(color: nil) }
        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat) -> Shading { Shading(color: nil) }
    }

    /// A text ready to draw, with its size (text has no geometry: zero).
    public struct ResolvedText {
        let text: Text
        public func measure(in size: CGSize) -> CGSize { .zero }
    }

    /// An image ready to draw, with its size (zero).
    public struct ResolvedImage {
        public var size: CGSize { .zero }
    }

    public func resolve(_ text: Text) -> ResolvedText { ResolvedText(text: text) }
    public func resolve(_ image: Image) -> ResolvedImage { ResolvedImage() }

    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {}
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {}
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {}
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) { record.texts.append(text.content) }
    public func draw(_ text: Text, in rect: CGRect) { record.texts.append(text.content) }
    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) { record.texts.append(text.text.content) }
    public func draw(_ text: ResolvedText, in rect: CGRect) { record.texts.append(text.text.content) }
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {}
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {}
    public func draw(_ image: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) {}
    public func draw(_ image: ResolvedImage, at point: CGPoint, anchor: UnitPoint = .center) {}
    public mutating func translateBy(x: CGFloat, y: CGFloat) { transform = transform.translatedBy(x: x, y: y) }
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform = transform.scaledBy(x: x, y: y) }
    public mutating func rotate(by angle: Angle) { transform = transform.rotated(by: CGFloat(angle.radians)) }
    public mutating func concatenate(_ matrix: CGAffineTransform) { transform = matrix.concatenating(transform) }
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {}
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var layer = self
        try content(&layer)
    }

    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let inverse = ClipOptions(rawValue: 1)
    }

    public enum BlendMode: Sendable { case normal, multiply, screen, overlay, darken, lighten, plusLighter, plusDarker }
}

/// A view that paints with a ``GraphicsContext``. Its renderer runs each time it is drawn (with a
/// size of zero: text has no geometry) and it draws as nothing, as VoiceOver reads nothing of a
/// canvas; give it `.accessibilityLabel` to be read, as on a device.
public struct Canvas<Symbols: View>: View {
    private let renderer: (inout GraphicsContext, CGSize) -> Void

    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false, renderer: @escaping (inout GraphicsContext, CGSize) -> Void)
    where Symbols == EmptyView {
        self.renderer = renderer
    }

    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void, @ViewBuilder symbols: () -> Symbols) {
        self.renderer = renderer
    }

    public var body: Never { primitiveBody(Self.self) }

    public func _render(in context: _RenderContext) -> [Node] {
        var graphics = GraphicsContext(environment: context.environment)
        renderer(&graphics, .zero)
        return []
    }
}

public enum ColorRenderingMode: Sendable { case nonLinear, linear, extendedLinear }

// MARK: Timeline

/// When a ``TimelineView`` would draw again.
public protocol TimelineSchedule {
    associatedtype Entries: Sequence where Entries.Element == Date
    func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries
}

public enum TimelineScheduleMode: Sendable { case normal, lowFrequency }

public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    let start: Date
    let interval: TimeInterval
    public init(from startDate: Date, by interval: TimeInterval) {
        start = startDate
        self.interval = interval
    }
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> [Date] {
        guard interval > 0 else { return [start] }
        let steps = Swift.max(0, (startDate.timeIntervalSince(start) / interval).rounded(.down))
        return [start.addingTimeInterval(steps * interval)]
    }
}

public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    public init() {}
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> [Date] {
        [Date(timeIntervalSinceReferenceDate: (startDate.timeIntervalSinceReferenceDate / 60).rounded(.down) * 60)]
    }
}

public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    public init(minimumInterval: Double? = nil, paused: Bool = false) {}
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> [Date] { [startDate] }
}

public struct ExplicitTimelineSchedule<Entries: Sequence>: TimelineSchedule where Entries.Element == Date {
    let dates: Entries
    public init(_ dates: Entries) { self.dates = dates }
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries { dates }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule { .init(from: startDate, by: interval) }
}
extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    public static var everyMinute: EveryMinuteTimelineSchedule { .init() }
}
extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { .init() }
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule { .init(minimumInterval: minimumInterval, paused: paused) }
}
extension TimelineSchedule {
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule<S> where Self == ExplicitTimelineSchedule<S> { .init(dates) }
}

/// What a ``TimelineView``'s content is drawn for: the entry's date.
public struct TimelineViewDefaultContext: Sendable {
    public let date: Date
    public let cadence: Cadence
    public enum Cadence: Comparable, Sendable { case live, seconds, minutes }
}

/// A view drawn for the time of its schedule's latest entry that is not after now (the session's
/// time, virtual or real): a periodic timeline started at 9:00 by minutes shows 9:05 at 9:05:30.
/// It is drawn again when its screen is (after each command), not on its own: text has no frames.
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View {
    /// What the content is drawn for.
    public typealias Context = TimelineViewDefaultContext

    private let schedule: Schedule
    private let content: (Context) -> Content

    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    public var body: some View {
        let now = Date()
        let date = schedule.entries(from: now, mode: .normal).prefix { $0 <= now }.reduce(nil as Date?) { _, next in next } ?? now
        content(Context(date: date, cadence: .live))
    }
}
