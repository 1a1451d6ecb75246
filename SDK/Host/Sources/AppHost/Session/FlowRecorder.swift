import AppHostSupport
import FoundationEssentials
import Glibc

/// Writes a session as a flow while it runs (`record FILE` … `record stop`): the start, every command
/// that changes the screen, and after each one a snapshot of the screen (drawn at the flows' width,
/// without colour) or the error it reported. `apphost test FILE` replays it and shows the first
/// screen that differs.
@MainActor
package final class FlowRecorder {
    /// The width flows are drawn at, so that snapshots do not depend on the terminal.
    public static let width = 60

    package let path: String
    private(set) var steps = 0
    private let descriptor: Int32
    private let screens: String
    /// The screens' folder, inside ``root``.
    private let screensFolder: String
    private let root: WriteRoot

    /// Records into `name` inside `root` (its snapshots beside it, in `<name>.screens/`),
    /// replacing files that are there only when `existing` says so; `path` names it in messages.
    package init(name: String, root: WriteRoot, existing: WriteRoot.Existing, path: String, session: Session) throws(WriteRefusal) {
        let parts = name.split(separator: "/").map(String.init)
        let file = parts.last ?? name
        let base = file.hasSuffix(".flow") ? String(file.dropLast(5)) : file
        screens = base + ".screens"
        screensFolder = (parts.dropLast() + [screens]).joined(separator: "/")
        self.root = root
        try root.makeFolder(screensFolder, existing: existing)
        descriptor = try root.create(name, existing: existing)
        self.path = path
        let state = session.state
        let start = state.shell ?? state.stacks[0].root.name
        write("# Recorded by apphost: replay with apphost test \(file)\n")
        write("start \(start)\n")
        write("open \(session.deepLink.description)\n")
        snapshot(session)
    }

    deinit {
        close(descriptor)
    }

    /// Records a command and what it did.
    package func record(_ command: String, session: Session, errors: [String]) {
        write(command + "\n")
        steps += 1
        if let error = errors.last {
            // The message after the command's own text, which is what the assertion looks for.
            let message = error.split(separator: ":", maxSplits: 1).dropFirst().first.map { String($0).trimmingSpaces } ?? error
            write("error \(message)\n")
        } else {
            snapshot(session)
        }
    }

    private func snapshot(_ session: Session) {
        guard let layout = session.current?.layout else { return }
        let name = String(repeating: "0", count: max(3 - String(steps).count, 0)) + "\(steps).screen"
        let text = TextRenderer(width: Self.width).draw(layout)
        // A snapshot that cannot be written shows when the flow is replayed: its step names the file.
        try? root.write(Array(text.utf8), to: screensFolder + "/" + name, existing: .replace)
        write("snapshot \(screens)/\(name)\n")
    }

    private func write(_ text: String) {
        Descriptor.writeAll(descriptor, text)
    }
}
