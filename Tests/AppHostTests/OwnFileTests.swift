@testable import AppHost
@testable import AppHostLoading
@testable import AppHostNavigation
@testable import AppHostSupport
import Foundation
import Testing

/// The host's own files (the registry cache, its note of the app layer's check) are replaced
/// through a new file renamed over them, never written through a link.
struct OwnFileTests {
    @Test
    func aLinkWhereTheFileWasIsReplacedAndWhatItPointedAtIsLeftAlone() throws {
        let folder = try PrivateFolder(prefix: "apphost-own-file")
        defer { folder.remove() }
        let victim = folder.path + "/victim.txt"
        let cache = folder.path + "/registry.txt"
        try Data("not the host's\n".utf8).write(to: URL(fileURLWithPath: victim))
        try FileManager.default.createSymbolicLink(atPath: cache, withDestinationPath: victim)
        // A link planted at the name the temporary file used to have (the file, the process, .tmp).
        let planted = "\(cache).\(getpid()).tmp"
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)

        try WriteRoot.replaceOwnFile(cache, with: Array("cache\n".utf8))

        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "not the host's\n")
        var status = stat()
        #expect(lstat(cache, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFREG, "the link itself was replaced by a file")
        #expect(status.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: cache, encoding: .utf8) == "cache\n")
        // Nothing is left beside them, and what the host did not make is still there.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["registry.txt", "registry.txt.\(getpid()).tmp", "victim.txt"]
        )
    }

    @Test
    func aFolderThatIsNotThereIsAnErrorNamingTheFile() throws {
        let folder = try PrivateFolder(prefix: "apphost-own-file")
        defer { folder.remove() }
        let file = folder.path + "/missing/registry.txt"
        #expect {
            try WriteRoot.replaceOwnFile(file, with: Array("cache\n".utf8))
        } throws: { error in
            (error as? WriteRefusal)?.description.hasPrefix(file + " cannot be written") ?? false
        }
    }
}
