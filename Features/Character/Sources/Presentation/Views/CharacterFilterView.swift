import SwiftUI

/// The statuses to choose from, the one chosen marked, and Apply.
struct CharacterFilterView: View {
    let viewModel: CharacterFilterViewModel

    var body: some View {
        Form {
            Picker("Status", selection: Binding(get: { viewModel.selected }, set: { viewModel.didSelect($0) })) {
                ForEach(CharacterStatusFilter.allCases, id: \.self) { status in
                    Text(status.title).tag(status)
                }
            }
            .pickerStyle(.inline)
            Button("Apply") { viewModel.didTapOnApplyButton() }
            Button("Cancel", role: .cancel) { viewModel.didTapOnCancelButton() }
        }
        .navigationTitle("Filter characters")
    }
}
