import Foundation

/// strace, for the tests that slow a process's system calls to widen a race on every run.
enum Strace {
    /// strace's path, or nil where it is not installed or cannot trace (a container without
    /// ptrace): then the test says what it did not check, and passes.
    static func usable(toCheck what: String) throws -> String? {
        guard let strace = ["/usr/bin/strace", "/bin/strace"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("note: strace is not installed; \(what) was not checked (CI installs it)")
            return nil
        }
        let probe = try ProcessRunner.run(strace, ["-qq", "-o", "/dev/null", "true"])
        guard probe.status == 0 else {
            print("note: strace cannot trace here (\(probe.errors.trimmingCharacters(in: .whitespacesAndNewlines))); \(what) was not checked")
            return nil
        }
        return strace
    }
}
