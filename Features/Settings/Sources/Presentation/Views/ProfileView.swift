import SwiftUI

struct ProfileView: View {
    let viewModel: ProfileViewModel

    var body: some View {
        Form {
            TextField("Name", text: Binding(get: { viewModel.draftName }, set: { viewModel.didChangeName($0) }))
                .textContentType(.name)
            Text("Favourite character: \(viewModel.draftFavourite ?? "none")")
            Button("Choose favourite") { viewModel.didTapOnChooseFavouriteButton() }
            Divider()
            Button("Save") { viewModel.didTapOnSaveButton() }
            Button("Cancel", role: .cancel) { viewModel.didTapOnCancelButton() }
        }
        .navigationTitle("Profile")
    }
}
