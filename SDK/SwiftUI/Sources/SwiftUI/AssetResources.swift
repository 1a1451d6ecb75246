import Foundation
import UIKit

/// An image of an asset catalog, as Xcode's generated asset symbols name it: `Image(.logo)`.
/// The SDK's `AssetSymbols` build plugin makes the symbols from a target's `*.xcassets`
/// (docs/swiftui.md, "Asset catalogs").
public struct ImageResource: Hashable, Sendable {
    /// The asset's name in its catalog.
    public let name: String

    public init(name: String, bundle: Bundle) { self.name = name }
}

/// A colour of an asset catalog, as Xcode's generated asset symbols name it: `Color(.skyBlue)`.
public struct ColorResource: Hashable, Sendable {
    /// The asset's name in its catalog.
    public let name: String
    /// Its red, green, blue and opacity in sRGB (the catalog's colour for any appearance), or
    /// empty where the catalog gives none that can be read (a system colour's reference).
    let components: [Double]

    public init(name: String, bundle: Bundle) {
        self.name = name
        components = []
    }

    /// A resource with the catalog's components: what the `AssetSymbols` plugin writes.
    public init(name: String, bundle: Bundle, _components: [Double]) {
        self.name = name
        components = _components.count == 4 ? _components : []
    }
}

extension Image {
    /// The catalog's image: drawn as an image of that name is.
    public init(_ resource: ImageResource) { self.init(resource.name) }
}

extension Color {
    /// The catalog's colour: equal to itself, not to a colour made of the same components (as on
    /// a device); ``resolve(in:)`` gives its components.
    public init(_ resource: ColorResource) {
        self.init(
            name: "asset(\(resource.name))", components: Array(resource.components.prefix(3)),
            opacity: resource.components.count == 4 ? resource.components[3] : 1
        )
    }
}

extension UIImage {
    /// The catalog's image.
    public convenience init(resource: ImageResource) { self.init(named: resource.name)! }
}

extension UIColor {
    /// The catalog's colour.
    public convenience init(resource: ColorResource) {
        let color = Color(resource)
        self.init(name: color.name, alpha: color.alpha)
    }
}

extension Color {
    /// A colour's components in sRGB, as SwiftUI resolves it (`Color.Resolved`).
    public struct Resolved: Hashable, Sendable, CustomStringConvertible {
        public var red: Float
        public var green: Float
        public var blue: Float
        public var opacity: Float

        public init(red: Float, green: Float, blue: Float, opacity: Float = 1) {
            self.red = red
            self.green = green
            self.blue = blue
            self.opacity = opacity
        }

        /// Components in linear light, as `Color.Resolved` also gives them.
        public var linearRed: Float { Self.linear(red) }
        public var linearGreen: Float { Self.linear(green) }
        public var linearBlue: Float { Self.linear(blue) }

        private static func linear(_ value: Float) -> Float {
            value <= 0.04045 ? value / 12.92 : Float(pow((Double(value) + 0.055) / 1.055, 2.4))
        }

        /// `#RRGGBBAA`, as SwiftUI describes a resolved colour.
        public var description: String {
            "#" + [red, green, blue, opacity].map { component in
                let byte = Int((Swift.min(Swift.max(component, 0), 1) * 255).rounded())
                return String(byte, radix: 16, uppercase: true).count == 1 ? "0" + String(byte, radix: 16, uppercase: true) : String(byte, radix: 16, uppercase: true)
            }.joined()
        }
    }

    /// A colour of resolved components.
    public init(_ resolved: Resolved) {
        self.init(red: Double(resolved.red), green: Double(resolved.green), blue: Double(resolved.blue), opacity: Double(resolved.opacity))
    }

    /// The colour's components in the environment (a light appearance: the session's). A colour
    /// whose components cannot be known here (a catalog colour that refers to a system colour,
    /// a semantic colour such as `primary`) resolves to black, at its opacity.
    public func resolve(in environment: EnvironmentValues) -> Resolved {
        let rgb = components.count == 3 ? components : [0, 0, 0]
        return Resolved(red: Float(rgb[0]), green: Float(rgb[1]), blue: Float(rgb[2]), opacity: Float(alpha))
    }

    /// The system colours' components in a light appearance, as iOS defines them.
    static let system: [String: [Double]] = [
        "red": [1, 59 / 255, 48 / 255], "orange": [1, 149 / 255, 0], "yellow": [1, 204 / 255, 0],
        "green": [52 / 255, 199 / 255, 89 / 255], "mint": [0, 199 / 255, 190 / 255], "teal": [48 / 255, 176 / 255, 199 / 255],
        "cyan": [50 / 255, 173 / 255, 230 / 255], "blue": [0, 122 / 255, 1], "indigo": [88 / 255, 86 / 255, 214 / 255],
        "purple": [175 / 255, 82 / 255, 222 / 255], "pink": [1, 45 / 255, 85 / 255], "brown": [162 / 255, 132 / 255, 94 / 255],
        "white": [1, 1, 1], "gray": [142 / 255, 142 / 255, 147 / 255], "black": [0, 0, 0], "clear": [0, 0, 0],
        "accentColor": [0, 122 / 255, 1],
    ]

    /// Hue, saturation and brightness (0 to 1 each) as red, green and blue.
    static func rgb(hue: Double, saturation: Double, brightness: Double) -> [Double] {
        let sector = (hue - hue.rounded(.down)) * 6
        let index = Int(sector) % 6
        let fraction = sector - Double(Int(sector))
        let p = brightness * (1 - saturation)
        let q = brightness * (1 - saturation * fraction)
        let t = brightness * (1 - saturation * (1 - fraction))
        switch index {
        case 0: return [brightness, t, p]
        case 1: return [q, brightness, p]
        case 2: return [p, brightness, t]
        case 3: return [p, q, brightness]
        case 4: return [t, p, brightness]
        default: return [brightness, p, q]
        }
    }
}
