import SwiftUI

struct WhatsNewView: View {
    let viewModel: WhatsNewViewModel

    var body: some View {
        List {
            Text("Sheets, covers, alerts and confirmation dialogs")
            Text("Tabs and a split layout")
            Text("Deep links and state restoration")
        }
        .listStyle(.plain)
        .navigationTitle("What's new")
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button("Close") { viewModel.didTapOnCloseButton() }
            }
        }
    }
}
