import AppHostKit

/// The destinations of the Character feature, for any feature to navigate to.
public enum CharacterNavigation: Navigation {
    /// Every character.
    case list
    /// One character's detail.
    case detail(identifier: Int)
    /// A list to choose a character from; it finishes with a ``CharacterPickerResult``.
    case picker
    /// The list's filter, presented as a full-screen cover over the list; `status` is the one
    /// chosen now (`all`, `alive`, `dead`, `unknown`). It finishes with a ``CharacterFilterResult``.
    case filter(status: String)

    public static let routeName = "character"

    /// One value of each destination, for tools (`apphost routes`, Tab completion, coverage, crawl).
    public static let allDestinations: [CharacterNavigation] = [.list, .detail(identifier: 1), .picker, .filter(status: "all")]
}

/// What the character picker hands back to the screen that opened it.
public enum CharacterPickerResult: NavigationResult {
    /// The character chosen.
    case picked(identifier: Int, name: String)

    public static let routeName = "character-picked"
}

/// What the character filter hands back to the list that presented it.
public enum CharacterFilterResult: NavigationResult {
    /// The status to show (`all`, `alive`, `dead`, `unknown`).
    case applied(status: String)

    public static let routeName = "character-filtered"
}
