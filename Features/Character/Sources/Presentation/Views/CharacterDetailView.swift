import SwiftUI

/// One character's detail.
struct CharacterDetailView: View {
    let viewModel: CharacterDetailViewModel

    var body: some View {
        content
            .navigationTitle(title)
            .navigationBarTitleDisplayMode(.inline)
    }

    private var title: String {
        if case .loaded(let character) = viewModel.state { character.name } else { "Character \(viewModel.identifier)" }
    }

    @ViewBuilder
    private var content: some View {
        switch viewModel.state {
        case .idle, .loading:
            ProgressView("Loading character \(viewModel.identifier)…")
        case .loaded(let character):
            Section("Profile") {
                Text("Status: \(character.status.rawValue)")
                Text("Species: \(character.species)")
                Text("Origin: \(character.origin)")
                Text("Episodes: \(character.episodeCount)")
            }
            Divider()
            Button("Back") { viewModel.didTapOnBackButton() }
            Button("Home") { viewModel.didTapOnHomeButton() }
            Button("View episodes") { viewModel.didTapOnEpisodesButton() }
        case .error(let message):
            Label(message, systemImage: "exclamationmark.triangle")
            Button("Retry") { Task { await viewModel.didTapOnRetryButton() } }
            Button("Back") { viewModel.didTapOnBackButton() }
        }
    }
}
