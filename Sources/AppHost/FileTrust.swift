// Feature files run as the user who starts the host, so the host only runs files
// that nobody else could have put there or changed: a folder or file writable by
// group or others, or owned by someone other than the user or root, is refused
// (the rule OpenSSH's StrictModes applies to ~/.ssh). `--allow-untrusted` lifts it.

import CCrypto
import Foundation

/// Whether a feature folder or file can be trusted, by its mode and owner.
enum FileTrust {
    /// Why `path` (a folder if `isFolder`) cannot be trusted, or nil if it can.
    static func problem(path: String, mode: mode_t, owner: uid_t, isFolder: Bool) -> String? {
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
}

/// SHA-256, from OpenSSL's libcrypto.
enum SHA256Digest {
    /// The SHA-256 of the file at `path` as lowercase hex, or nil if it cannot be read.
    static func ofFile(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let status = data.withUnsafeBytes { bytes in
            EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, EVP_sha256(), nil)
        }
        guard status == 1 else { return nil }
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
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
    static func read(in folder: String) throws(LockFileError) -> LockFile? {
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
            hashes[fields[1].trimmingCharacters(in: .whitespaces)] = fields[0].lowercased()
        }
        return LockFile(path: path, hashes: hashes)
    }

    /// Writes the lock file of `folder` for `files` (names in it); returns its path.
    static func write(in folder: String, files: [String]) throws -> String {
        let path = URL(fileURLWithPath: folder).appendingPathComponent(fileName).path
        var text = "# SHA-256 of each feature file the host may load from this folder (apphost lock).\n"
        for name in files.sorted() {
            guard let hash = SHA256Digest.ofFile(URL(fileURLWithPath: folder).appendingPathComponent(name).path) else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(folder)/\(name) cannot be read"])
            }
            text += "\(hash)  \(name)\n"
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        return path
    }
}

/// A lock file that cannot be used.
struct LockFileError: Error {
    var message: String
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
            return try LockFile.write(in: folder, files: names)
        }
    }
}
