import AppHostKit

/// The destinations of the Character feature, for any feature to navigate to.
public enum CharacterNavigation: Navigation {
    /// Every character.
    case list
    /// One character's detail.
    case detail(identifier: Int)
    /// A list to choose a character from; it finishes with a ``CharacterPickerResult``.
    case picker

    public static let routeName = "character"

    /// One value of each destination, for tools (`apphost routes`, Tab completion, coverage, crawl).
    public static let allDestinations: [CharacterNavigation] = [.list, .detail(identifier: 1), .picker]

    /// What a detail is called while it loads, before its view names the character.
    public var fallbackTitle: String? {
        if case .detail = self { "Character" } else { nil }
    }
}

/// What the character picker hands back to the screen that opened it.
public enum CharacterPickerResult: NavigationResult {
    /// The character chosen.
    case picked(identifier: Int, name: String)

    public static let routeName = "character-picked"
}
