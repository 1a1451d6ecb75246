import SwiftUI

struct SyncStatusView: View {
    let viewModel: SyncStatusViewModel

    var body: some View {
        VStack(alignment: .leading) {
            Text("Checks: \(viewModel.checks)")
                .monospacedDigit()
            Text("Checking for \(viewModel.elapsedMilliseconds) ms")
                .foregroundStyle(.secondary)
        }
        .navigationTitle("Sync status")
        .task { await viewModel.didAppear() }
    }
}
