import Foundation

/// The recorded answers of one or more folders, found by request.
public struct RecordedAnswers: Sendable {
    /// The most recordings the folders may hold together.
    public static let maximumRecordings = 10_000
    /// How deep folders inside a recordings folder are read.
    static let maximumDepth = 4

    /// The folders read, in order.
    public private(set) var folders: [String] = []
    private var answers: [String: NetworkRecording] = [:]
    /// Where each answer was read, for a clash's message.
    private var files: [String: String] = [:]

    /// No answers yet.
    public init() {}

    /// How many answers there are.
    public var count: Int { answers.count }

    /// The answer to a request with `method` and `url`, if one was recorded.
    public func answer(method: String, url: String) -> NetworkRecording? {
        answers[NetworkRecording.key(method: method, url: url)]
    }

    /// Adds the recordings (`*.json`) in `folder` and the folders inside it; a folder read before
    /// is skipped. A request a folder added earlier answers keeps that answer. Two recordings of
    /// one request in one folder are refused, naming both files; so is a folder that does not
    /// exist or a file that is not a recording.
    public mutating func add(folder: String) throws(NetworkRecordingError) {
        let folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard !folders.contains(folder) else { return }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw NetworkRecordingError(description: "\(folder): no such folder of recorded answers")
        }
        var found: [String] = []
        collect(folder, depth: 0, into: &found)
        var added = answers
        var addedFiles = files
        var own: Set<String> = []
        for file in found {
            let recording = try NetworkRecording(contentsOf: file)
            if !own.insert(recording.key).inserted, let other = addedFiles[recording.key] {
                throw NetworkRecordingError(description: "\(file) and \(other) both answer \(recording.key); keep one")
            }
            // A folder served earlier answers first (one named with --network before a feature's own).
            if added[recording.key] != nil { continue }
            guard added.count < Self.maximumRecordings else {
                throw NetworkRecordingError(description: "\(folder): more than \(Self.maximumRecordings) recordings, the most the host reads")
            }
            added[recording.key] = recording
            addedFiles[recording.key] = file
        }
        answers = added
        files = addedFiles
        folders.append(folder)
    }

    /// The recordings' paths in `folder`, sorted, links not followed.
    private func collect(_ folder: String, depth: Int, into found: inout [String]) {
        guard depth <= Self.maximumDepth, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder + "/" + name
            guard let kind = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType else { continue }
            if kind == .typeDirectory {
                collect(path, depth: depth + 1, into: &found)
            } else if kind == .typeRegular, name.hasSuffix(".json") {
                found.append(path)
            }
        }
    }

    /// Adds (or replaces) one answer: one the network gave while recording.
    public mutating func insert(_ recording: NetworkRecording) {
        answers[recording.key] = recording
    }

    /// A list of the requests answered, for a message: at most `limit`, sorted.
    public func requests(limit: Int = 5) -> [String] {
        Array(answers.keys.sorted().prefix(limit))
    }
}
