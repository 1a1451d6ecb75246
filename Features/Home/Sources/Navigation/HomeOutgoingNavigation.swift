import AppHostKit

/// Where Home sends people that other features serve; the app redirects each (see `Features/Shell`).
enum HomeOutgoingNavigation: OutgoingNavigation {
    /// Every character.
    case characters
    /// One character.
    case character(identifier: Int)
    /// The design system's components.
    case gallery
    /// The app's backups.
    case backups
    /// The recipe book.
    case recipes

    static let routeName = "home-outgoing"
    static let allDestinations: [HomeOutgoingNavigation] = [.characters, .character(identifier: 1), .gallery, .backups, .recipes]
}
