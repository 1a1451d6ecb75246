import AppHostKit

/// A list of characters to choose from.
@MainActor
struct CharacterPickerView {
    let viewModel: CharacterListViewModel

    @ViewBuilder
    var body: [Node] {
        Title("Choose a character")
        switch viewModel.state {
        case .idle, .loading:
            ProgressIndicator("Loading characters…")
        case .loaded(let characters):
            List(characters.prefix(5)) { character in
                Button(character.name) { [viewModel] in viewModel.didSelect(character) }
            }
        case .error(let message):
            ErrorMessage(message)
        }
        Button("Cancel") { [viewModel] in viewModel.didTapOnCancelButton() }
    }
}
