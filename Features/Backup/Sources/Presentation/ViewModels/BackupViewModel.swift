import AppHostKit
import Observation

/// The backups screen: its state comes from a server that takes its time, and every action awaits
/// something (a pause before saving, an upload off the main actor, a detached checksum, a vendor's
/// callback).
@Observable
final class BackupViewModel: ViewModel {
    enum State: Equatable {
        case idle
        case loading
        case loaded([Backup])
    }

    private(set) var state = State.idle
    private(set) var message = "Nothing done yet"
    @ObservationIgnored private let repository: any BackupRepositoryContract
    @ObservationIgnored private let cloud: VendorCloud
    @ObservationIgnored private let router: any RouterContract
    @ObservationIgnored private let pauseBeforeSaving: Duration

    init(
        repository: any BackupRepositoryContract, cloud: VendorCloud, router: any RouterContract,
        pauseBeforeSaving: Duration = .milliseconds(300)
    ) {
        self.repository = repository
        self.cloud = cloud
        self.router = router
        self.pauseBeforeSaving = pauseBeforeSaving
    }

    /// The server's list, after its delay: the host awaits it before the screen is drawn.
    func load() async {
        state = .loading
        state = .loaded(await repository.backups())
    }

    /// A pause before saving (as apps debounce a save), then an upload off the main actor.
    func didTapOnBackUpNowButton() async {
        message = "Preparing…"
        try? await Task.sleep(for: pauseBeforeSaving)
        message = "Uploading…"
        let backup = await repository.upload(megabytes: 64)
        if case .loaded(let backups) = state { state = .loaded(backups + [backup]) }
        message = "Uploaded \(backup.name)"
    }

    /// The latest backup's checksum, worked out by a detached task the action awaits.
    func didTapOnVerifyButton() async {
        guard case .loaded(let backups) = state, let latest = backups.last else { return }
        message = "Verifying \(latest.name)…"
        message = "Checksum of \(latest.name): \(await repository.checksum(of: latest))"
    }

    /// The server's status, from the vendor's callback API.
    func didTapOnCheckServerButton() async {
        message = "Asking the server…"
        switch await cloud.status() {
        case .online(let version): message = "Server: online (\(version))"
        case .offline: message = "Server: offline"
        }
    }

    func didTapOnScheduleButton() {
        router.navigate(to: BackupNavigation.schedule)
    }
}
