/// Which characters a list shows: those whose name contains `text` (any case), with `status`.
nonisolated struct CharacterQuery: Equatable, Sendable {
    var text = ""
    var status: CharacterStatusFilter = .all

    func matches(_ character: Character) -> Bool {
        let words = text.lowercased().split(separator: " ")
        let name = character.name.lowercased()
        let nameMatches = words.allSatisfy { name.contains($0) }
        return nameMatches && status.admits(character.status)
    }
}

/// The statuses a list can be narrowed to.
nonisolated enum CharacterStatusFilter: String, CaseIterable, Sendable {
    case all
    case alive
    case dead
    case unknown

    /// The name people read.
    var title: String {
        switch self {
        case .all: "All"
        case .alive: "Alive"
        case .dead: "Dead"
        case .unknown: "Unknown"
        }
    }

    func admits(_ status: Character.Status) -> Bool {
        switch self {
        case .all: true
        case .alive: status == .alive
        case .dead: status == .dead
        case .unknown: status == .unknown
        }
    }
}
