import AppHostKit

/// The list of characters: a pure function of the view model's state.
@MainActor
struct CharacterListView {
    let viewModel: CharacterListViewModel

    @ViewBuilder
    var body: [Node] {
        Title("Characters")
        switch viewModel.state {
        case .idle, .loading:
            ProgressIndicator("Loading characters…")
        case .loaded(let characters):
            Text("\(characters.count) characters")
            List(characters) { character in
                Button("\(character.name) (\(character.status.rawValue))") { [viewModel] in
                    viewModel.didSelect(character)
                }
            }
        case .error(let message):
            ErrorMessage(message)
            Button("Retry") { [viewModel] in await viewModel.didTapOnRetryButton() }
        }
    }
}
