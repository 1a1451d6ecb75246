@testable import CharacterFeature

struct GetCharactersUseCaseMock: GetCharactersUseCaseContract {
    var result: Result<[Character], CharacterError> = .success([.rick, .morty])

    func execute() async throws(CharacterError) -> [Character] {
        try result.get()
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
}
