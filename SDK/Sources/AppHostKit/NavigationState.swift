/// Where the user is: a root destination and the stack pushed above it.
public struct NavigationState: Hashable, Sendable, Codable {
    /// The destination the stack starts from.
    public var root: Route
    /// The destinations pushed above the root, bottom first.
    public var path: [Route]

    /// Creates a state at `root` with `path` pushed above it.
    public init(root: Route, path: [Route] = []) {
        self.root = root
        self.path = path
    }

    /// The whole stack, root first.
    public var stack: [Route] { [root] + path }

    /// The destination on screen.
    public var top: Route { path.last ?? root }
}
