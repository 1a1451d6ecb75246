import AppHost
@testable import AppHostSupport
import AppHostTesting
import Foundation
import Synchronization

/// Runs a program to completion and captures what it wrote.
struct ProcessResult {
    var status: Int32
    var output: String
    var errors: String
}

enum ProcessRunner {
    static func run(
        _ executable: String, _ arguments: [String], input: String = "", environment: [String: String]? = nil, in folder: String? = nil
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        // Runs of apphost keep their registry cache apart from the user's, one per test process.
        var inherited = ProcessInfo.processInfo.environment
        inherited[RegistryCache.environmentVariable] = inherited[RegistryCache.environmentVariable] ?? testCache
        process.environment = inherited.merging(environment ?? [:]) { _, given in given }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a full pipe cannot block the child.
        let errorData = ErrorReader(stderr.fileHandleForReading)
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData.finish(), as: UTF8.self)
        )
    }

    /// The registry cache the runs of one test process share.
    /// Starts a program with a pipe on each of its standard streams, keeping its registry cache apart
    /// as `run` does; the caller speaks to it and waits for it.
    static func start(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:], in folder: String? = nil) throws -> RunningProcess {
        let running = RunningProcess()
        running.process.executableURL = URL(fileURLWithPath: executable)
        running.process.arguments = arguments
        if let folder { running.process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment[RegistryCache.environmentVariable] = environment[RegistryCache.environmentVariable] ?? testCache
        environment.merge(extra) { _, new in new }
        running.process.environment = environment
        running.process.standardInput = running.input
        running.process.standardOutput = running.output
        running.process.standardError = running.errors
        try running.process.run()
        return running
    }

    /// The registry cache of the programs this test run starts: a folder of the run's own (mkdtemp,
    /// 0700), removed with what is in it when the run ends.
    static let testCache: String = {
        do {
            let folder = try PrivateFolder(prefix: "apphost-test-cache")
            cacheFolder.withLock { $0 = folder }
            atexit { ProcessRunner.cacheFolder.withLock { $0?.remove() } }
            return folder.path
        } catch {
            fatalError("the tests' registry cache: \(error)")
        }
    }()

    private static let cacheFolder = Mutex<PrivateFolder?>(nil)

    /// The path of a program built by this package.
    static func built(_ name: String) -> String {
        URL(fileURLWithPath: AppHarness.buildDirectory).appendingPathComponent(name).path
    }
}

/// Reads a pipe on a thread of its own.
private final class ErrorReader: @unchecked Sendable {
    private let handle: FileHandle
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        self.handle = handle
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func finish() -> Data {
        done.wait()
        return data
    }
}

/// A program started with a pipe on each of its standard streams.
final class RunningProcess {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
}
