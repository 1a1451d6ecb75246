import SwiftUI

/// The list of characters. The search field and the filter come after the list, so the characters
/// keep the numbers they have always had.
struct CharacterListView: View {
    @Bindable var viewModel: CharacterListViewModel

    var body: some View {
        content
            .searchable(text: $viewModel.searchText, prompt: "Search")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Button("Filter: \(viewModel.filter.title)") { viewModel.didTapOnFilterButton() }
                }
            }
            .navigationTitle("Characters")
            .task { await viewModel.didAppear() }
    }

    @ViewBuilder
    private var content: some View {
        switch viewModel.state {
        case .idle, .loading:
            ProgressView("Loading characters…")
        case .loaded(let characters) where characters.isEmpty:
            ContentUnavailableView("No characters match", systemImage: "person.slash")
        case .loaded(let characters):
            Text(characters.count == 1 ? "1 character" : "\(characters.count) characters")
                .font(.caption)
            List(characters) { character in
                Button("\(character.name) (\(character.status.rawValue))") { viewModel.didSelect(character) }
            }
            .listStyle(.plain)
        case .error(let message):
            ContentUnavailableView {
                Label(message, systemImage: "exclamationmark.triangle")
            } actions: {
                Button("Retry") { Task { await viewModel.didTapOnRetryButton() } }
            }
        }
    }
}
