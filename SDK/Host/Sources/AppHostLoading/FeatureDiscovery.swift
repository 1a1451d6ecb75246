@_spi(Host) import AppHostKit
import FoundationEssentials
import Glibc

/// Finds feature libraries: which directories to search, and which files in them are features.
///
/// Directories come from the first source that gives any: `--features DIR`
/// (repeatable), then `APPHOST_FEATURES` (colon-separated), then the directory
/// that holds the running executable. Files named `lib*Feature.so` are features;
/// they are taken in name order within each directory.
public struct FeatureDiscovery: Sendable {
    /// The environment variable that lists feature directories.
    public static let environmentVariable = "APPHOST_FEATURES"

    /// The directories searched, in order.
    public var directories: [String]

    /// Searches these directories, each once: two spellings of one folder (`good`, `good/`, a link
    /// to it) are the same folder, searched where it is first named.
    public init(directories: [String]) {
        self.directories = Self.distinct(directories)
    }

    /// `directories` made absolute (a relative one is taken from the working directory), without the
    /// ones that resolve to a folder named earlier. The registry cache is kept by these absolute paths,
    /// so hosts run from different folders that share it never take one folder's files for another's.
    package static func distinct(_ directories: [String]) -> [String] {
        var seen: Set<String> = []
        var distinct: [String] = []
        for directory in directories {
            let absolute = URL(fileURLWithPath: directory).standardizedFileURL.path
            let resolved: String
            if let real = realpath(absolute, nil) {
                resolved = String(cString: real)
                free(real)
            } else {
                resolved = absolute
            }
            if seen.insert(resolved).inserted { distinct.append(absolute) }
        }
        return distinct
    }

    /// Chooses the directories from command-line options, the environment, or the executable's directory.
    public init(options: [String], environment: [String: String] = ProcessInfo.processInfo.environment) {
        if !options.isEmpty {
            directories = Self.distinct(options)
        } else if let list = environment[Self.environmentVariable], !list.isEmpty {
            directories = Self.distinct(list.split(separator: ":").map(String.init))
        } else {
            directories = [Self.executableDirectory]
        }
    }

    /// The running executable.
    public static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The directory that holds the running executable.
    public static var executableDirectory: String {
        URL(fileURLWithPath: executablePath).deletingLastPathComponent().path
    }

    /// Whether a file name follows the feature pattern `lib*Feature.so`.
    public static func isFeatureLibrary(_ fileName: String) -> Bool {
        fileName.utf8.count > "libFeature.so".utf8.count && fileName.hasPrefix("lib") && fileName.hasSuffix("Feature.so")
    }

    /// The names of the feature files in `directory`, sorted; nil if it cannot be read.
    /// (readdir: a features folder may hold a thousand files, and start-up reads each folder.)
    public static func featureFiles(in directory: String) -> [String]? {
        var names: [String] = []
        guard DirectoryNames.forEach(in: directory, { if isFeatureLibrary($0) { names.append($0) } }) else { return nil }
        return names.sorted()
    }

    /// What to say of a features folder that holds no feature library, or nil if it holds one (or
    /// cannot be read, which is said elsewhere): that it holds none, and where below it a package's
    /// build put some (`.build/debug`, `.build/release`, `.build/<platform>/…`), as the option to give.
    public static func emptyFolderHint(_ directory: String) -> String? {
        guard let names = featureFiles(in: directory), names.isEmpty else { return nil }
        let folder = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        var candidates = [folder + "/.build/debug", folder + "/.build/release"]
        DirectoryNames.forEach(in: folder + "/.build") { name in
            guard !name.hasPrefix("."), name != "debug", name != "release" else { return }
            candidates += [folder + "/.build/\(name)/debug", folder + "/.build/\(name)/release"]
        }
        let built = candidates.first { (featureFiles(in: $0)?.isEmpty == false) }
        return "\(directory) holds no feature library (lib*Feature.so)"
            + (built.map { "; \($0) does: run with --features \($0)" } ?? "; build a feature package there (swift build), or name the folder its libraries are in")
    }

    /// A hint for a session or flow that found nothing by a name, when the working folder is a
    /// package whose build holds feature libraries none of `searched` is: the `--features` that
    /// finds them. Nil otherwise, and nil for a build whose libraries were all found by name in a
    /// searched folder (a release build beside the debug build the host came from).
    public static func unsearchedBuildHint(searched: [String], workingFolder: String = FileManager.default.currentDirectoryPath) -> String? {
        let folder = workingFolder.hasSuffix("/") && workingFolder.count > 1 ? String(workingFolder.dropLast()) : workingFolder
        let real = { (path: String) -> String in
            guard let resolved = realpath(path, nil) else { return path }
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let searchedReal = Set(searched.map(real))
        let found = Set(searched.flatMap { featureFiles(in: $0) ?? [] })
        for relative in [".build/debug", ".build/release"] {
            guard !searchedReal.contains(real(folder + "/" + relative)),
                let names = featureFiles(in: folder + "/" + relative)?.filter({ !found.contains($0) }), let first = names.first
            else { continue }
            let more = names.count > 1 ? " and \(names.count - 1) more" : ""
            return "this folder's build holds \(first)\(more), which was not searched: add --features \(relative) (or set \(environmentVariable))"
        }
        return nil
    }

    /// The feature files found, and the directories that could not be read.
    public func discover() -> (files: [String], unreadable: [String]) {
        var files: [String] = []
        var unreadable: [String] = []
        for directory in directories {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
                unreadable.append(directory)
                continue
            }
            let directoryURL = URL(fileURLWithPath: directory)
            files += names.filter(Self.isFeatureLibrary).sorted().map {
                directoryURL.appendingPathComponent($0).path
            }
        }
        return (files, unreadable)
    }
}
