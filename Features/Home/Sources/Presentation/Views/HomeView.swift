import SwiftUI

/// The start screen.
struct HomeView: View {
    let viewModel: HomeViewModel

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                Text("Welcome to AppHost. Every screen here comes from a feature library loaded at run time.")
                    .font(.body)
                    .foregroundStyle(.secondary)
                Section("Explore") {
                    Button("Characters") { viewModel.didTapOnCharactersButton() }
                    Button("Rick Sanchez") { viewModel.didTapOnCharacterButton() }
                    // About is a C feature: there is no Swift type to name, so the link is its route.
                    NavigationLink("About", value: viewModel.aboutRoute)
                }
            }
            .padding()
        }
        .navigationTitle("Home")
    }
}
