import AppHostKit
import FoundationEssentials

/// The characters the feature shows, read from `characters.json` in the feature's resources:
/// the feature works with no network, and its data set is a file, not Swift literals.
nonisolated struct CharacterDataSource: Sendable {
    let characters: [Character]

    /// The data set the feature ships in its resources folder.
    static func fixtures() throws(CharacterError) -> CharacterDataSource {
        let bytes: [UInt8]
        do {
            bytes = try FeatureResources(for: CharacterDataSource.self).bytes("characters.json")
        } catch {
            throw .unavailable(error.description)
        }
        do {
            return CharacterDataSource(characters: try JSONDecoder().decode([Character].self, from: Data(bytes)))
        } catch {
            throw .unavailable("characters.json: \(error)")
        }
    }
}
