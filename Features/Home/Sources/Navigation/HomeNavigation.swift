import AppHostKit

/// The destinations of the Home feature.
public enum HomeNavigation: Navigation, CaseIterable {
    /// The start screen.
    case main

    public static let routeName = "home"
}
