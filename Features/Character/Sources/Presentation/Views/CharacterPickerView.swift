import SwiftUI

/// A list of characters to choose from.
struct CharacterPickerView: View {
    let viewModel: CharacterListViewModel

    var body: some View {
        content
            .navigationTitle("Choose a character")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { viewModel.didTapOnCancelButton() }
                }
            }
            .task { await viewModel.didAppear() }
    }

    @ViewBuilder
    private var content: some View {
        switch viewModel.state {
        case .idle, .loading:
            ProgressView("Loading characters…")
        case .loaded(let characters):
            List(characters.prefix(5)) { character in
                Button(character.name) { viewModel.didSelect(character) }
            }
        case .error(let message):
            Label(message, systemImage: "exclamationmark.triangle")
        }
    }
}
