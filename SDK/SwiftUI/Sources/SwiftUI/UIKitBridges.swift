import UIKit

// SwiftUI's bridges to UIKit's types (the UIKit module is the SDK's, limited to what they name).

extension Color {
    /// The colour of a `UIColor`: the same name or components, and opacity.
    public init(uiColor: UIColor) {
        self.init(uiColor.name)
        alpha = Double(uiColor.alpha)
    }
}

extension Image {
    /// The image of a `UIImage`, named as it was made.
    public init(uiImage: UIImage) {
        self.init(uiImage.name)
    }
}

extension Font {
    /// The font of a `UIFont`: its name or text style, size and weight.
    public init(_ font: UIFont) {
        self.init(name: font.textStyle?.rawValue ?? font.fontName, size: font.pointSize, weight: font.weight.map { Weight(value: Double($0.rawValue)) })
    }
}
