import AppHostKit

/// The start screen.
@MainActor
struct HomeView {
    let viewModel: HomeViewModel

    @ViewBuilder
    var body: [Node] {
        Title("Home")
        Text("Welcome to AppHost. Every screen here comes from a feature library loaded at run time.")
        Section("Explore") {
            Button("Characters") { [viewModel] in viewModel.didTapOnCharactersButton() }
            Button("Rick Sanchez") { [viewModel] in viewModel.didTapOnCharacterButton() }
            // About is a C feature: there is no Swift type to name, so the link names its route.
            Link("About", to: Route(name: "about", destination: "main"))
            Button("Gallery") { [viewModel] in viewModel.didTapOnGalleryButton() }
            Button("Backups") { [viewModel] in viewModel.didTapOnBackupsButton() }
            Button("Recipes") { [viewModel] in viewModel.didTapOnRecipesButton() }
        }
    }
}
