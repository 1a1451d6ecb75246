@testable import CharacterFeature

/// Answers every query with `result`, narrowed by the query as the real use case does, and
/// records the queries.
final class GetCharactersUseCaseMock: GetCharactersUseCaseContract, @unchecked Sendable {
    // Read and written on the main actor only: the view models under test call it there.
    private(set) var queries: [CharacterQuery] = []
    private let result: Result<[Character], CharacterError>

    init(result: Result<[Character], CharacterError> = .success([.rick, .morty, .adjudicatorRick])) {
        self.result = result
    }

    func execute(matching query: CharacterQuery) async throws(CharacterError) -> [Character] {
        queries.append(query)
        return try result.get().filter(query.matches)
    }
}

struct GetCharacterUseCaseMock: GetCharacterUseCaseContract {
    var result: Result<Character, CharacterError> = .success(.rick)

    func execute(identifier: Int) async throws(CharacterError) -> Character {
        try result.get()
    }
}

extension Character {
    static let rick = Character(id: 1, name: "Rick Sanchez", status: .alive, species: "Human", origin: "Earth (C-137)", episodeCount: 51)
    static let morty = Character(id: 2, name: "Morty Smith", status: .alive, species: "Human", origin: "unknown", episodeCount: 51)
    static let adjudicatorRick = Character(id: 8, name: "Adjudicator Rick", status: .dead, species: "Human", origin: "unknown", episodeCount: 1)
}
