/// Where backups are kept: a server in the app, a mock with a server's delays here (as apps' mock
/// repositories have, for previews and demos). Tests inject no delay.
nonisolated protocol BackupRepositoryContract: Sendable {
    /// The backups on the server.
    func backups() async -> [Backup]
    /// Uploads a new backup and returns it.
    func upload(megabytes: Int) async -> Backup
    /// The checksum of `backup`, worked out away from the caller.
    func checksum(of backup: Backup) async -> String
}

/// The mock server: each answer comes after a delay, as a network's would.
nonisolated struct BackupRepository: BackupRepositoryContract {
    /// How long the server takes to list the backups.
    var listDelay: Duration = .milliseconds(500)
    /// How long an upload takes.
    var uploadDelay: Duration = .milliseconds(300)
    /// How long a checksum takes.
    var checksumDelay: Duration = .milliseconds(200)

    private static let stored = [Backup(name: "Monday", megabytes: 120), Backup(name: "Tuesday", megabytes: 96)]

    /// Awaited on the caller's actor (a nonisolated async function stays there).
    func backups() async -> [Backup] {
        try? await Task.sleep(for: listDelay)
        return Self.stored
    }

    /// Leaves the caller's actor, as networking code does, and sleeps there.
    @concurrent func upload(megabytes: Int) async -> Backup {
        try? await Task.sleep(for: uploadDelay)
        return Backup(name: "Today", megabytes: megabytes)
    }

    /// Heavy work goes to a detached task, whose value the caller awaits.
    func checksum(of backup: Backup) async -> String {
        let delay = checksumDelay
        let work = Task.detached(priority: .utility) { () -> String in
            try? await Task.sleep(for: delay)
            var sum: UInt32 = 2_166_136_261
            for byte in backup.name.utf8 { sum = (sum ^ UInt32(byte)) &* 16_777_619 }
            return String(sum % 0x10000, radix: 16)
        }
        return await work.value
    }
}
