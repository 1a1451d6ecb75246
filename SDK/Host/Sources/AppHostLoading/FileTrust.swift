// Feature files run as the user who starts the host. So the host only runs files
// that nobody else could have put there or changed. It refuses a folder or file
// writable by group or others, or owned by someone other than the user or root
// (the rule OpenSSH's StrictModes applies to ~/.ssh). `--allow-untrusted` lifts it.

@_spi(Host) import AppHostKit
import AppHostSupport
import FoundationEssentials
import Glibc

/// Whether a feature folder or file can be trusted, by its mode and owner.
package enum FileTrust {
    /// Why `path` (a folder if `isFolder`) cannot be trusted, or nil if it can.
    package static func problem(path: String, mode: mode_t, owner: uid_t, isFolder: Bool) -> String? {
        let what = isFolder ? "folder" : "file"
        let user = getuid()
        if owner != user && owner != 0 {
            return "the \(what) is owned by user \(owner), not by you (\(user)) or root, so it is not trusted; "
                + "chown it, or pass --allow-untrusted"
        }
        let writers = [(S_IWGRP, "group"), (S_IWOTH, "others")].filter { mode & $0.0 != 0 }.map(\.1)
        guard !writers.isEmpty else { return nil }
        let octal = String(mode & 0o7777, radix: 8)
        return "the \(what) is writable by \(writers.joined(separator: " and ")) (mode \(octal)), so anyone could "
            + (isFolder ? "plant a feature there" : "change it") + "; run chmod go-w \(path), or pass --allow-untrusted"
    }

    /// Why a features folder cannot be trusted: its own mode and owner, then each folder above it.
    /// A folder above that others may write in without the sticky bit (/tmp has it), or that another
    /// user owns, lets someone rename the features folder away and put their own in its place.
    package static func folderProblem(path: String, mode: mode_t, owner: uid_t) -> String? {
        if let problem = problem(path: path, mode: mode, owner: owner, isFolder: true) { return problem }
        guard let real = realpath(path, nil) else { return nil }
        var folder = String(cString: real)
        free(real)
        let user = getuid()
        while folder != "/" {
            folder = folder.lastIndex(of: "/").map { $0 == folder.startIndex ? "/" : String(folder[..<$0]) } ?? "/"
            var status = stat()
            guard stat(folder, &status) == 0 else { return nil }
            if status.st_uid != user && status.st_uid != 0 {
                return "the folder above it, \(folder), is owned by user \(status.st_uid), not by you (\(user)) or root, "
                    + "so it is not trusted; move the features, or pass --allow-untrusted"
            }
            if status.st_mode & S_IWOTH != 0, status.st_mode & S_ISVTX == 0 {
                let octal = String(status.st_mode & 0o7777, radix: 8)
                return "the folder above it, \(folder), is writable by others without the sticky bit (mode \(octal)), "
                    + "so anyone could replace the features folder; run chmod o-w \(folder) (or chmod +t), or pass --allow-untrusted"
            }
        }
        return nil
    }
}

