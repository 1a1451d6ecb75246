import Testing

@testable import CharacterFeature

@Suite
struct CharacterRepositoryTests {
    private let sut = CharacterRepository()

    @Test
    func theDataSetShippedInTheResourcesHasAtLeastTwentyCharactersWithUniqueIdentifiers() async throws {
        let characters = try await sut.characters()

        #expect(characters.count >= 20)
        #expect(Set(characters.map(\.id)).count == characters.count)
    }

    @Test
    func findsACharacterByIdentifier() async throws {
        #expect(try await sut.character(identifier: 2).name == "Morty Smith")
    }

    @Test
    func aDataSetThatCannotBeReadMakesTheCharactersUnavailableWithTheReason() async {
        let broken = CharacterRepository(load: { () throws(CharacterError) in throw .unavailable("no characters.json") })

        await #expect(throws: CharacterError.unavailable("no characters.json")) {
            try await broken.characters()
        }
    }

    @Test
    func anUnknownIdentifierIsNotFound() async {
        await #expect(throws: CharacterError.notFound(identifier: 404)) {
            try await sut.character(identifier: 404)
        }
    }
}
