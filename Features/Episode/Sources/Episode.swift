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

/// A character of the show as the episodes name it: the feature's own cast list, so its screens
/// say who, not which number (it knows nothing of the Character feature).
nonisolated struct CastMember: Equatable, Sendable, Decodable {
    let id: Int
    let name: String
}

/// What `episodes.json` holds: the cast and the episodes.
nonisolated struct EpisodeCatalogue: Equatable, Sendable, Decodable {
    let cast: [CastMember]
    let episodes: [Episode]

    /// The name of character `identifier`, or a name made of its number when the cast lacks it.
    func name(of identifier: Int) -> String {
        cast.first { $0.id == identifier }?.name ?? "Character \(identifier)"
    }
}

/// Why episodes could not be read.
nonisolated struct EpisodeError: Error, Equatable, CustomStringConvertible {
    let description: String
}

/// The episodes the feature ships in its resources, `episodes.json`, read once (a failure is
/// reported each time, so a file put right is read then).
nonisolated enum EpisodeRepository {
    private static let read = Mutex<EpisodeCatalogue?>(nil)

    static func catalogue() throws(EpisodeError) -> EpisodeCatalogue {
        if let catalogue = read.withLock({ $0 }) { return catalogue }
        let catalogue = try load()
        read.withLock { $0 = catalogue }
        return catalogue
    }

    private static func load() throws(EpisodeError) -> EpisodeCatalogue {
        do {
            let bytes = try FeatureResources(for: Episode.self).bytes("episodes.json")
            return try JSONDecoder().decode(EpisodeCatalogue.self, from: Data(bytes))
        } catch let error as FeatureResourcesError {
            throw EpisodeError(description: "episodes unavailable: \(error.description)")
        } catch {
            throw EpisodeError(description: "episodes unavailable: episodes.json: \(error)")
        }
    }
}
