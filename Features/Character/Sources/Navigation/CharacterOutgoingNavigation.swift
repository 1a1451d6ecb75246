import AppHostKit

/// Where the Character feature sends people that another feature serves. Nothing here knows which:
/// the app redirects each value (see `Features/Shell`), or shows its not-found screen.
enum CharacterOutgoingNavigation: OutgoingNavigation {
    /// The episodes a character appears in.
    case episodes(characterIdentifier: Int)

    static let routeName = "character-outgoing"
    static let allDestinations: [CharacterOutgoingNavigation] = [.episodes(characterIdentifier: 1)]
}

/// The Character feature's URL deep links, `myapp://character[/list]` and `myapp://character/detail/ID`.
enum CharacterDeepLinks {
    static let hosts = ["myapp://character"]

    static func destination(for url: DeepLinkURL) -> CharacterNavigation? {
        switch url.pathComponents {
        case [], ["list"]:
            return .list
        case let path where path.count == 2 && path[0] == "detail":
            return Int(path[1]).map { .detail(identifier: $0) }
        default:
            return nil
        }
    }

    static func url(for destination: CharacterNavigation) -> String? {
        switch destination {
        case .list: "myapp://character/list"
        case .detail(let identifier): "myapp://character/detail/\(identifier)"
        case .picker: nil
        }
    }
}

/// What the list's filter calls back when a status is applied: the list's view model.
protocol CharacterFilterDelegate: AnyObject {
    func didApply(_ filter: CharacterStatusFilter)
}

/// Destinations that hold live values: the filter holds the list that presented it, as its delegate.
/// They are reached by navigating, never by a link, and `state` stops before them.
enum CharacterLiveNavigation: LiveNavigation {
    /// The list's filter, over the list as a full-screen cover, with the status chosen now.
    case filter(selected: CharacterStatusFilter, delegate: any CharacterFilterDelegate)

    static let routeName = "character-filter"
}
