import AppHostKit
import Observation

/// The backups screen: its state comes from a server that takes its time, and its actions wait in
/// the ways app code waits: a pause before saving, an upload off the main actor, a detached
/// checksum, a vendor's callback, a flag polled by yielding, and work left to a detached task.
@Observable
final class BackupViewModel: ViewModel {
    enum State: Equatable {
        case idle
        case loading
        case loaded([Backup])
    }

    private(set) var state = State.idle
    private(set) var message = "Nothing done yet"
    /// The compaction's progress, once one has started: a line of its own, so that what other
    /// actions say is never overwritten by work that ends whenever it ends.
    private(set) var compactionStatus: String?
    @ObservationIgnored private let repository: any BackupRepositoryContract
    @ObservationIgnored private let cloud: VendorCloud
    @ObservationIgnored private let router: any RouterContract
    @ObservationIgnored private let pauseBeforeSaving: Duration
    @ObservationIgnored private let compactor: ArchiveCompactor
    /// The compaction running in the background, cancelled when the screen's view model goes.
    @ObservationIgnored private var compaction: Task<Void, Never>?

    init(
        repository: any BackupRepositoryContract, cloud: VendorCloud, router: any RouterContract,
        pauseBeforeSaving: Duration = .milliseconds(300), compactor: ArchiveCompactor = ArchiveCompactor()
    ) {
        self.repository = repository
        self.cloud = cloud
        self.router = router
        self.pauseBeforeSaving = pauseBeforeSaving
        self.compactor = compactor
    }

    isolated deinit {
        compaction?.cancel()
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

    /// Syncs through the vendor's SDK, which offers a flag to poll: the action yields until it
    /// turns, as code written against such an SDK does.
    func didTapOnSyncButton() async {
        message = "Syncing…"
        cloud.startSync()
        while !cloud.isSynced {
            await Task.yield()
        }
        message = "Synced with the server"
    }

    /// Compacts the archive in a detached task, which the action does not await: the screen says
    /// so at once and stays usable; the result is shown when the work ends.
    func didTapOnCompactButton() {
        compactionStatus = "Compacting the archive in the background…"
        let compactor = compactor
        compaction = Task.detached(priority: .background) { [weak self] in
            let saved = compactor.compact()
            guard !Task.isCancelled else { return }
            await self?.didCompact(saving: saved)
        }
    }

    private func didCompact(saving megabytes: Int) {
        compactionStatus = "Compacted the archive: \(megabytes) MB saved"
    }

    func didTapOnScheduleButton() {
        router.navigate(to: BackupNavigation.schedule)
    }
}
