// What view code takes from Foundation on Apple's platforms that swift-corelibs-foundation lacks:
// `String(localized:…)` with its `LocalizationValue` and `LocalizedStringResource` (the text as
// spelled: strings catalogues are not read, as `LocalizedStringKey`'s are not), a
// `RelativeDateTimeFormatter` that writes English as Apple's does for the en_US locale, and
// Core Graphics' `CGPointMake` family. Available to a file that imports SwiftUI.

extension String {
    /// A string to localize, with its interpolations: drawn as written.
    public struct LocalizationValue: ExpressibleByStringInterpolation, Hashable, Sendable, CustomStringConvertible {
        let text: String

        public init(_ value: String) { text = value }
        public init(stringLiteral value: String) { text = value }
        public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

        public var description: String { text }

        public struct StringInterpolation: StringInterpolationProtocol {
            var text = ""
            public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity) }
            public mutating func appendLiteral(_ literal: String) { text += literal }
            public mutating func appendInterpolation<T>(_ value: T) { text += "\(value)" }
            public mutating func appendInterpolation<F: FormatStyle>(_ value: F.FormatInput, format: F) where F.FormatOutput == String {
                text += format.format(value)
            }
            public mutating func appendInterpolation(_ value: String.LocalizationValue) { text += value.text }
        }
    }

    /// The localized string of `keyAndValue`: the text as written (catalogues are not read).
    public init(
        localized keyAndValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil, locale: Locale = .current, comment: StaticString? = nil
    ) {
        self = keyAndValue.text
    }

    /// The localized string of `key`, whose text is `defaultValue`: the default value as written.
    public init(
        localized key: StaticString, defaultValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil, locale: Locale = .current,
        comment: StaticString? = nil
    ) {
        self = defaultValue.text
    }

    /// The string of a localized resource: its text as written.
    @_disfavoredOverload
    public init(localized resource: LocalizedStringResource) {
        self = resource.key.text
    }
}

/// A string to localize later, with where to look it up: its text as written.
public struct LocalizedStringResource: ExpressibleByStringInterpolation, Hashable, Sendable, CustomStringConvertible {
    let key: String.LocalizationValue

    public init(_ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current, bundle: Bundle? = nil, comment: StaticString? = nil) {
        key = keyAndValue
    }

    public init(stringLiteral value: String) { key = String.LocalizationValue(value) }
    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) { key = String.LocalizationValue(stringInterpolation: stringInterpolation) }

    public var description: String { key.text }
}

extension Text {
    /// The text of a localized resource, as written.
    @_disfavoredOverload
    public init(_ resource: LocalizedStringResource) {
        self.init(verbatim: resource.key.text)
    }
}

/// Says how far a date is from another in words, as Apple's formatter does in English:
/// `in 5 minutes`, `2 days ago`, `5 min. ago`, `5m ago`, and with `.named`, `yesterday`, `now`.
open class RelativeDateTimeFormatter: Formatter, @unchecked Sendable {
    public enum UnitsStyle: Int, Sendable { case full, spellOut, short, abbreviated }
    public enum DateTimeStyle: Int, Sendable { case numeric, named }
    public enum Context: Int, Sendable { case unknown, dynamic, standalone, listItem, beginningOfSentence, middleOfSentence }

    open var unitsStyle = UnitsStyle.full
    open var dateTimeStyle = DateTimeStyle.numeric
    open var formattingContext = Context.unknown
    open var calendar = Calendar(identifier: .gregorian)
    open var locale = Locale(identifier: "en_US")

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// How far `date` is from `reference`, in words.
    open func localizedString(for date: Date, relativeTo reference: Date) -> String {
        localizedString(fromTimeInterval: date.timeIntervalSince(reference))
    }

    /// How long `interval` is, from now, in words: the largest whole unit it holds.
    open func localizedString(fromTimeInterval interval: TimeInterval) -> String {
        let seconds = abs(interval)
        let units: [(seconds: Double, name: String, short: String, abbreviated: String)] = [
            (31_536_000, "year", "yr.", "y"), (2_592_000, "month", "mo.", "mo"), (604_800, "week", "wk.", "w"),
            (86_400, "day", "day", "d"), (3_600, "hour", "hr.", "h"), (60, "minute", "min.", "m"), (1, "second", "sec.", "s"),
        ]
        let unit = units.first { seconds >= $0.seconds } ?? units[units.count - 1]
        let count = Int(seconds / unit.seconds)
        let future = interval > 0
        if dateTimeStyle == .named {
            if count == 0 || unit.seconds == 1 && count < 1 { return "now" }
            if unit.name == "day", count == 1 { return future ? "tomorrow" : "yesterday" }
            if ["week", "month", "year"].contains(unit.name), count == 1 { return "\(future ? "next" : "last") \(unit.name)" }
        }
        let amount: String
        switch unitsStyle {
        case .full, .spellOut: amount = "\(count) \(unit.name)\(count == 1 ? "" : "s")"
        case .short: amount = "\(count) \(unit.short == "day" && count != 1 ? "days" : unit.short)"
        case .abbreviated: amount = "\(count)\(unit.abbreviated)"
        }
        return future ? "in \(amount)" : "\(amount) ago"
    }

    open override func string(for object: Any?) -> String? {
        guard let date = object as? Date else { return nil }
        return localizedString(for: date, relativeTo: Date())
    }
}

public func CGPointMake(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }
public func CGSizeMake(_ width: CGFloat, _ height: CGFloat) -> CGSize { CGSize(width: width, height: height) }
public func CGRectMake(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect { CGRect(x: x, y: y, width: width, height: height) }
