import FoundationEssentials
import Glibc

/// Writes a session as a flow while it runs (`record FILE` … `record stop`): the start, every command
/// that changes the screen, and after each one a snapshot of the screen (drawn at the flows' width,
/// without colour) or the error it reported. `apphost test FILE` replays it and shows the first
/// screen that differs.
@MainActor
final class FlowRecorder {
    let path: String
    private(set) var steps = 0
    private let descriptor: Int32
    private let screens: String
    private let screensFolder: String

    init(path: String, session: Session) throws {
        let url = URL(fileURLWithPath: path)
        let base = url.deletingPathExtension().lastPathComponent
        screens = base + ".screens"
        screensFolder = url.deletingLastPathComponent().appendingPathComponent(screens).path
        try FileManager.default.createDirectory(atPath: screensFolder, withIntermediateDirectories: true)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw FlowError(path: path, line: nil, message: "cannot be written: \(String(cString: strerror(errno)))")
        }
        self.path = path
        self.descriptor = descriptor
        let state = session.state
        let start = state.shell ?? state.stacks[0].root.name
        write("# Recorded by apphost: replay with apphost test \(url.lastPathComponent)\n")
        write("start \(start)\n")
        write("open \(session.deepLink.description)\n")
        snapshot(session)
    }

    deinit {
        close(descriptor)
    }

    /// Records a command and what it did.
    func record(_ command: String, session: Session, errors: [String]) {
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
        let text = TextRenderer(width: FlowRunner.width).draw(layout)
        _ = FileManager.default.createFile(atPath: screensFolder + "/" + name, contents: Data(text.utf8))
        write("snapshot \(screens)/\(name)\n")
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
