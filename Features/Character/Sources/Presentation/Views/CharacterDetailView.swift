import AppHostKit

/// One character's detail: a pure function of the view model's state.
@MainActor
struct CharacterDetailView {
    let viewModel: CharacterDetailViewModel

    @ViewBuilder
    var body: [Node] {
        switch viewModel.state {
        case .idle, .loading:
            Title("Character \(viewModel.identifier)")
            ProgressIndicator("Loading character \(viewModel.identifier)…")
        case .loaded(let character):
            Title(character.name)
            Section("Profile") {
                Text("Status: \(character.status.rawValue)")
                Text("Species: \(character.species)")
                Text("Origin: \(character.origin)")
                Text("Episodes: \(character.episodeCount)")
            }
            Divider()
            Button("Back") { [viewModel] in viewModel.didTapOnBackButton() }
            Button("Home") { [viewModel] in viewModel.didTapOnHomeButton() }
            Button("View episodes") { [viewModel] in viewModel.didTapOnEpisodesButton() }
        case .error(let message):
            Title("Character \(viewModel.identifier)")
            ErrorMessage(message)
            Button("Retry") { [viewModel] in await viewModel.didTapOnRetryButton() }
            Button("Back") { [viewModel] in viewModel.didTapOnBackButton() }
        }
    }
}
