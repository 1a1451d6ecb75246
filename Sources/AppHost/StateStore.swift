@_spi(Host) import AppHostKit
import Foundation

/// Keeps a session's navigation state in a file, so the next run comes back where this one left.
///
/// The file is JSON with a format version. It is written after every change,
/// atomically: to `FILE.tmp`, then renamed over `FILE`. A file that cannot be
/// read or decoded is moved aside to `FILE.corrupt` and reported; nothing is
/// dropped without a word.
public struct StateStore: Sendable {
    /// The format this host writes and reads.
    public static let formatVersion = 1

    /// The state file.
    public let path: String

    /// What loading found.
    public enum Loaded: Equatable, Sendable {
        /// There is no file yet.
        case missing
        /// The saved state.
        case state(AppState)
        /// The file was unusable; it was moved to `movedTo` (nil if even that failed).
        case corrupt(reason: String, movedTo: String?)
    }

    /// Why the state could not be saved.
    public struct SaveError: Error, CustomStringConvertible {
        /// What went wrong, naming the file.
        public var description: String
    }

    private struct File: Codable {
        var version: Int
        var state: AppState
    }

    private struct Header: Decodable {
        var version: Int
    }

    /// A store for the file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// Reads the file; moves an unusable one aside.
    public func load() -> Loaded {
        guard FileManager.default.fileExists(atPath: path) else { return .missing }
        guard let data = FileManager.default.contents(atPath: path) else {
            return moveAside(reason: "cannot be read")
        }
        let decoder = JSONDecoder()
        guard let header = try? decoder.decode(Header.self, from: data) else {
            return moveAside(reason: "is not a state file (no JSON object with a version)")
        }
        guard header.version == Self.formatVersion else {
            return moveAside(reason: "has format version \(header.version), this host reads version \(Self.formatVersion)")
        }
        let file: File
        do {
            file = try decoder.decode(File.self, from: data)
        } catch {
            return moveAside(reason: "cannot be decoded: \(Self.describe(error))")
        }
        guard !file.state.stacks.isEmpty, file.state.stacks.indices.contains(file.state.selected) else {
            return moveAside(reason: "holds no stack to show")
        }
        return .state(file.state)
    }

    /// Writes `state`, atomically.
    public func save(_ state: AppState) throws(SaveError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let temporary = path + ".tmp"
        do {
            let data = try encoder.encode(File(version: Self.formatVersion, state: state))
            try data.write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, path) == 0 else {
                throw SaveError(description: "\(path): cannot replace it: \(String(cString: strerror(errno)))")
            }
        } catch let error as SaveError {
            throw error
        } catch {
            throw SaveError(description: "\(path): cannot write it: \(error.localizedDescription)")
        }
    }

    private func moveAside(reason: String) -> Loaded {
        let destination = path + ".corrupt"
        try? FileManager.default.removeItem(atPath: destination)
        let moved = rename(path, destination) == 0
        return .corrupt(reason: reason, movedTo: moved ? destination : nil)
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
