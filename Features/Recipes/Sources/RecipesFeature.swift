import AppHostKit
import SwiftUI

/// The destinations of the Recipes feature: one, for the views own the rest of its navigation.
public enum RecipesNavigation: Navigation, CaseIterable {
    /// The recipe book: its tabs, the list, each recipe, the forms.
    case book

    public static let routeName = "recipes"
}

/// The Recipes feature, written as most SwiftUI apps are: a `TabView`, a `NavigationStack(path:)`,
/// links, sheets and alerts all owned by the views' state. This type and its `Navigation` are the
/// only AppHost code it has; the session still sees, closes, crawls and restores every layer.
public struct RecipesFeature: NavigationFeature {
    public static let root = RecipesNavigation.book

    public init() {}

    public func makeScreen(for destination: RecipesNavigation, router: any RouterContract) -> Screen {
        switch destination {
        case .book:
            Screen(RecipeBookView(), router: router)
        }
    }
}
