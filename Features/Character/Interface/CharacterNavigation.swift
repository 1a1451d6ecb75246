import AppHostKit

/// The destinations of the Character feature, for any feature to navigate to.
public enum CharacterNavigation: Navigation {
    /// Every character.
    case list
    /// One character's detail.
    case detail(identifier: Int)

    public static let routeName = "character"
}
