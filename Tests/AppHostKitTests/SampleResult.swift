import AppHostKit

/// A result a destination hands back in the router's tests.
enum SampleResult: NavigationResult {
    case chosen(identifier: Int)

    static let routeName = "sample-result"
}
