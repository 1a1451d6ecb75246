import AppHostKit

/// The statuses to choose from, the one chosen marked, and Apply.
@MainActor
struct CharacterFilterView {
    let viewModel: CharacterFilterViewModel

    @ViewBuilder
    var body: [Node] {
        Title("Filter characters")
        Section("Status") {
            for status in CharacterStatusFilter.allCases {
                Toggle(status.title, isOn: viewModel.selected == status) { [viewModel] _ in viewModel.didSelect(status) }
            }
        }
        Button("Apply") { [viewModel] in viewModel.didTapOnApplyButton() }
        Button("Cancel") { [viewModel] in viewModel.didTapOnCancelButton() }
    }
}
