import AppHostKit
import Foundation

/// Navigation types covering each shape a route can take.
public enum SampleNavigation: Navigation {
    case list
    case detail(identifier: Int)
    case search(query: String, exact: Bool, limit: Double?)

    public static let routeName = "sample"
}

public struct ProfileNavigation: Navigation {
    public let user: UUID
    public let editing: Bool

    public init(user: UUID, editing: Bool) {
        self.user = user
        self.editing = editing
    }

    public static let routeName = "profile"
}

public enum TabNavigation: String, Navigation {
    case inbox
    case archive

    public static let routeName = "tab"
}

/// Not a valid navigation value: it holds a list.
public struct NestedNavigation: Navigation {
    public let identifiers: [Int]

    public init(identifiers: [Int]) {
        self.identifiers = identifiers
    }

    public static let routeName = "nested"
}
