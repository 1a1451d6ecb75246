import AppHostKit

/// The backups and what can be done to them.
struct BackupView {
    let viewModel: BackupViewModel

    @ViewBuilder
    var body: [Node] {
        Title("Backups")
        switch viewModel.state {
        case .idle, .loading:
            ProgressIndicator("Loading backups")
        case .loaded(let backups):
            Section("On the server") {
                ForEach(backups) { backup in
                    Text("\(backup.name) · \(backup.megabytes) MB")
                }
            }
        }
        Text(viewModel.message)
        if let compactionStatus = viewModel.compactionStatus {
            Text(compactionStatus)
        }
        Button("Back up now") { [viewModel] in await viewModel.didTapOnBackUpNowButton() }
        Button("Verify latest") { [viewModel] in await viewModel.didTapOnVerifyButton() }
        Button("Check server") { [viewModel] in await viewModel.didTapOnCheckServerButton() }
        Button("Sync") { [viewModel] in await viewModel.didTapOnSyncButton() }
        Button("Compact archive") { [viewModel] in viewModel.didTapOnCompactButton() }
        Button("Schedule") { [viewModel] in viewModel.didTapOnScheduleButton() }
    }
}
