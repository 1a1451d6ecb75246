import AppHostKit

/// A result a destination hands back in the router's tests.
public enum SampleResult: NavigationResult {
    case chosen(identifier: Int)

    public static let routeName = "sample-result"
}
