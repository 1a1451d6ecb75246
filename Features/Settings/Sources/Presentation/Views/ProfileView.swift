import AppHostKit

@MainActor
struct ProfileView {
    let viewModel: ProfileViewModel

    @ViewBuilder
    var body: [Node] {
        Title("Profile")
        TextField("Name", text: viewModel.draftName) { [viewModel] in viewModel.didChangeName($0) }
        Text("Favourite character: \(viewModel.draftFavourite ?? "none")")
        Button("Choose favourite") { [viewModel] in viewModel.didTapOnChooseFavouriteButton() }
        Divider()
        Button("Save") { [viewModel] in viewModel.didTapOnSaveButton() }
        Button("Cancel") { [viewModel] in viewModel.didTapOnCancelButton() }
    }
}
