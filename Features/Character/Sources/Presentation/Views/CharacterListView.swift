import AppHostKit

/// The list of characters: a pure function of the view model's state. The search field and the
/// filter come after the list, so the characters keep the numbers they have always had.
@MainActor
struct CharacterListView {
    let viewModel: CharacterListViewModel

    @ViewBuilder
    var body: [Node] {
        Title("Characters")
        switch viewModel.state {
        case .idle, .loading:
            ProgressIndicator("Loading characters…")
        case .loaded(let characters) where characters.isEmpty:
            Text("No characters match")
        case .loaded(let characters):
            Text(characters.count == 1 ? "1 character" : "\(characters.count) characters")
            List(characters) { character in
                Button("\(character.name) (\(character.status.rawValue))") { [viewModel] in
                    viewModel.didSelect(character)
                }
            }
        case .error(let message):
            ErrorMessage(message)
            Button("Retry") { [viewModel] in await viewModel.didTapOnRetryButton() }
        }
        TextField("Search", text: viewModel.searchText) { [viewModel] text in viewModel.searchText = text }
        Button("Filter: \(viewModel.filter.title)") { [viewModel] in viewModel.didTapOnFilterButton() }
    }
}
