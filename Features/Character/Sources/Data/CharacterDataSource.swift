import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the characters come from: the show's public API.
nonisolated protocol CharacterDataSourceContract: Sendable {
    func characters() async throws(CharacterError) -> [Character]
    func character(identifier: Int) async throws(CharacterError) -> Character
}

/// The Rick and Morty API over `URLSession`, as the app ships it. In AppHost the answers come
/// from the recordings in the feature's resources (`Network/`), served to `URLSession.shared`.
nonisolated struct CharacterRemoteDataSource: CharacterDataSourceContract {
    static let baseURL = URL(string: "https://rickandmortyapi.com/api")!

    private let session: URLSession

    init(session: URLSession = .shared) {
        self.session = session
    }

    func characters() async throws(CharacterError) -> [Character] {
        do throws(FetchError) {
            let page: CharacterPageDTO = try await request(Self.baseURL.appendingPathComponent("character"))
            return page.results.map(\.character)
        } catch {
            throw error.characterError(notFound: .unavailable("the characters are not found"))
        }
    }

    func character(identifier: Int) async throws(CharacterError) -> Character {
        do throws(FetchError) {
            let character: CharacterDTO = try await request(Self.baseURL.appendingPathComponent("character/\(identifier)"))
            return character.character
        } catch {
            throw error.characterError(notFound: .notFound(identifier: identifier))
        }
    }

    private enum FetchError: Error {
        case notFound
        case failed(String)

        func characterError(notFound: CharacterError) -> CharacterError {
            switch self {
            case .notFound: notFound
            case .failed(let reason): .unavailable(reason)
            }
        }
    }

    private func request<Value: Decodable>(_ url: URL) async throws(FetchError) -> Value {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(from: url)
        } catch {
            throw .failed((error as? URLError).map { "\($0.localizedDescription)" } ?? "\(error)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if status == 404 { throw .notFound }
        guard (200..<300).contains(status) else { throw .failed("\(url.absoluteString) answered \(status)") }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw .failed("\(url.absoluteString): \(error)")
        }
    }
}

/// A page of characters as the API gives it.
nonisolated struct CharacterPageDTO: Decodable, Sendable {
    let results: [CharacterDTO]
}

/// A character as the API gives it.
nonisolated struct CharacterDTO: Decodable, Sendable {
    struct Origin: Decodable, Sendable {
        let name: String
    }

    let id: Int
    let name: String
    let status: String
    let species: String
    let origin: Origin
    let episode: [String]

    var character: Character {
        Character(
            id: id, name: name, status: Character.Status(rawValue: status.capitalized) ?? .unknown,
            species: species, origin: origin.name, episodeCount: episode.count
        )
    }
}
