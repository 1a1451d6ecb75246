// UIKit for Linux, limited to what SwiftUI's own bridges and common view code name: colours
// (`UIColor.systemBackground`, `Color(uiColor:)`), images (`UIImage(systemName:)`,
// `Image(uiImage:)`), fonts (`UIFont.preferredFont(forTextStyle:)`), the device and screen a view
// asks about, and `UIApplication.shared.open(_:)`, which the session opens as `openURL` does. It is
// not UIKit: no view, view controller or window exists here (docs/swiftui.md, "UIKit").
@_spi(Runtime) import AppHostKit
import Foundation

/// A colour, by name or components, with an opacity. Equal when made of the same.
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
    /// The system colour's name, or the components it was made of.
    public let name: String
    /// Its opacity, from 0 to 1.
    public let alpha: CGFloat

    public init(name: String, alpha: CGFloat = 1) {
        self.name = name
        self.alpha = alpha
    }

    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(name: "rgb(\(Double(red)),\(Double(green)),\(Double(blue)))", alpha: alpha)
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(name: "white(\(Double(white)))", alpha: alpha)
    }

    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        self.init(name: "hsb(\(Double(hue)),\(Double(saturation)),\(Double(brightness)))", alpha: alpha)
    }

    /// A colour of the app's asset catalogue, by name.
    public convenience init?(named name: String) {
        self.init(name: name)
    }

    /// A colour that depends on the trait collection: the light one (a phone's default).
    public convenience init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        let light = dynamicProvider(UITraitCollection())
        self.init(name: light.name, alpha: light.alpha)
    }

    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(name: name, alpha: alpha)
    }

    public var description: String { alpha == 1 ? name : "\(name) \(Double(alpha))" }

    public static func == (lhs: UIColor, rhs: UIColor) -> Bool { lhs.name == rhs.name && lhs.alpha == rhs.alpha }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(alpha)
    }

    public static let black = UIColor(name: "black"), white = UIColor(name: "white"), clear = UIColor(name: "clear")
    public static let gray = UIColor(name: "gray"), darkGray = UIColor(name: "darkGray"), lightGray = UIColor(name: "lightGray")
    public static let red = UIColor(name: "red"), green = UIColor(name: "green"), blue = UIColor(name: "blue")
    public static let orange = UIColor(name: "orange"), yellow = UIColor(name: "yellow"), purple = UIColor(name: "purple")
    public static let systemRed = UIColor(name: "systemRed"), systemOrange = UIColor(name: "systemOrange")
    public static let systemYellow = UIColor(name: "systemYellow"), systemGreen = UIColor(name: "systemGreen")
    public static let systemMint = UIColor(name: "systemMint"), systemTeal = UIColor(name: "systemTeal")
    public static let systemCyan = UIColor(name: "systemCyan"), systemBlue = UIColor(name: "systemBlue")
    public static let systemIndigo = UIColor(name: "systemIndigo"), systemPurple = UIColor(name: "systemPurple")
    public static let systemPink = UIColor(name: "systemPink"), systemBrown = UIColor(name: "systemBrown")
    public static let systemGray = UIColor(name: "systemGray"), systemGray2 = UIColor(name: "systemGray2")
    public static let systemGray3 = UIColor(name: "systemGray3"), systemGray4 = UIColor(name: "systemGray4")
    public static let systemGray5 = UIColor(name: "systemGray5"), systemGray6 = UIColor(name: "systemGray6")
    public static let systemBackground = UIColor(name: "systemBackground")
    public static let secondarySystemBackground = UIColor(name: "secondarySystemBackground")
    public static let tertiarySystemBackground = UIColor(name: "tertiarySystemBackground")
    public static let systemGroupedBackground = UIColor(name: "systemGroupedBackground")
    public static let secondarySystemGroupedBackground = UIColor(name: "secondarySystemGroupedBackground")
    public static let tertiarySystemGroupedBackground = UIColor(name: "tertiarySystemGroupedBackground")
    public static let systemFill = UIColor(name: "systemFill"), secondarySystemFill = UIColor(name: "secondarySystemFill")
    public static let label = UIColor(name: "label"), secondaryLabel = UIColor(name: "secondaryLabel")
    public static let tertiaryLabel = UIColor(name: "tertiaryLabel"), quaternaryLabel = UIColor(name: "quaternaryLabel")
    public static let placeholderText = UIColor(name: "placeholderText"), separator = UIColor(name: "separator")
    public static let opaqueSeparator = UIColor(name: "opaqueSeparator"), link = UIColor(name: "link")
    public static let tintColor = UIColor(name: "tintColor")
}

/// The traits a dynamic colour is asked about: a phone's, in light mode.
public struct UITraitCollection: Sendable {
    public var userInterfaceStyle: UIUserInterfaceStyle = .light
    public init() {}
}

public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

/// An image, by its asset's or symbol's name.
public final class UIImage: Hashable, Sendable {
    /// The asset's or symbol's name ("" for one made of data).
    public let name: String
    public let size: CGSize

    init(name: String, size: CGSize = .zero) {
        self.name = name
        self.size = size
    }

