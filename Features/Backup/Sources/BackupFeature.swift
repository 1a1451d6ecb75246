import AppHostKit

/// The Backup feature: a server that takes its time, a vendor SDK that calls back on its own
/// thread, work handed to a detached task, and timers that compute their deadlines. Each of its
/// actions awaits in one of the ways app code waits; its flows show that a session waits as a
/// device would, only faster and exactly (docs/testing.md, "Time as on a device").
public struct BackupFeature: NavigationFeature {
    public static let root = BackupNavigation.main

    private let container = BackupContainer()

    public init() {}

    public func makeScreen(for destination: BackupNavigation, router: any RouterContract) -> Screen {
        container.makeScreen(for: destination, router: router)
    }
}
