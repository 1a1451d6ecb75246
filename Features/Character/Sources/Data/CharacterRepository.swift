import Synchronization

nonisolated protocol CharacterRepositoryContract: Sendable {
    func characters() async throws(CharacterError) -> [Character]
    func character(identifier: Int) async throws(CharacterError) -> Character
}

/// Characters from a data source: the list is fetched when first asked for and then kept in
/// memory; a character is taken from it once it is there, and fetched by its own URL before (a
/// deep link to a detail opens before any list).
nonisolated final class CharacterRepository: CharacterRepositoryContract {
    private let dataSource: any CharacterDataSourceContract
    private let kept = Mutex<[Character]?>(nil)

    init(dataSource: any CharacterDataSourceContract = CharacterRemoteDataSource()) {
        self.dataSource = dataSource
    }

    // The data source leaves the main actor, as networking code does: a view model's await hops
    // to the global pool and back, and its result arrives after work on another thread.
    @concurrent func characters() async throws(CharacterError) -> [Character] {
        if let kept = kept.withLock({ $0 }) { return kept }
        let characters = try await dataSource.characters()
        kept.withLock { $0 = characters }
        return characters
    }

    @concurrent func character(identifier: Int) async throws(CharacterError) -> Character {
        if let kept = kept.withLock({ $0 }) {
            guard let character = kept.first(where: { $0.id == identifier }) else { throw .notFound(identifier: identifier) }
            return character
        }
        return try await dataSource.character(identifier: identifier)
    }
}