    /// An image of the app's assets (a name is always found: there is no catalogue to look in).
    public convenience init?(named name: String) { self.init(name: name) }
    public convenience init?(named name: String, in bundle: Bundle?, with configuration: UIImage.Configuration?) { self.init(name: name) }
    /// A symbol of the system's.
    public convenience init?(systemName name: String) { self.init(name: name) }
    public convenience init?(systemName name: String, withConfiguration configuration: UIImage.Configuration?) { self.init(name: name) }
    /// An image made of encoded bytes: nil for none.
    public convenience init?(data: Data) {
        guard !data.isEmpty else { return nil }
        self.init(name: "")
    }

    public func withRenderingMode(_ mode: RenderingMode) -> UIImage { self }
    public func withTintColor(_ color: UIColor) -> UIImage { self }

    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }
    public class Configuration: @unchecked Sendable {}
    public final class SymbolConfiguration: Configuration, @unchecked Sendable {
        public init(pointSize: CGFloat) {}
        public init(scale: Scale) {}
        public init(weight: UIFont.Weight) {}
        public enum Scale: Int, Sendable { case `default`, small, medium, large }
    }

    public static func == (lhs: UIImage, rhs: UIImage) -> Bool { lhs.name == rhs.name && lhs.size == rhs.size }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A font, by text style or size and weight.
public final class UIFont: Hashable, Sendable {
    public let fontName: String
    public let pointSize: CGFloat
    public let weight: Weight?
    public let textStyle: TextStyle?

    init(fontName: String, pointSize: CGFloat, weight: Weight? = nil, textStyle: TextStyle? = nil) {
        self.fontName = fontName
        self.pointSize = pointSize
        self.weight = weight
        self.textStyle = textStyle
    }

    public convenience init?(name: String, size: CGFloat) { self.init(fontName: name, pointSize: size) }

    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        UIFont(fontName: "system", pointSize: style.pointSize, textStyle: style)
    }
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont { UIFont(fontName: "system", pointSize: size, weight: weight) }
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(fontName: "system", pointSize: size, weight: .bold) }
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(fontName: "system-italic", pointSize: size) }
    public static func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont { UIFont(fontName: "system-monospaced", pointSize: size, weight: weight) }

    public struct Weight: Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8), thin = Weight(rawValue: -0.6), light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0), medium = Weight(rawValue: 0.23), semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4), heavy = Weight(rawValue: 0.56), black = Weight(rawValue: 0.62)
    }

    /// The text styles, with the sizes a phone gives them at the default text size.
    public struct TextStyle: Hashable, Sendable {
        public let rawValue: String
        let pointSize: CGFloat
        public static let largeTitle = TextStyle(rawValue: "largeTitle", pointSize: 34), title1 = TextStyle(rawValue: "title1", pointSize: 28)
        public static let title2 = TextStyle(rawValue: "title2", pointSize: 22), title3 = TextStyle(rawValue: "title3", pointSize: 20)
        public static let headline = TextStyle(rawValue: "headline", pointSize: 17), subheadline = TextStyle(rawValue: "subheadline", pointSize: 15)
        public static let body = TextStyle(rawValue: "body", pointSize: 17), callout = TextStyle(rawValue: "callout", pointSize: 16)
        public static let footnote = TextStyle(rawValue: "footnote", pointSize: 13), caption1 = TextStyle(rawValue: "caption1", pointSize: 12)
        public static let caption2 = TextStyle(rawValue: "caption2", pointSize: 11)
    }

    public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
        lhs.fontName == rhs.fontName && lhs.pointSize == rhs.pointSize && lhs.weight == rhs.weight && lhs.textStyle == rhs.textStyle
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fontName)
        hasher.combine(pointSize)
    }
}

/// The app, as views ask it to open a URL.
@MainActor
public final class UIApplication {
    public static let shared = UIApplication()

    /// The URL of the app's page in the system's settings.
    public nonisolated static let openSettingsURLString = "app-settings:"

    public struct OpenExternalURLOptionsKey: Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "universalLinksOnly")
    }

    /// Opens `url` as the session's `open URL` does, once the command's work has settled (a link of
    /// the app's own navigates; a web, mail or phone link is said to leave the app); `completion`
    /// hears whether a session took it.
    public func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil) {
        let taken = SessionWorkContext.open(url.absoluteString)
        completion?(taken)
    }

    /// Opens `url`, as ``open(_:options:completionHandler:)`` does; true if a session took it.
    @discardableResult
    public func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:]) async -> Bool {
        SessionWorkContext.open(url.absoluteString)
    }

    /// Whether a URL can be opened: any URL with a scheme.
    public func canOpenURL(_ url: URL) -> Bool { url.scheme != nil }
}

/// The device a view asks about: a phone.
@MainActor
public final class UIDevice {
    public static let current = UIDevice()
    public let name = "iPhone"
    public let model = "iPhone"
    public let systemName = "iOS"
    public let systemVersion = "18.0"
    public let userInterfaceIdiom = UIUserInterfaceIdiom.phone
}

public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone, pad, tv, carPlay, mac, vision
}

/// The screen a view asks about: a phone's, in points.
@MainActor
public final class UIScreen {
    public static let main = UIScreen()
    public let bounds = CGRect(x: 0, y: 0, width: 393, height: 852)
    public let scale: CGFloat = 3
}
