nonisolated protocol CharacterRepositoryContract: Sendable {
    func characters() async throws(CharacterError) -> [Character]
    func character(identifier: Int) async throws(CharacterError) -> Character
}

/// Characters from a data source kept in memory.
nonisolated struct CharacterRepository: CharacterRepositoryContract {
    let dataSource: CharacterDataSource

    func characters() async throws(CharacterError) -> [Character] {
        dataSource.characters
    }

    func character(identifier: Int) async throws(CharacterError) -> Character {
        guard let character = dataSource.characters.first(where: { $0.id == identifier }) else {
            throw .notFound(identifier: identifier)
        }
        return character
    }
}
