import AppHostTesting
import Foundation
import Testing

@testable import CharacterFeature

/// A data source that answers from memory and counts what it was asked.
private final class CharacterDataSourceStub: CharacterDataSourceContract, @unchecked Sendable {
    // Written by the tests' awaits one at a time.
    private(set) var listRequests = 0
    private(set) var characterRequests = 0
    var result: Result<[Character], CharacterError> = .success([.rick, .morty])

    func characters() async throws(CharacterError) -> [Character] {
        listRequests += 1
        return try result.get()
    }

    func character(identifier: Int) async throws(CharacterError) -> Character {
        characterRequests += 1
        guard let character = try result.get().first(where: { $0.id == identifier }) else { throw .notFound(identifier: identifier) }
        return character
    }
}

@Suite
struct CharacterRepositoryTests {
    @Test
    func theListIsFetchedOnceAndThenKept() async throws {
        let source = CharacterDataSourceStub()
        let sut = CharacterRepository(dataSource: source)

        let first = try await sut.characters()
        let second = try await sut.characters()

        #expect(first == [.rick, .morty])
        #expect(second == first)
        #expect(source.listRequests == 1)
    }

    @Test
    func aFailedFetchIsNotKept() async throws {
        let source = CharacterDataSourceStub()
        source.result = .failure(.unavailable("offline"))
        let sut = CharacterRepository(dataSource: source)

        await #expect(throws: CharacterError.unavailable("offline")) { try await sut.characters() }
        source.result = .success([.rick])
        #expect(try await sut.characters() == [.rick])
    }

    @Test
    func aCharacterIsFetchedByItsOwnURLUntilTheListIsKeptAndThenTakenFromIt() async throws {
        let source = CharacterDataSourceStub()
        let sut = CharacterRepository(dataSource: source)

        let before = try await sut.character(identifier: 2)
        _ = try await sut.characters()
        let after = try await sut.character(identifier: 2)

        #expect(before == .morty)
        #expect(after == .morty)
        #expect(source.characterRequests == 1)
    }

    @Test(arguments: [false, true])
    func anUnknownIdentifierIsNotFound(listKept: Bool) async throws {
        let sut = CharacterRepository(dataSource: CharacterDataSourceStub())
        if listKept { _ = try await sut.characters() }

        await #expect(throws: CharacterError.notFound(identifier: 404)) {
            try await sut.character(identifier: 404)
        }
    }
}

/// The real data source, over `URLSession.shared`, answered by the feature's recorded answers.
@Suite
struct CharacterRemoteDataSourceTests {
    private static let recordings = URL(fileURLWithPath: AppHarness.buildDirectory)
        .appendingPathComponent("AppHost_CharacterFeature.resources/Network").path

    init() throws {
        try AppHarness.serveRecordedNetwork([Self.recordings])
    }

    @Test
    func theRecordedListHasTwentyFourCharactersWithUniqueIdentifiers() async throws {
        let characters = try await CharacterRemoteDataSource().characters()

        #expect(characters.count == 24)
        #expect(Set(characters.map(\.id)).count == characters.count)
        #expect(characters.first == Character(id: 1, name: "Rick Sanchez", status: .alive, species: "Human", origin: "Earth (C-137)", episodeCount: 11))
    }

    @Test
    func aCharacterIsFetchedByItsOwnURL() async throws {
        #expect(try await CharacterRemoteDataSource().character(identifier: 2).name == "Morty Smith")
    }

    @Test
    func aRequestNoRecordingAnswersFailsNamingItsURL() async {
        await #expect(throws: CharacterError.unavailable("no recorded answer for GET https://rickandmortyapi.com/api/character/404")) {
            try await CharacterRemoteDataSource().character(identifier: 404)
        }
    }
}
