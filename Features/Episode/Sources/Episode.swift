import AppHostKit
import FoundationEssentials
import Synchronization

/// An episode of the show; `characters` are the identifiers of the characters in it.
nonisolated struct Episode: Equatable, Sendable, Decodable {
    let id: Int
    let name: String
    let code: String
    let airDate: String
    let characters: [Int]
}

/// Why episodes could not be read.
nonisolated struct EpisodeError: Error, Equatable, CustomStringConvertible {
    let description: String
}

/// The episodes the feature ships in its resources, `episodes.json`, read once (a failure is
/// reported each time, so a file put right is read then).
nonisolated enum EpisodeRepository {
    private static let read = Mutex<[Episode]?>(nil)

    static func episodes() throws(EpisodeError) -> [Episode] {
        if let episodes = read.withLock({ $0 }) { return episodes }
        let episodes = try load()
        read.withLock { $0 = episodes }
        return episodes
    }

    private static func load() throws(EpisodeError) -> [Episode] {
        do {
            let bytes = try FeatureResources(for: Episode.self).bytes("episodes.json")
            return try JSONDecoder().decode([Episode].self, from: Data(bytes))
        } catch let error as FeatureResourcesError {
            throw EpisodeError(description: "episodes unavailable: \(error.description)")
        } catch {
            throw EpisodeError(description: "episodes unavailable: episodes.json: \(error)")
        }
    }
}
