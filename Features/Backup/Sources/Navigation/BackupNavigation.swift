import AppHostKit

/// The destinations of the Backup feature.
public enum BackupNavigation: Navigation, CaseIterable {
    /// The backups, loaded from a server that takes its time, with what can be done to them.
    case main
    /// The schedule: a countdown to the next backup, ticking on deadlines it computes.
    case schedule

    public static let routeName = "backup"
}
