import AppHostKit

@MainActor
struct WhatsNewView {
    let viewModel: WhatsNewViewModel

    @ViewBuilder
    var body: [Node] {
        Title("What's new")
        List {
            Text("Sheets, covers, alerts and confirmation dialogs")
            Text("Tabs and a split layout")
            Text("Deep links and state restoration")
        }
        Button("Close") { [viewModel] in viewModel.didTapOnCloseButton() }
    }
}
