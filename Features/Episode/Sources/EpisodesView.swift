import SwiftUI

/// The Episode screens: the show's episodes, a character's, or one episode's detail.
struct EpisodesView: View {
    let model: EpisodesViewModel

    var body: some View {
        content
            .navigationTitle(title)
            .task { await model.didAppear() }
    }

    private var title: String {
        switch model.state {
        case .episode(let episode):
            episode.name
        default:
            switch model.destination {
            case .list: "Episodes"
            case .characterEpisodes(let character): "Episodes of \(model.name(of: character))"
            case .detail(let identifier): "Episode \(identifier)"
            }
        }
    }

    @ViewBuilder
    private var content: some View {
        switch model.state {
        case .loading:
            ProgressView("Loading episodes…")
        case .episodes(let episodes):
            Text(episodes.isEmpty ? "No episodes" : "\(episodes.count) episode\(episodes.count == 1 ? "" : "s")")
            List(episodes, id: \.id) { episode in
                Button("\(episode.code) \(episode.name)") { model.didSelect(episode) }
            }
            if case .characterEpisodes = model.destination {
                Button("All episodes") { model.didTapOnAllEpisodesButton() }
            }
            Button("Back") { model.didTapOnBackButton() }
        case .episode(let episode):
            Text("\(episode.code), aired \(episode.airDate)")
            Section("Characters") {
                ForEach(episode.characters, id: \.self) { character in
                    Button(model.name(of: character)) { model.didSelectCharacter(character) }
                }
            }
            Button("Back") { model.didTapOnBackButton() }
        case .error(let message):
            Label(message, systemImage: "exclamationmark.triangle")
            Button("Back") { model.didTapOnBackButton() }
        }
    }
}