/// SHA-256, from OpenSSL's libcrypto, opened with `dlopen` the first time a file is hashed:
/// most runs hash nothing (only folders with a lock file, and `apphost lock`), and linking
/// libcrypto would make every start pay for loading and initialising it (about 4 ms).
package enum SHA256Digest {
    private typealias Digest = @convention(c) (
        UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?, OpaquePointer?, OpaquePointer?
    ) -> Int32
    private typealias Algorithm = @convention(c) () -> OpaquePointer?

    /// `EVP_Digest` and `EVP_sha256`, or nil if no libcrypto can be opened.
    private static let functions: (digest: Digest, sha256: Algorithm)? = {
        for name in ["libcrypto.so.3", "libcrypto.so"] {
            guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            if let digest = dlsym(library, "EVP_Digest"), let sha256 = dlsym(library, "EVP_sha256") {
                return (unsafeBitCast(digest, to: Digest.self), unsafeBitCast(sha256, to: Algorithm.self))
            }
        }
        return nil
    }()

    /// Whether SHA-256 is available (the system has OpenSSL's libcrypto).
    package static var isAvailable: Bool { functions != nil }

    /// The SHA-256 of the file at `path` as lowercase hex, or nil if it cannot be read (or no libcrypto is installed).
    package static func ofFile(_ path: String) -> String? {
        guard let functions, let data = FileManager.default.contents(atPath: path) else { return nil }
        var digest = [UInt8](repeating: 0, count: 64)
        var length: UInt32 = 0
        let status = data.withUnsafeBytes { bytes in
            functions.digest(bytes.baseAddress, bytes.count, &digest, &length, functions.sha256(), nil)
        }
        guard status == 1, length == 32 else { return nil }
        return digest.prefix(Int(length)).map { NumberText.hex($0, width: 2) }.joined()
    }
}

/// A folder's lock file, `apphost.lock`: the SHA-256 of each feature file allowed to load.
public struct LockFile: Sendable {
    /// The lock file's name in a features folder.
    public static let fileName = "apphost.lock"

    /// The lock file.
    public let path: String
    /// Each locked file's name and hash.
    public let hashes: [String: String]

    /// Reads the lock file of `folder`, if it has one; a damaged one is an error naming the line.
    package static func read(in folder: String) throws(LockFileError) -> LockFile? {
        let path = URL(fileURLWithPath: folder).appendingPathComponent(fileName).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LockFileError(message: "\(path): cannot be read; no feature in \(folder) is loaded")
        }
        var hashes: [String: String] = [:]
        for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
            let fields = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard fields.count == 2, fields[0].count == 64, fields[0].allSatisfy(\.isHexDigit) else {
                throw LockFileError(message: "\(path): line \(number + 1) is not 'SHA256 FILE'; no feature in \(folder) is loaded")
            }
            hashes[String(fields[1]).trimmingWhitespace()] = fields[0].lowercased()
        }
        return LockFile(path: path, hashes: hashes)
    }

    /// Writes the lock file of `folder` for `files` (names in it); returns its path.
    package static func write(in folder: String, files: [String]) throws -> String {
        let path = URL(fileURLWithPath: folder).appendingPathComponent(fileName).path
        var text = "# SHA-256 of each feature file the host may load from this folder (apphost lock).\n"
        for name in files.sorted() {
            guard let hash = SHA256Digest.ofFile(URL(fileURLWithPath: folder).appendingPathComponent(name).path) else {
                let reason = SHA256Digest.isAvailable ? "cannot be read" : "cannot be hashed: no libcrypto.so.3 (install libssl3 or libssl-dev)"
                throw MessageError(description: "\(folder)/\(name) \(reason)")
            }
            text += "\(hash)  \(name)\n"
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        return path
    }
}

/// A lock file that cannot be used.
package struct LockFileError: Error {
    package var message: String
}

/// `apphost lock`: a lock file for each folder of a discovery.
public enum FeatureLocking {
    /// Writes the lock file of every folder `discovery` searches, for the regular feature files in it; returns their paths.
    public static func lock(_ discovery: FeatureDiscovery) throws -> [String] {
        try discovery.directories.map { folder in
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
                .filter(FeatureDiscovery.isFeatureLibrary)
                .filter { name in
                    FileKey.of(URL(fileURLWithPath: folder).appendingPathComponent(name).path).map { $0.mode & S_IFMT == S_IFREG } ?? false
                }
            // A feature's resources are locked with it, as `<resources folder>/<file>`.
            let resources = names.flatMap { name in
                FeatureResourceFolder.lockNames(library: URL(fileURLWithPath: folder).appendingPathComponent(name).path).map(\.name)
            }
            return try LockFile.write(in: folder, files: names + resources)
        }
    }
}
