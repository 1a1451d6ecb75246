/// What a session served to another program (`apphost serve`, which `apphost mcp` runs) answers to
/// each command, as one JSON line: the screen as text and as the JSON layout, where the session is,
/// and what the command wrote and reported.
public struct SessionAnswer: Codable, Sendable {
    /// The screen on top, as `apphost` draws it.
    public var screen: String
    /// The same screen as `--format json` writes it: one JSON object, as text.
    public var layout: String
    /// The route on top, with its parameters.
    public var route: String
    /// The whole state as a deep link (what `state` prints).
    public var link: String
    /// The error lines the command reported, each `error: …`.
    public var errors: [String]
    /// What the command wrote besides the screen (`state`, `help`, `routes`).
    public var output: String
    /// Whether the session ended (`quit`).
    public var ended: Bool
    /// How many sleeps of view models wait for virtual time to move (`wait`); 0 on real time.
    public var sleeping: Int

    public init(screen: String, layout: String, route: String, link: String, errors: [String], output: String, ended: Bool = false, sleeping: Int = 0) {
        self.screen = screen
        self.layout = layout
        self.route = route
        self.link = link
        self.errors = errors
        self.output = output
        self.ended = ended
        self.sleeping = sleeping
    }
}
