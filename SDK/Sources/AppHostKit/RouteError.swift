/// A route that could not be read, written or resolved, with the route or segment at fault.
public struct RouteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The route text (or as much of it as is known) that is at fault.
    public var route: String
    /// What is wrong, lower-case, e.g. `parameter 'identifier' expects an integer, got 'abc'`.
    public var message: String

    /// Creates an error about `route`.
    public init(route: String, message: String) {
        self.route = route
        self.message = message
    }

    /// The route and the message, e.g. `character/detail?identifier=x: parameter 'identifier' expects an integer, got 'x'`.
    public var description: String { "\(route): \(message)" }
}
