import AppHostKit
import Foundation

/// Navigation types covering each shape a route can take.
enum SampleNavigation: Navigation {
    case list
    case detail(identifier: Int)
    case search(query: String, exact: Bool, limit: Double?)

    static let routeName = "sample"
}

struct ProfileNavigation: Navigation {
    let user: UUID
    let editing: Bool

    static let routeName = "profile"
}

enum TabNavigation: String, Navigation {
    case inbox
    case archive

    static let routeName = "tab"
}

/// Not a valid navigation value: it holds a list.
struct NestedNavigation: Navigation {
    let identifiers: [Int]

    static let routeName = "nested"
}
