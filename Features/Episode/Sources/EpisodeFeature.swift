import AppHostKit
import Observation
import SwiftUI

/// The Episode feature: the show's episodes, those of one character, and one episode's detail.
/// It knows nothing of the Character feature: a character's episodes arrive as the app's redirect
/// of Character's outgoing value, and an episode's characters leave as its own outgoing value.
public struct EpisodeFeature: NavigationFeature {
    public static let root = EpisodeNavigation.list
    public static let outgoing: [any OutgoingNavigation.Type] = [EpisodeOutgoingNavigation.self]
    public static let deepLinkHosts = ["myapp://episode"]

    public init() {}

    public static func destination(for url: DeepLinkURL) -> EpisodeNavigation? {
        EpisodeDeepLinks.destination(for: url)
    }

    public static func url(for destination: EpisodeNavigation) -> String? {
        switch destination {
        case .list: "myapp://episode/list"
        case .characterEpisodes(let character): "myapp://episode/character/\(character)"
        case .detail(let identifier): "myapp://episode/\(identifier)"
        }
    }

    public func makeScreen(for destination: EpisodeNavigation, router: any RouterContract) -> Screen {
        Screen(EpisodesViewModel(destination: destination, router: router)) { EpisodesView(model: $0) }
    }
}

/// What an episode screen shows.
enum EpisodesState: Equatable {
    case loading
    case episodes([Episode])
    case episode(Episode)
    case error(String)
}

/// The view model of every Episode screen: it reads the episodes and picks what its destination shows.
@MainActor
@Observable
final class EpisodesViewModel {
    let destination: EpisodeNavigation
    private(set) var state: EpisodesState = .loading
    /// The cast, to name characters by.
    private(set) var catalogue: EpisodeCatalogue?
    private let router: any RouterContract

    init(destination: EpisodeNavigation, router: any RouterContract) {
        self.destination = destination
        self.router = router
    }

    func didAppear() async {
        let all: [Episode]
        do {
            let catalogue = try EpisodeRepository.catalogue()
            self.catalogue = catalogue
            all = catalogue.episodes
        } catch {
            state = .error(error.description)
            return
        }
        switch destination {
        case .list:
            state = .episodes(all)
        case .characterEpisodes(let character):
            state = .episodes(all.filter { $0.characters.contains(character) })
        case .detail(let identifier):
            state = all.first { $0.id == identifier }.map(EpisodesState.episode) ?? .error("episode \(identifier) not found")
        }
    }

    func didSelect(_ episode: Episode) {
        router.navigate(to: EpisodeNavigation.detail(identifier: episode.id))
    }

    /// The name of character `identifier`, as the cast gives it.
    func name(of identifier: Int) -> String {
        catalogue?.name(of: identifier) ?? "Character \(identifier)"
    }

    func didSelectCharacter(_ identifier: Int) {
        router.navigate(to: EpisodeOutgoingNavigation.character(identifier: identifier))
    }

    func didTapOnAllEpisodesButton() {
        router.navigate(to: EpisodeNavigation.list)
    }

    func didTapOnBackButton() {
        router.goBack()
    }
}
