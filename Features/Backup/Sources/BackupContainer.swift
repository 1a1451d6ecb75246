import AppHostKit

/// Builds the Backup feature's view models and screens around one repository and one vendor SDK.
struct BackupContainer {
    let repository: any BackupRepositoryContract = BackupRepository()
    let cloud = VendorCloud()

    func makeScreen(for navigation: BackupNavigation, router: any RouterContract) -> Screen {
        switch navigation {
        case .main:
            Screen(BackupViewModel(repository: repository, cloud: cloud, router: router)) { BackupView(viewModel: $0).body }
        case .schedule:
            Screen(ScheduleViewModel(), task: { await $0.didAppear() }) { ScheduleView(viewModel: $0).body }
        }
    }
}
