import AppHostKit

/// The destinations of the Episode feature. No other feature imports this type: they reach it
/// through the app's redirects and through URL deep links (`myapp://episode/…`).
public enum EpisodeNavigation: Navigation {
    /// Every episode.
    case list
    /// The episodes a character appears in.
    case characterEpisodes(characterIdentifier: Int)
    /// One episode.
    case detail(identifier: Int)

    public static let routeName = "episode"
    public static let allDestinations: [EpisodeNavigation] = [.list, .characterEpisodes(characterIdentifier: 1), .detail(identifier: 1)]
}

/// Where the Episode feature sends people that another feature serves: the app redirects it.
enum EpisodeOutgoingNavigation: OutgoingNavigation {
    /// A character of an episode.
    case character(identifier: Int)

    static let routeName = "episode-outgoing"
    static let allDestinations: [EpisodeOutgoingNavigation] = [.character(identifier: 1)]
}

/// The Episode feature's URL deep links: `myapp://episode[/list]`, `myapp://episode/ID` and
/// `myapp://episode/character/ID`.
enum EpisodeDeepLinks {
    static func destination(for url: DeepLinkURL) -> EpisodeNavigation? {
        switch url.pathComponents {
        case [], ["list"]:
            return .list
        case let path where path.count == 1:
            return Int(path[0]).map { .detail(identifier: $0) }
        case let path where path.count == 2 && path[0] == "character":
            return Int(path[1]).map { .characterEpisodes(characterIdentifier: $0) }
        default:
            return nil
        }
    }
}
