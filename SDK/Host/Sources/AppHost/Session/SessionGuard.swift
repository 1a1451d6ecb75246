// A feature that crashes or hangs after it has loaded must not end a session
// silently. The guard (CHostGuard) catches the fatal signal, or the watchdog
// finds a command running past its limit; either way it names the feature
// library on the stack, writes one line to standard error and ends the process
// with `exitCode`. The state file, when there is one, is saved after each
// command has drawn its screens, so it holds the state from before the command
// that failed: the next run with it comes back there.

import AppHostLoading
import CHostGuard
import CHostProcess
import FoundationEssentials
import Glibc

/// Crash and hang handling for a session in the `apphost` process.
public enum SessionGuard {
    /// The exit status when a feature crashed or hung during a session.
    public static let exitCode: Int32 = 4
    /// The status a session ends with when a feature calls `exit()`, after a line naming the library.
    public static let featureExitCode: Int32 = APPHOST_GUARD_FEATURE_EXIT

    /// The default limit on one command, in seconds.
    public static let defaultLimit = 10

    nonisolated(unsafe) private static var installed = false

    /// Installs the signal handlers and the watchdog. Call once, from the main thread, before features load.
    public static func install(stateFile: String?) {
        let note = stateFile.map { "; \($0) holds the state from before it: run again with --state \($0) to come back" } ?? ""
        apphost_guard_install(exitCode, note)
        // The loader says when a library opens; the guard records its code then (one observer, however often this is called).
        if !installed { FeatureLoader.observeLoads { path, handle in register(library: path, handle: handle) } }
        installed = true
    }

    /// Records the code of the library `handle`, just loaded from `path`, so that a crash in it names it.
    package static func register(library path: String, handle: UnsafeMutableRawPointer) {
        // Reading and writing `installed` happens on the main thread only (install, then loads).
        guard installed else { return }
        path.withCString { name in
            // The callback runs during the call, with `name` alive; the guard copies it.
            _ = apphost_image_code_ranges(handle, { start, end, context in
                guard let context else { return }
                apphost_guard_add_image(context.assumingMemoryBound(to: CChar.self), start, end)
            }, UnsafeMutableRawPointer(mutating: name))
        }
    }

    /// Runs `body` with the watchdog set to `limit` seconds (0: no limit), naming `activity` if it fails.
    @MainActor
    public static func watch<Result>(_ activity: String, limit: Int, _ body: @MainActor () async -> Result) async -> Result {
        guard installed else { return await body() }
        apphost_guard_arm(activity, UInt32(clamping: max(limit, 0)))
        armed = (activity, max(limit, 0))
        defer {
            apphost_guard_disarm()
            armed = nil
        }
        return await body()
    }

    /// Starts the running command's limit again. A `wait` on virtual time calls it each time the
    /// clock moves on to the next deadline: the limit then bounds the work of each instant, which a
    /// hang exceeds, and not the whole wait, whose real length is the machine's load times the number
    /// of wake-ups (``Session/maximumWakeUps`` bounds those).
    @MainActor
    package static func renew() {
        guard installed, let armed, armed.limit > 0 else { return }
        apphost_guard_arm(armed.activity, UInt32(clamping: armed.limit))
    }

    /// The activity being watched and its limit, while a command runs.
    @MainActor private static var armed: (activity: String, limit: Int)?

    /// Runs `body`, a deliberate wait (`wait 300ms`), with the watchdog's limit for the command
    /// lengthened by `duration`, so a wait is never taken for a hang and a hang during it still is.
    @MainActor
    package static func extending<Result>(by duration: Duration, _ body: @MainActor () async -> Result) async -> Result {
        guard installed, let armed, armed.limit > 0 else { return await body() }
        let extra = Int(duration.components.seconds) + 1
        apphost_guard_arm(armed.activity, UInt32(clamping: armed.limit + extra))
        defer { apphost_guard_arm(armed.activity, UInt32(clamping: armed.limit)) }
        return await body()
    }
}
