/// Why characters could not be loaded.
nonisolated enum CharacterError: Error, Equatable, CustomStringConvertible {
    case notFound(identifier: Int)
    case unavailable(String)

    var description: String {
        switch self {
        case .notFound(let identifier): "character \(identifier) not found"
        case .unavailable(let reason): "characters unavailable: \(reason)"
        }
    }
}
