import AppHostKit

/// Where Settings sends people that other features serve; the app redirects it (see `Features/Shell`).
enum SettingsOutgoingNavigation: OutgoingNavigation {
    /// A list to choose the favourite character from; it finishes with a ``PickedCharacter``.
    case chooseCharacter

    static let routeName = "settings-outgoing"
    static let allDestinations: [SettingsOutgoingNavigation] = [.chooseCharacter]
}

/// What the character picker hands back, read by its route name (`character-picked`): Settings
/// imports nothing of the feature that serves the picker, only the shape of its result.
enum PickedCharacter: NavigationResult {
    case picked(identifier: Int, name: String)

    static let routeName = "character-picked"
}
