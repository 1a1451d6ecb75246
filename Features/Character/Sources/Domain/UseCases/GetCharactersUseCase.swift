protocol GetCharactersUseCaseContract: Sendable {
    func execute() async throws(CharacterError) -> [Character]
}

/// Every character, in the order the repository keeps them.
struct GetCharactersUseCase: GetCharactersUseCaseContract {
    let repository: any CharacterRepositoryContract

    func execute() async throws(CharacterError) -> [Character] {
        try await repository.characters()
    }
}
