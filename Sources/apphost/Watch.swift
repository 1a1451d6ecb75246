// `apphost --start NAME --watch`: the features folders are watched while the session runs.
// A feature file may appear or change (say, after swift build). Once it has stayed the same for
// a second, it is checked in a child (`apphost list`). If it loads, the host starts again in
// place (exec) with the current navigation state (`--open` of the state's deep link): a Swift
// image cannot be unloaded. The new process says on standard error what was reloaded. A change
// to a file in a feature's resources folder counts as a change to the feature. A rebuild that
// does not load is reported, and the session keeps running the last good build.

import AppHost
@_spi(Host) import AppHostKit
import AppHostOptions
import AppHostSupport
import CHostTerminal
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// The navigation state's deep link, as of the last command, and the commands that reach the
/// layers the views own from it: what a restart comes back to.
final class WatchState: Sendable {
    private let place = Mutex<(link: String, replay: [String])?>(nil)

    var current: String? {
        place.withLock { $0?.link }
    }

    var replay: [String] {
        place.withLock { $0?.replay ?? [] }
    }

    /// Where `session` is: its link, or, while its views own layers, the link their journey began at and its commands.
    @MainActor
    func update(_ session: Session) {
        let place = session.viewJourney.map { ($0.link, $0.commands) } ?? (session.deepLink.description, [])
        self.place.withLock { $0 = place }
    }
}

final class FeatureWatcher: Sendable {
    /// How often the folders are looked at.
    static let interval: useconds_t = 500_000
    /// The environment variable that tells the restarted process what was reloaded.
    static let reloadedVariable = "APPHOST_WATCH_RELOADED"
    /// The environment variable that hands the restarted process the commands that bring back the
    /// layers the views owned (a JSON array of command lines).
    static let replayVariable = "APPHOST_WATCH_REPLAY"

    /// The commands a reload hands this process to replay, taken once.
    static func takeReplay() -> [String]? {
        guard let text = ProcessInfo.processInfo.environment[replayVariable] else { return nil }
        unsetenv(replayVariable)
        return try? JSONDecoder().decode([String].self, from: Data(text.utf8))
    }

    /// A file as a look sees it; `apphost test --watch` compares them too.
    struct Signature: Equatable {
        var size: Int64
        var modified: Int
        var inode: UInt64
        /// The feature's resources folder's files (0 when it has none): a changed fixture reloads the feature.
        var resources: Int
    }

    private let directories: [String]
    private let state: WatchState
    private let arguments: [String]

    init(directories: [String], state: WatchState, arguments: [String]) {
        self.directories = directories
        self.state = state
        self.arguments = arguments
    }

    /// Says what the previous process reloaded, if this one was started by a reload.
    static func announceReload() {
        guard let reloaded = ProcessInfo.processInfo.environment[reloadedVariable] else { return }
        unsetenv(reloadedVariable)
        standardError("watch: reloaded \(reloaded); the session is back where it was\n")
    }

    func start() {
        // The files as they are now, taken before this returns and the first screen is drawn: taken
        // on the watching thread, a change made while that thread waited for a core (a busy
        // machine) would be its starting point and never be seen.
        let known = signatures()
        // A thread of its own for the life of the process: it sleeps between looks.
        DispatchQueue(label: "apphost.watch").async { [self] in watch(from: known) }
    }

    private func signatures() -> [String: Signature] {
        Self.librarySignatures(in: directories)
    }

    /// The signature of each feature library in `directories`, with its resources folder.
    static func librarySignatures(in directories: [String]) -> [String: Signature] {
        var result: [String: Signature] = [:]
        for directory in directories {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for name in names where FeatureDiscovery.isFeatureLibrary(name) {
                let path = directory + "/" + name
                result[path] = signature(of: path, resources: FeatureResourceFolder.of(library: path).map(FeatureResourceFolder.signature) ?? 0)
            }
        }
        return result
    }

