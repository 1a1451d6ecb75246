@_spi(Host) @_spi(Runtime) import AppHostKit
import AppHostLoading
@_spi(Host) import AppHostNavigation
import FoundationEssentials
import Glibc

/// Keeps a session's navigation state in a file, so the next run comes back where this one left.
///
/// The file is JSON with a format version. It is written after changes (see
/// ``StateSaver`` for how often), atomically: to a temporary file created exclusively beside it (never through
/// a symbolic link), then renamed over `FILE`. A regular file that is not a valid
/// state is moved aside to `FILE.corrupt` (or `FILE.corrupt.1`, `.2`, …: an earlier
/// copy is never overwritten) and reported. Anything else (a directory, a file
/// that cannot be read for its permissions) is reported and left where it is.
/// One session at a time saves to a file: the first holds a lock on `FILE.lock`,
/// and a second one restores from the file but does not save to it, and says so.
public struct StateStore: Sendable {
    /// The format this host writes and reads.
    public static let formatVersion = 1

    /// The state file: the file a symbolic link the person named points at, so that a save
    /// replaces that file (and the link stays), and the lock is taken on it, not on the link.
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
        /// How the layers the views owned were reached (absent when they owned none).
        var views: ViewJourney?
        /// The app's `@AppStorage` values (absent when it stored none).
        var defaults: [String: DefaultsValue]?

