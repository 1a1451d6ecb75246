import SwiftUI

/// The app's look: colours, spacing and type, read by every component from the environment.
public struct Theme: Sendable {
    public var name: String
    public var accent: Color
    public var surface: Color
    public var spacing: CGFloat
    public var cornerRadius: CGFloat
    public var titleFont: Font

    public init(name: String, accent: Color, surface: Color, spacing: CGFloat = 12, cornerRadius: CGFloat = 12, titleFont: Font = .title2.bold()) {
        self.name = name
        self.accent = accent
        self.surface = surface
        self.spacing = spacing
        self.cornerRadius = cornerRadius
        self.titleFont = titleFont
    }

    public static let portal = Theme(name: "Portal", accent: .green, surface: Color(white: 0.95))
    public static let citadel = Theme(name: "Citadel", accent: .indigo, surface: Color(red: 0.1, green: 0.1, blue: 0.2), spacing: 16)
}

private struct ThemeKey: EnvironmentKey {
    static let defaultValue = Theme.portal
}

extension EnvironmentValues {
    /// The theme the components below use.
    public var theme: Theme {
        get { self[ThemeKey.self] }
        set { self[ThemeKey.self] = newValue }
    }
}

extension View {
    /// Sets the theme of the components below.
    public func theme(_ theme: Theme) -> some View {
        environment(\.theme, theme)
    }
}
