import AppHostKit

@MainActor
struct SyncStatusView {
    let viewModel: SyncStatusViewModel

    @ViewBuilder
    var body: [Node] {
        Title("Sync status")
        Text("Checks: \(viewModel.checks)")
        Text("Checking for \(viewModel.elapsedMilliseconds) ms")
    }
}
