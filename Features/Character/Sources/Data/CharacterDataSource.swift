/// The built-in data set: the feature works with no network.
nonisolated struct CharacterDataSource: Sendable {
    let characters: [Character]

    static let builtIn = CharacterDataSource(characters: [
        Character(id: 1, name: "Rick Sanchez", status: .alive, species: "Human", origin: "Earth (C-137)", episodeCount: 51),
        Character(id: 2, name: "Morty Smith", status: .alive, species: "Human", origin: "unknown", episodeCount: 51),
        Character(id: 3, name: "Summer Smith", status: .alive, species: "Human", origin: "Earth (Replacement Dimension)", episodeCount: 42),
        Character(id: 4, name: "Beth Smith", status: .alive, species: "Human", origin: "Earth (Replacement Dimension)", episodeCount: 42),
        Character(id: 5, name: "Jerry Smith", status: .alive, species: "Human", origin: "Earth (Replacement Dimension)", episodeCount: 39),
        Character(id: 6, name: "Abadango Cluster Princess", status: .alive, species: "Alien", origin: "Abadango", episodeCount: 1),
        Character(id: 7, name: "Abradolf Lincler", status: .unknown, species: "Human", origin: "Earth (Replacement Dimension)", episodeCount: 2),
        Character(id: 8, name: "Adjudicator Rick", status: .dead, species: "Human", origin: "unknown", episodeCount: 1),
        Character(id: 9, name: "Agency Director", status: .dead, species: "Human", origin: "Earth (Replacement Dimension)", episodeCount: 1),
        Character(id: 10, name: "Alan Rails", status: .dead, species: "Human", origin: "unknown", episodeCount: 1),
        Character(id: 11, name: "Albert Einstein", status: .dead, species: "Human", origin: "Earth (C-137)", episodeCount: 1),
        Character(id: 12, name: "Alexander", status: .dead, species: "Human", origin: "Earth (C-137)", episodeCount: 1),
        Character(id: 13, name: "Alien Googah", status: .unknown, species: "Alien", origin: "unknown", episodeCount: 1),
        Character(id: 14, name: "Alien Morty", status: .unknown, species: "Alien", origin: "unknown", episodeCount: 1),
        Character(id: 15, name: "Alien Rick", status: .unknown, species: "Alien", origin: "unknown", episodeCount: 1),
        Character(id: 16, name: "Amish Cyborg", status: .dead, species: "Alien", origin: "unknown", episodeCount: 1),
        Character(id: 17, name: "Annie", status: .alive, species: "Human", origin: "Earth (C-137)", episodeCount: 1),
        Character(id: 18, name: "Antenna Morty", status: .alive, species: "Human", origin: "unknown", episodeCount: 2),
        Character(id: 19, name: "Antenna Rick", status: .unknown, species: "Human", origin: "unknown", episodeCount: 1),
        Character(id: 20, name: "Ants in my Eyes Johnson", status: .unknown, species: "Human", origin: "unknown", episodeCount: 1),
        Character(id: 21, name: "Aqua Morty", status: .unknown, species: "Humanoid", origin: "unknown", episodeCount: 2),
        Character(id: 22, name: "Aqua Rick", status: .unknown, species: "Humanoid", origin: "unknown", episodeCount: 3),
        Character(id: 23, name: "Arcade Alien", status: .unknown, species: "Alien", origin: "unknown", episodeCount: 4),
        Character(id: 24, name: "Armagheadon", status: .alive, species: "Alien", origin: "Signus 5 Expanse", episodeCount: 1),
    ])
}
