import Synchronization

nonisolated protocol CharacterRepositoryContract: Sendable {
    func characters() async throws(CharacterError) -> [Character]
    func character(identifier: Int) async throws(CharacterError) -> Character
}

/// Characters from a data source, read when first asked for and then kept in memory.
nonisolated final class CharacterRepository: CharacterRepositoryContract {
    private let source: Mutex<Result<CharacterDataSource, CharacterError>?>
    private let load: @Sendable () throws(CharacterError) -> CharacterDataSource

    /// A repository over `load`'s data set (by default the feature's resources), read once.
    init(load: @escaping @Sendable () throws(CharacterError) -> CharacterDataSource = CharacterDataSource.fixtures) {
        self.source = Mutex(nil)
        self.load = load
    }

    private func dataSource() throws(CharacterError) -> CharacterDataSource {
        let result = source.withLock { kept in
            if let kept { return kept }
            let loaded: Result<CharacterDataSource, CharacterError>
            do throws(CharacterError) { loaded = .success(try load()) } catch { loaded = .failure(error) }
            kept = loaded
            return loaded
        }
        return try result.get()
    }

    // The data source leaves the main actor, as networking code does: a view model's await hops
    // to the global pool and back, and its result arrives after work on another thread.
    @concurrent func characters() async throws(CharacterError) -> [Character] {
        try dataSource().characters
    }

    @concurrent func character(identifier: Int) async throws(CharacterError) -> Character {
        guard let character = try dataSource().characters.first(where: { $0.id == identifier }) else {
            throw .notFound(identifier: identifier)
        }
        return character
    }
}