    /// The signature of the file at `path`, nil if it is gone.
    static func signature(of path: String, resources: Int = 0) -> Signature? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Signature(
            size: Int64(status.st_size),
            modified: status.st_mtim.tv_sec * 1_000_000_000 + status.st_mtim.tv_nsec,
            inode: UInt64(status.st_ino),
            resources: resources
        )
    }

    /// The build databases of the packages whose build folders are watched: SwiftPM's `build.db`,
    /// written by every build, failed or not, a level or two above `.build/<triple>/debug`.
    static func buildDatabases(for directories: [String]) -> [String] {
        directories.compactMap { directory in
            guard let resolved = realpath(directory, nil) else { return nil }
            defer { free(resolved) }
            var folder = URL(fileURLWithPath: String(cString: resolved))
            for _ in 0..<2 {
                folder.deleteLastPathComponent()
                let database = folder.appendingPathComponent("build.db").path
                if FileManager.default.fileExists(atPath: database) { return database }
            }
            return nil
        }
    }

    private func watch(from start: [String: Signature]) {
        var known = start
        var pending: [String: Signature] = [:]
        let databases = Self.buildDatabases(for: directories)
        var builds = Dictionary(uniqueKeysWithValues: databases.map { ($0, Self.signature(of: $0)) })
        var building: [String: Signature?] = [:]
        var librariesChangedSinceBuild = false
        while true {
            usleep(Self.interval)
            // A build that ends without changing a library here most likely failed: the session still
            // runs what it loaded, which a person watching for a reload would not know.
            for database in databases {
                let signature = Self.signature(of: database)
                if signature != builds[database] ?? nil {
                    if let seen = building[database], seen == signature {
                        builds[database] = signature
                        building[database] = nil
                        if !librariesChangedSinceBuild {
                            let package = URL(fileURLWithPath: database).deletingLastPathComponent().deletingLastPathComponent().path
                            standardError("watch: a build of \(package) ended and changed no feature library; if it failed, the session still runs the libraries it loaded\n")
                        }
                        librariesChangedSinceBuild = false
                    } else {
                        if building[database] == nil { librariesChangedSinceBuild = false }
                        building[database] = signature
                    }
                }
            }
            let now = signatures()
            if now != known { librariesChangedSinceBuild = true }
            var settled: [String] = []
            for (path, signature) in now where known[path] != signature {
                // Acted on once it has stayed the same for a look: a build may still be writing it.
                if pending[path] == signature {
                    settled.append(path)
                } else {
                    pending[path] = signature
                }
            }
            guard !settled.isEmpty else { continue }
            for path in settled {
                // Written in place (the same file, not a new one renamed over it): a session holding the
                // old code mapped can crash at its next call into it.
                if let before = known[path], let after = now[path], before.inode == after.inode, before.size != after.size || before.modified != after.modified {
                    standardError("watch: \(URL(fileURLWithPath: path).lastPathComponent) was written in place; replace feature files by renaming a new one over them (cp writes in place, and a host running the old code can crash)\n")
                }
                known[path] = now[path]
                pending[path] = nil
            }
            let names = settled.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted()
            if let problem = check(settled) {
                standardError("watch: \(names.joined(separator: ", ")) changed but does not load: \(problem); the session keeps the last good build\n")
                continue
            }
            restart(reloaded: names.joined(separator: ", "))
        }
    }

    /// Why the changed files do not load (from a child `apphost list`), or nil if they do.
    private func check(_ paths: [String]) -> String? {
        let child: ChildProcess
        do {
            child = try ChildProcess.run(FeatureDiscovery.executablePath, ["list"] + directories.flatMap { ["--features", $0] })
        } catch {
            return "\(error)"
        }
        let said = String(decoding: child.errors, as: UTF8.self)
        let refused = said.split(separator: "\n").filter { line in paths.contains { line.contains($0) } }
        return refused.isEmpty ? nil : refused.map { String($0).trimmingWhitespace() }.joined(separator: "; ")
    }

    /// Starts this program again in place, with the same arguments and the current state opened.
    private func restart(reloaded: String) {
        var arguments = [FeatureDiscovery.executablePath]
        var skip = false
        for argument in self.arguments {
            if skip { skip = false; continue }
            if argument == "--open" { skip = true; continue }
            if argument.hasPrefix("--open=") { continue }
            arguments.append(argument)
        }
        if let link = state.current { arguments += ["--open", link] }
        setenv(Self.reloadedVariable, reloaded, 1)
        let replay = state.replay
        if !replay.isEmpty, let data = try? JSONEncoder().encode(replay) {
            setenv(Self.replayVariable, String(decoding: data, as: UTF8.self), 1)
        }
        // The terminal as the session found it (a full-screen session, a line editor mid-read).
        apphost_terminal_restore()
        apphost_terminal_reset_saved()
        let cArguments = arguments.map { strdup($0) } + [nil]
        execv(FeatureDiscovery.executablePath, cArguments)
        standardError("watch: cannot start \(FeatureDiscovery.executablePath) again: \(String(cString: strerror(errno)))\n")
    }
}
