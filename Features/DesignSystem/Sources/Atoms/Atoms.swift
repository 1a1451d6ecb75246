import SwiftUI

/// The app's main call to action: a filled capsule in the theme's accent.
public struct PrimaryButtonStyle: ButtonStyle {
    @Environment(\.theme) private var theme

    public init() {}

    public func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .font(.headline)
            .padding(.horizontal, theme.spacing)
            .padding(.vertical, 8)
            .background(theme.accent, in: Capsule())
            .foregroundStyle(.white)
            .opacity(configuration.isPressed ? 0.7 : 1)
            .scaleEffect(configuration.isPressed ? 0.97 : 1)
    }
}

extension ButtonStyle where Self == PrimaryButtonStyle {
    public static var primary: PrimaryButtonStyle { PrimaryButtonStyle() }
}

/// A short label in a capsule: a status, a species.
public struct TagView: View {
    let text: String

    public init(_ text: String) {
        self.text = text
    }

    public var body: some View {
        Text(text)
            .font(.caption2.weight(.semibold))
            .textCase(.uppercase)
            .padding(.horizontal, 6)
            .padding(.vertical, 2)
            .background(Capsule().fill(.quaternary))
    }
}

/// A round picture loaded from the network, with a placeholder while it loads.
public struct AvatarView: View {
    let url: URL?
    var size: CGFloat = 44

    public init(url: URL?, size: CGFloat = 44) {
        self.url = url
        self.size = size
    }

    public var body: some View {
        AsyncImage(url: url) { image in
            image.resizable().scaledToFill()
        } placeholder: {
            Circle().fill(.gray.opacity(0.3))
        }
        .frame(width: size, height: size)
        .clipShape(Circle())
        .accessibilityHidden(true)
    }
}

/// A surface with the theme's padding and corners.
public struct CardModifier: ViewModifier {
    @Environment(\.theme) private var theme

    public func body(content: Content) -> some View {
        content
            .padding(theme.spacing)
            .background(theme.surface)
            .clipShape(RoundedRectangle(cornerRadius: theme.cornerRadius, style: .continuous))
            .shadow(color: .black.opacity(0.1), radius: 4, y: 2)
    }
}

extension View {
    /// Puts the view on a card.
    public func card() -> some View {
        modifier(CardModifier())
    }
}
