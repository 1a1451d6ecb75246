/// One backup of the app's data.
nonisolated struct Backup: Equatable, Sendable {
    let name: String
    let megabytes: Int
}

/// What the backup server says of itself.
nonisolated enum ServerStatus: Equatable, Sendable {
    case online(version: String)
    case offline
}
