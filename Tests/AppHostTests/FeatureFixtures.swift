import AppHost
@testable import AppHostSupport
import AppHostTesting
import Foundation

/// A temporary features directory holding good and broken libraries, removed when the test ends.
struct FeatureFixtures: ~Copyable {
    let directory: URL

    init() throws {
        // A new folder of the test's own (mkdtemp, 0700).
        directory = URL(fileURLWithPath: try PrivateFolder(prefix: "apphost-fixtures").path)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Links a feature built by this package into the directory; a link, so the process loads one image of it.
    @discardableResult
    func addBuiltFeature(_ name: String) throws -> String {
        let path = path("lib\(name)Feature.so")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: AppHarness.libraryPath(name))
        return path
    }

    /// Copies a fixture library built by this package under a feature's file name.
    @discardableResult
    func addFixture(_ product: String, as name: String) throws -> String {
        let source = URL(fileURLWithPath: AppHarness.buildDirectory).appendingPathComponent("lib\(product).so")
        let path = path(name)
        try FileManager.default.copyItem(atPath: source.path, toPath: path)
        return path
    }

    /// Writes an executable script. The file is opened close-on-exec: a child that another test forks
    /// meanwhile must not carry a writable copy of it into its own program, or starting the script fails
    /// with "Text file busy".
    func addScript(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw POSIXError(.EIO) }
        return path
    }

    /// Copies an executable or a library in, written close-on-exec as ``addScript(_:_:)`` writes: a
    /// copy made with FileManager stays open for writing in any child another test forks meanwhile,
    /// and running the copy then fails with "Text file busy".
    @discardableResult
    func copyExecutable(_ source: String, as name: String) throws -> String {
        let path = path(name)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: source)))
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            guard written > 0 else { throw POSIXError(.EIO) }
            offset += written
        }
        return path
    }

    /// Writes a text file where a library is expected.
    @discardableResult
    func addTextFile(named name: String) throws -> String {
        let path = path(name)
        let text = String(repeating: "This is a text file, not a shared object.\n", count: 4)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
