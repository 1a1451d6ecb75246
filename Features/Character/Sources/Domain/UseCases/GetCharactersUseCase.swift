nonisolated protocol GetCharactersUseCaseContract: Sendable {
    func execute(matching query: CharacterQuery) async throws(CharacterError) -> [Character]
}

/// The characters a query matches, in the order the repository keeps them.
nonisolated struct GetCharactersUseCase: GetCharactersUseCaseContract {
    let repository: any CharacterRepositoryContract

    func execute(matching query: CharacterQuery) async throws(CharacterError) -> [Character] {
        try await repository.characters().filter(query.matches)
    }
}
