nonisolated protocol GetCharacterUseCaseContract: Sendable {
    func execute(identifier: Int) async throws(CharacterError) -> Character
}

/// One character by identifier.
nonisolated struct GetCharacterUseCase: GetCharacterUseCaseContract {
    let repository: any CharacterRepositoryContract

    func execute(identifier: Int) async throws(CharacterError) -> Character {
        try await repository.character(identifier: identifier)
    }
}