        // Saved as `storage`: keys are written sorted, and a state file begins with `state`.
        enum CodingKeys: String, CodingKey {
            case version, state, views
            case defaults = "storage"
        }
    }

    private struct Header: Decodable {
        var version: Int
    }

    /// A store for the file at `path` (or at the file it links to).
    public init(path: String) {
        self.path = Self.target(of: path)
    }

    /// The file a symbolic link points at, followed to the end; `path` itself when it is no link
    /// or a link to nothing (which ``saveProblem`` refuses).
    package static func target(of path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The journey to the layers the views owned when the file was saved, if they owned any: read
    /// after ``load()`` found the file good (a file it found unusable holds none).
    public func loadJourney() -> ViewJourney? {
        loadFile()?.views
    }

    /// The app's `@AppStorage` values when the file was saved: read after ``load()`` found the
    /// file good; values past ``SessionDefaults``' bounds are left out.
    @_spi(Runtime) public func loadDefaults() -> [String: DefaultsValue] {
        SessionDefaults.bounded(loadFile()?.defaults ?? [:])
    }

    private func loadFile() -> File? {
        guard let data = FileManager.default.contents(atPath: path), Self.sizeProblem(Int64(data.count)) == nil else { return nil }
        return try? JSONDecoder().decode(File.self, from: data)
    }

    /// Reads the file; moves an unusable regular file aside.
    public func load() -> Loaded {
        var status = stat()
        guard lstat(path, &status) == 0 || errno != ENOENT else { return .missing }
        if status.st_mode & S_IFMT == S_IFLNK, stat(path, &status) != 0 {
            return .corrupt(reason: "is a symbolic link to nothing", movedTo: nil)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .corrupt(reason: "is \(FileKind(mode: status.st_mode).description), not a state file; it was left as it is", movedTo: nil)
        }
        if let problem = Self.sizeProblem(Int64(status.st_size)) {
            return .corrupt(reason: problem + "; it was left as it is", movedTo: nil)
        }
        guard access(path, R_OK) == 0, let data = FileManager.default.contents(atPath: path) else {
            return .corrupt(reason: "cannot be read (\(String(cString: strerror(errno)))); it was left as it is", movedTo: nil)
        }
        guard !data.isEmpty else { return .missing }
        switch Self.decode(data) {
        case .success(let state): return .state(state)
        case .failure(let problem):
            // Only what is recognisably a state file of ours, damaged, is moved aside: `--state`
            // pointed at any other file (a typo, /etc/passwd) must not lose it.
            guard Self.looksLikeStateFile(data) else {
                return .corrupt(reason: Self.foreignReason + "; it was left as it is", movedTo: nil)
            }
            return moveAside(reason: problem.reason)
        }
    }

    /// Why a file is not taken for a state file.
    package static let foreignReason = "is not a state file (it does not begin as one, with {\"state\")"

    /// Whether bytes begin as a state file does, a JSON object whose first key is `state` (as this
    /// host writes it, keys sorted), however damaged the rest. A file that begins otherwise (a
    /// user's JSON with a "version" of its own) is never taken for a damaged state file and moved.
    package static func looksLikeStateFile<Bytes: Collection<UInt8>>(_ data: Bytes) -> Bool {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        var rest = data.drop(while: isSpace)
        guard rest.first == UInt8(ascii: "{") else { return false }
        rest = rest.dropFirst().drop(while: isSpace)
        return rest.starts(with: Array(#""state""#.utf8))
    }

    /// Why some bytes are not a state file.
    @_spi(Fuzzing) public struct DecodeProblem: Error {
        public var reason: String
    }

    /// The state in a state file's bytes, or why there is none (how ``load()`` reads them; also fuzzed).
    @_spi(Fuzzing) public static func decode(_ data: Data) -> Result<AppState, DecodeProblem> {
        // Decoding recurses once a level: a file nested deeper than any state is refused before it is read.
        if let depth = jsonNesting(data, limit: maximumNesting) {
            return .failure(DecodeProblem(reason: "is nested more than \(depth) deep; no state is (StateStore.maximumNesting)"))
        }
        let decoder = JSONDecoder()
        guard let header = try? decoder.decode(Header.self, from: data) else {
            return .failure(DecodeProblem(reason: "is not a state file (no JSON object with a version)"))
        }
        guard header.version == Self.formatVersion else {
            return .failure(DecodeProblem(reason: "has format version \(header.version), this host reads version \(Self.formatVersion)"))
        }
        let file: File
        do {
            file = try decoder.decode(File.self, from: data)
        } catch {
            return .failure(DecodeProblem(reason: "cannot be decoded: \(Self.describe(error))"))
        }
        guard !file.state.stacks.isEmpty, file.state.stacks.indices.contains(file.state.selected) else {
            return .failure(DecodeProblem(reason: "holds no stack to show"))
        }
        let routes = file.state.stacks.reduce(0) { $0 + $1.routeCount }
        guard routes <= maximumRoutes else {
            return .failure(DecodeProblem(reason: "holds \(routes) routes; a state file holds at most \(maximumRoutes) (StateStore.maximumRoutes)"))
        }
        return .success(file.state)
    }

    /// The largest state file read: 16 MiB, far more than any session writes (a stack of 100,000
    /// routes is about 4 MiB). A larger file is refused unread, left as it is, and never saved over.
    public static let maximumSize: Int64 = 16 << 20

    /// The most routes a state file may hold, in every stack and presentation together: restoring
    /// more would take the host longer than the watchdog allows a command.
    public static let maximumRoutes = 100_000

    /// Why a file of `size` bytes is not read, or nil.
    package static func sizeProblem(_ size: Int64) -> String? {
        guard size > maximumSize else { return nil }
        return "is \(size) bytes; a state file is read up to \(maximumSize) bytes (StateStore.maximumSize)"
    }

    /// The deepest nesting of JSON objects and arrays a state file may have: far more than the
    /// deepest state a host writes (Router.maximumPresentationDepth presentations, four levels each).
    public static let maximumNesting = 256

    /// The limit, if `data` nests objects and arrays deeper than it (outside strings); nil otherwise.
    package static func jsonNesting(_ data: Data, limit: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > limit { return limit }
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return nil
    }

    /// Writes `state`, atomically: to a temporary file made exclusively beside the file, then renamed over it.
    public func save(_ state: AppState, views: ViewJourney? = nil) throws(SaveError) {
        try save(state, views: views, defaults: [:])
    }

    /// Writes `state` with the app's `@AppStorage` values.
    @_spi(Runtime) public func save(_ state: AppState, views: ViewJourney?, defaults: [String: DefaultsValue]) throws(SaveError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(File(version: Self.formatVersion, state: state, views: views, defaults: defaults.isEmpty ? nil : defaults))
        } catch {
            throw SaveError(description: "\(path): cannot encode the state: \(error)")
        }
        // O_EXCL and O_NOFOLLOW: a file or a link planted at the temporary name is never written through.
        var temporary = ""
        var descriptor: Int32 = -1
        for attempt in 0..<16 where descriptor < 0 {
            temporary = "\(path).\(getpid()).\(attempt).tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor < 0 && errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            throw SaveError(description: "\(path): cannot create a temporary file beside it: \(String(cString: strerror(errno)))")
        }
        let written = data.withUnsafeBytes { bytes in write(descriptor, bytes.baseAddress, bytes.count) }
        close(descriptor)
        guard written == data.count, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw SaveError(description: "\(path): cannot replace it: \(reason)")
        }
    }

    /// Whether the path can take a state file: nothing is there yet, or a regular file (or a link to
    /// one) that this process can read and write.
    public var canSave: Bool { saveProblem == nil }

    /// Why a session may not save to the path, or nil if it may. A file this process cannot read
    /// or write is never replaced: what it holds is not this session's to lose.
    public var saveProblem: String? {
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { return "is a symbolic link to nothing" }
        guard stat(path, &status) == 0 else {
            return errno == ENOENT ? nil : "cannot be looked at (\(String(cString: strerror(errno))))"
        }
        guard status.st_mode & S_IFMT == S_IFREG else { return "is \(FileKind(mode: status.st_mode).description), not a state file" }
        guard access(path, R_OK) == 0 else { return "cannot be read (\(String(cString: strerror(errno))))" }
        guard access(path, W_OK) == 0 else { return "cannot be written (\(String(cString: strerror(errno))))" }
        if let problem = Self.sizeProblem(Int64(status.st_size)) { return problem }
        // Its beginning says whether it is a state file: anything else is never replaced.
        if status.st_size > 0 {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return "cannot be read (\(String(cString: strerror(errno))))" }
            defer { close(descriptor) }
            var head = [UInt8](repeating: 0, count: 256)
            let count = read(descriptor, &head, head.count)
            guard count >= 0 else { return "cannot be read (\(String(cString: strerror(errno))))" }
            if !Self.looksLikeStateFile(head.prefix(count)) { return Self.foreignReason }
        }
        return nil
    }

    /// What taking the lock found.
    public enum LockOutcome: Equatable, Sendable {
        /// This session holds the lock.
        case taken
        /// Another session holds it.
        case inUse
        /// The lock file cannot be made or opened, and why.
        case failed(String)
    }

    /// Takes the file's lock (on `FILE.lock`) for the life of the process. The lock file is never
    /// opened through a link: one planted there would have the host create the file it points at.
    public func lock() -> LockOutcome {
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return .failed(String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return .inUse
        }
        // The descriptor stays open, so the lock lasts as long as the process.
        removeStaleTemporaries()
        return .taken
    }

    /// Removes `FILE.<pid>.<n>.tmp` files a killed session left: with the lock held, no other session writes one.
    private func removeStaleTemporaries() {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let prefix = url.lastPathComponent + "."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let middle = name.dropFirst(prefix.count).dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
            guard middle.count == 2, middle.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { continue }
            let candidate = directory + "/" + name
            var status = stat()
            if lstat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                unlink(candidate)
            }
        }
    }

    /// Moves the (regular) file to the first free `FILE.corrupt`, `FILE.corrupt.1`, …; an earlier copy is kept.
    private func moveAside(reason: String) -> Loaded {
        for attempt in 0..<1000 {
            let destination = attempt == 0 ? path + ".corrupt" : path + ".corrupt.\(attempt)"
            var existing = stat()
            guard lstat(destination, &existing) != 0 else { continue }
            // link + unlink: never replaces a file that appeared meanwhile.
            guard link(path, destination) == 0 else { break }
            unlink(path)
            return .corrupt(reason: reason, movedTo: destination)
        }
        return .corrupt(reason: reason, movedTo: nil)
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
