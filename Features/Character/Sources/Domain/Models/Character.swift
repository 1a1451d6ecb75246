/// A character of the show.
nonisolated struct Character: Equatable, Sendable, Identifiable, Decodable {
    /// Whether a character is alive.
    enum Status: String, Sendable, Decodable {
        case alive = "Alive"
        case dead = "Dead"
        case unknown = "Unknown"
    }

    let id: Int
    let name: String
    let status: Status
    let species: String
    let origin: String
    let episodeCount: Int
}
