import AppHost
import AppHostTesting
import Foundation
import Synchronization
import Testing

/// The host that survives its features: files that crash, exit or hang while loading are probed in
/// child processes and refused by name; what probes learn is cached; trust, lock files and the clash
/// rule decide what may load. Each test runs the real `apphost` with a registry cache of its own.
@Suite
struct ProbingTests {
    private let apphost = ProcessRunner.built("apphost")

    /// A features folder and a registry cache folder, both removed when the test ends.
    private final class Setup {
        let features: FeatureFixtures
        let cache: FeatureFixtures

        init() throws {
            features = try FeatureFixtures()
            cache = try FeatureFixtures()
        }

        var environment: [String: String] { ["APPHOST_CACHE": cache.directory.path] }
    }

    /// The one file of `apphost`'s build named `<kind>-v1-<key>.txt` in the setup's cache (the key
    /// is of the `apphost` program's identity, not this test process's).
    private static func cacheFile(_ setup: Setup, _ kind: String) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: setup.cache.directory.path).filter { $0.hasPrefix("\(kind)-v1-") }
        try #require(names.count == 1, "\(names)")
        return setup.cache.path(names[0])
    }

    private func run(_ arguments: [String], _ setup: Setup, input: String = "") throws -> ProcessResult {
        try ProcessRunner.run(apphost, arguments + ["--features", setup.features.directory.path], input: input, environment: setup.environment)
    }

    private func hostile(_ kind: Int, named name: String, in fixtures: borrowing FeatureFixtures) throws -> String {
        let path = fixtures.path(name)
        try CCompiler.compile(CCompiler.fixture("hostile.c"), to: path, defines: ["KIND=\(kind)"])
        return path
    }

    @Test
    func everyBrokenKindIsNamedAndTheGoodFeaturesServe() throws {
        let setup = try Setup()
        try setup.features.addBuiltFeature("Home")
        try setup.features.addBuiltFeature("Character")
        let abort = try hostile(1, named: "libAbortFeature.so", in: setup.features)
        let exit = try hostile(2, named: "libExitFeature.so", in: setup.features)
        let loop = try hostile(3, named: "libLoopFeature.so", in: setup.features)
        let segfault = try hostile(4, named: "libSegfaultEntryFeature.so", in: setup.features)
        let spin = try hostile(5, named: "libSpinEntryFeature.so", in: setup.features)
        let unmapped = try hostile(6, named: "libUnmappedFeature.so", in: setup.features)
        let trap = setup.features.path("libTrapFeature.so")
        try DriftedKit.copyOfFeatureBuiltOnce("Trap", to: trap, defines: ["TRAP_IN_REGISTRATION"])
        let fifo = setup.features.path("libFifoFeature.so")
        #expect(mkfifo(fifo, 0o644) == 0)
        let text = try setup.features.addTextFile(named: "libTextFeature.so")

        let result = try run(["--start", "home", "--width", "40", "--probe-timeout", "1"], setup, input: "open character\nback\n")

        #expect(result.status == 0)
        #expect(result.output.contains("Welcome to AppHost."))
        #expect(result.output.contains("Characters\nHome › Characters\n"))
        let errors = Set(result.errors.split(separator: "\n").map(String.init))
        #expect(errors == [
            "error: \(fifo): is a FIFO, not a regular file; it is never opened",
            "error: \(abort): crashed while loading (SIGABRT)",
            "error: \(exit): exited while loading (status 0)",
            "error: \(loop): did not finish loading within 4 s",
            "error: \(segfault): crashed while loading (SIGSEGV)",
            "error: \(spin): did not finish loading within 4 s",
            "error: \(unmapped): crashed while loading (SIGSEGV)",
            "error: \(trap): crashed while loading (SIGILL); it wrote: Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range",
            "error: \(text): not a loadable shared object: \(text): invalid ELF header",
        ])
    }

    @Test
    func aProbeThatMissesItsLimitQuarantinesNothingAndIsSaidToBeSlow() throws {
        let setup = try Setup()
        try setup.features.addBuiltFeature("Home")
        try setup.features.addBuiltFeature("Character")

        // A limit no machine meets stands for a load spike; the default limit follows it each time.
        for round in 1...10 {
            let spiked = try run(["list", "--probe-timeout", "0.01"], setup)
            #expect(!spiked.errors.contains("quarantined"), "round \(round): \(spiked.errors)")
            // Probed (not taken from the cache), and loaded: only in the retry with the longer limit.
            if spiked.errors.isEmpty, spiked.output.contains(")  probed\n") {
                #expect(spiked.output.contains("was slow to probe: it missed the 0.01 s limit and loaded when probed again with 0.04 s (--probe-timeout)"), "round \(round): \(spiked.output)")
            }
            let normal = try run(["list"], setup)
            #expect(normal.status == 0, "round \(round): \(normal.errors)")
            #expect(normal.errors == "", "round \(round): a good feature is never left refused: \(normal.errors)")
            #expect(normal.output.contains("2 features:"), "round \(round)")
        }
    }

    @Test
    func aRefusedFileStaysQuarantinedUntilItChanges() throws {
        let setup = try Setup()
        try setup.features.addBuiltFeature("Home")
        let abort = try hostile(1, named: "libAbortFeature.so", in: setup.features)

        let first = try run(["list"], setup)
        let second = try run(["list"], setup)
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: abort)
        let changed = try run(["list"], setup)
        let rescanned = try run(["list", "--rescan"], setup)

        #expect(first.output.contains("home/main)\n") && first.output.contains("(\(FeatureBuild.kit))  probed\n"))
        #expect(first.errors.hasSuffix("refused:\n  \(abort): crashed while loading (SIGABRT)\n"))
        #expect(second.output.contains("(\(FeatureBuild.kit))  cached\n"))
        #expect(second.errors.hasSuffix("refused:\n  \(abort): crashed while loading (SIGABRT)  (quarantined until the file changes: rebuild or replace it, or run with --rescan to probe it again)\n"))
        #expect(changed.errors == "")
        #expect(changed.output.contains("  hello  \(abort)  (AppHostKit \(FeatureBuild.kit.version))  probed\n"))
        #expect(changed.output.contains("  home  \(setup.features.path("libHomeFeature.so"))  (\(FeatureBuild.kit))  cached\n"))
        #expect(!rescanned.output.contains("cached"))
    }

    @Test
    func aFileReplacedInPlaceIsProbedAgainBeforeItRunsInTheHost() throws {
        let setup = try Setup()
        try setup.features.addBuiltFeature("Home")
        let hello = setup.features.path("libHelloFeature.so")
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: hello)
        let warm = try run(["--start", "home", "--open", "hello/greet?name=Beth"], setup)
        // The same file, rewritten in place: its folder's entries do not change.
        let hostile = try hostile(1, named: "hostile.so", in: setup.cache)
        let handle = try #require(FileHandle(forWritingAtPath: hello))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: try Data(contentsOf: URL(fileURLWithPath: hostile)))
        try handle.close()

        let replaced = try run(["--start", "home", "--open", "hello/greet?name=Beth"], setup)

        #expect(warm.status == 0)
        #expect(warm.output.contains("Hello, Beth!"))
        #expect(replaced.status == 2)
        #expect(replaced.errors.hasPrefix("error: \(hello): crashed while loading (SIGABRT)\n"))
    }

    @Test
    func hostsStartingAtOnceKeepEachOthersFindings() throws {
        let setup = try Setup()
        let other = try FeatureFixtures()
        try setup.features.addBuiltFeature("Home")
        try other.addBuiltFeature("Character")
        let folders = [setup.features.directory.path, other.directory.path]
        let environment = setup.environment
        let apphost = apphost

        let lists = Mutex<[ProcessResult]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let result = try? ProcessRunner.run(apphost, ["list", "--features", folders[index % 2]], environment: environment)
            lists.withLock { $0 += result.map { [$0] } ?? [] }
        }
        let first = try ProcessRunner.run(apphost, ["list", "--features", folders[0]], environment: setup.environment)
        let second = try ProcessRunner.run(apphost, ["list", "--features", folders[1]], environment: setup.environment)

        #expect(lists.withLock { $0.count } == 8)
        #expect(lists.withLock { $0.allSatisfy { $0.status == 0 && $0.errors.isEmpty } })
        #expect(first.output.contains("  home  \(setup.features.path("libHomeFeature.so"))  (\(FeatureBuild.kit))  cached\n"))
        #expect(second.output.contains("  character  \(other.path("libCharacterFeature.so"))  (\(FeatureBuild.kit))  cached\n"))
    }

    @Test(arguments: [
        ("printf 'apphost-probe\\t1\\nbegin\\t0\\n' >&3", "speaks probe protocol 1, this host speaks \(FeatureProbe.protocolVersion); run the apphost these features were installed for, or build it again"),
        ("printf 'begin\\t0\\n' >&3", "speaks no probe protocol this host knows (its first line: 'begin^I0'), this host speaks \(FeatureProbe.protocolVersion)"),
    ])
    func aProbeChildThatSpeaksAnotherVersionIsRefusedByName(script: String, reason: String) throws {
        let fixtures = try FeatureFixtures()
        let child = try fixtures.addScript("old-apphost", "#!/bin/sh\n\(script)\nsleep 5\n")
        let files = [fixtures.path("libOneFeature.so"), fixtures.path("libTwoFeature.so")]

        let results = FeatureProber(executable: child, timeout: 10).probe(files) { _, _ in }

        #expect(results.count == 2)
        for file in files {
            guard case .failure(.probeFailed(let path, let said))? = results[file] else {
                Issue.record("\(file): \(String(describing: results[file]))")
                continue
            }
            #expect(path == file)
            #expect(said.contains("the probe child \(child) \(reason)"), "\(said)")
        }
    }

    @Test
    func twoBuildsOfTheHostTakingTurnsOverOneCacheEachKeepTheirRecords() throws {
        let setup = try Setup()
        try setup.features.addBuiltFeature("Home")
        // Another build: the same program in another folder, with its kit and SwiftUI beside it.
        let other = try FeatureFixtures()
        let otherHost = try other.copyExecutable(apphost, as: "apphost")
        let built = URL(fileURLWithPath: apphost).deletingLastPathComponent()
        try other.copyExecutable(built.appendingPathComponent("libAppHostKit.so").path, as: "libAppHostKit.so")
        try other.copyExecutable(built.appendingPathComponent("libSwiftUI.so").path, as: "libSwiftUI.so")
        func list(_ host: String) throws -> String {
            try ProcessRunner.run(host, ["list", "--features", setup.features.directory.path], environment: setup.environment).output
        }

        let first = try list(apphost)
        let otherFirst = try list(otherHost)
        let again = try list(apphost)
        let otherAgain = try list(otherHost)

        #expect(first.contains("libHomeFeature.so  (\(FeatureBuild.kit))  probed"), "\(first)")
        #expect(otherFirst.contains("libHomeFeature.so  (\(FeatureBuild.kit))  probed"), "\(otherFirst)")
        #expect(again.contains("libHomeFeature.so  (\(FeatureBuild.kit))  cached"), "\(again)")
        #expect(otherAgain.contains("libHomeFeature.so  (\(FeatureBuild.kit))  cached"), "\(otherAgain)")
        let files = try FileManager.default.contentsOfDirectory(atPath: setup.cache.directory.path).filter { $0.hasPrefix("registry-v1-") }
        #expect(files.count == 2, "\(files)")

        // Each build keeps its own app-layer check too: a session of one never rewrites the other's.
        for host in [apphost, otherHost, apphost, otherHost] {
            _ = try ProcessRunner.run(host, ["--start", "home", "--features", setup.features.directory.path], environment: setup.environment)
        }
        let checks = try FileManager.default.contentsOfDirectory(atPath: setup.cache.directory.path).filter { $0.hasPrefix("app-layer-v1-") }
        #expect(checks.count == 2, "\(checks)")
    }

    @Test
    func theCacheKeepsTheMostRecentBuildsOnly() throws {
        let setup = try Setup()
        try setup.features.addBuiltFeature("Home")
        // Nine other builds' files, the first the oldest.
        for index in 0..<9 {
            let name = setup.cache.path("registry-v1-\(String(repeating: "0", count: 15))\(index).txt")
            try Data("apphost-registry-cache 1\nhost\tbuild \(index)\n".utf8).write(to: URL(fileURLWithPath: name))
            try Data().write(to: URL(fileURLWithPath: setup.cache.path("descriptions-v1-\(String(repeating: "0", count: 15))\(index).txt")))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(index - 100) * 60)], ofItemAtPath: name)
        }

        _ = try run(["list"], setup)

        let left = try FileManager.default.contentsOfDirectory(atPath: setup.cache.directory.path)
        #expect(left.filter { $0.hasPrefix("registry-v1-") }.count == RegistryCache.maximumBuilds)
        #expect(left.filter { $0.hasPrefix("descriptions-v1-") }.count == RegistryCache.maximumBuilds)
        #expect(!left.contains("registry-v1-0000000000000000.txt") && !left.contains("registry-v1-0000000000000001.txt"))
    }

    @Test
    func aCacheWhoseLockCannotBeTakenIsNotWritten() throws {
        let setup = try Setup()
        try setup.features.addBuiltFeature("Home")
        try FileManager.default.createDirectory(atPath: setup.cache.path("registry.lock"), withIntermediateDirectories: true)

        let result = try run(["list"], setup)

        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("registry.lock"), "\(result.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.cache.directory.path).filter { $0.hasPrefix("registry-v1") }.isEmpty)
    }

    @Test
    func aFileThatCrashesAfterItsNeighbourIsTriedAloneAndIsNotBlamed() throws {
        let fixtures = try FeatureFixtures()
        let poison = fixtures.path("libAPoisonFeature.so")
        let victim = fixtures.path("libBVictimFeature.so")
        try CCompiler.compile(CCompiler.fixture("neighbour.c"), to: poison, defines: ["POISON"])
        try CCompiler.compile(CCompiler.fixture("neighbour.c"), to: victim, defines: ["VICTIM"])

        // One child loads the poison first: the victim crashes in it, then loads alone.
        let results = FeatureProber(executable: ProcessRunner.built("apphost"), timeout: 10, parallelism: 1).probe([poison, victim]) { _, _ in }

        guard case .success? = results[poison], case .success? = results[victim] else {
            Issue.record("\(results)")
            return
        }
    }

    @Test
    func aDamagedCacheIsDroppedAndRebuilt() throws {
        let setup = try Setup()
        try setup.features.addBuiltFeature("Home")
        _ = try run(["list"], setup)
        let cacheFile = try Self.cacheFile(setup, "registry")
        let good = try String(contentsOfFile: cacheFile, encoding: .utf8)
        try Data("garbage\n".utf8).write(to: URL(fileURLWithPath: cacheFile))

        let result = try run(["--start", "home"], setup)

        #expect(result.status == 0)
        #expect(result.errors == "warning: registry cache \(cacheFile) is not a registry cache of format 1; it is rebuilt\n")
        #expect(try String(contentsOfFile: cacheFile, encoding: .utf8) == good)
    }

    @Test
    func onlyTheFeaturesInUseAreLoaded() throws {
        let setup = try Setup()
        for feature in ["Home", "Character", "Settings", "About", "Shell"] {
            try setup.features.addBuiltFeature(feature)
        }

        let result = try run(["--start", "home", "--log-level", "debug"], setup, input: "tap 3\n")

        let loaded = result.errors.split(separator: "\n").compactMap { line in
            line.range(of: "] loaded ").map { String(line[$0.upperBound...].prefix { $0 != " " }) }
        }
        #expect(result.status == 0)
        #expect(loaded == ["home", "about"])
    }

    @Test
    func aWarmStartKnowsEveryNameAndLoadsOnlyWhatIsUsed() throws {
        let setup = try Setup()
        for feature in ["Home", "Character", "Settings", "About", "Shell"] {
            try setup.features.addBuiltFeature(feature)
        }
        _ = try run(["list"], setup)

        let result = try run(["--start", "main", "--log-level", "debug"], setup, input: "open nowhere/x\ntab 2\n")

        let loaded = result.errors.split(separator: "\n").compactMap { line in
            line.range(of: "] loaded ").map { String(line[$0.upperBound...].prefix { $0 != " " }) }
        }
        #expect(result.status == 0)
        // Settings' tab is drawn from its start route in the index: its library is not loaded.
        #expect(loaded == ["shell", "home", "character"])
        #expect(result.errors.contains("error: open nowhere/x: no loaded feature provides 'nowhere' (loaded: about, character, home, settings)\n"))
        #expect(result.output.contains("tabs: 1 Home · [2 Characters] · 3 Settings"))
    }

    @Test
    func aWarmStartTakesTheCachesWordForEveryUnchangedFileInTwoFoldersAndNotForOneRewritten() throws {
        let setup = try Setup()
        let second = try FeatureFixtures()
        for feature in ["Home", "Character", "Settings", "Shell"] {
            try setup.features.addBuiltFeature(feature)
        }
        for feature in ["About", "Episode", "Gallery", "System"] {
            try second.addBuiltFeature(feature)
        }
        let hello = second.path("libHelloFeature.so")
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: hello)
        let arguments = ["--start", "main", "--log-level", "debug", "--features", second.directory.path]
        let warmLine = "warm start: "

        let cold = try run(arguments, setup, input: "tab 3\n")
        let warm = try run(arguments, setup, input: "tab 3\n")
        // Rewritten in place, a second later: its key (size, times) is not the one cached.
        var times = [timespec(tv_sec: time(nil) + 1, tv_nsec: 0), timespec(tv_sec: time(nil) + 1, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, hello, &times, 0) == 0)
        let rewritten = try run(arguments, setup, input: "tab 3\n")
        let again = try run(arguments, setup, input: "tab 3\n")

        for result in [cold, warm, rewritten, again] {
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.contains("tabs: 1 Home · 2 Characters · [3 Settings]"), "\(result.output)")
        }
        #expect(!cold.errors.contains(warmLine), "\(cold.errors)")
        #expect(warm.errors.contains(warmLine), "\(warm.errors)")
        #expect(!rewritten.errors.contains(warmLine), "the rewritten file is checked: \(rewritten.errors)")
        #expect(again.errors.contains(warmLine), "\(again.errors)")
    }

    @Test
    func aWarmStartPassesOverAnotherFoldersLinesEvenDamagedAndNotOverItsOwn() throws {
        let setup = try Setup()
        let other = try FeatureFixtures()
        try setup.features.addBuiltFeature("Home")
        let hello = other.path("libHelloFeature.so")
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: hello)
        let both = ["--start", "home", "--log-level", "debug", "--features", other.directory.path]
        let own = ["--start", "home", "--log-level", "debug"]
        let warmLine = "warm start: "
        let input = "open hello/greet?name=Ann\n"
        _ = try run(both, setup, input: input)
        #expect(try run(both, setup, input: input).errors.contains(warmLine))
        // The hello file's line loses its fields after the path, as a write cut short leaves it.
        let index = try Self.cacheFile(setup, "registry")
        let lines = try String(contentsOfFile: index, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let damaged = lines.map { $0.hasPrefix("ok\t\(hello)\t") ? "ok\t\(hello)\t12" : String($0) }
        try #require(damaged != lines.map(String.init))
        try Data(damaged.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: index))

        let ownFolder = try run(own, setup, input: input)
        let bothFolders = try run(both, setup, input: input)

        #expect(ownFolder.errors.contains(warmLine), "the damaged line is another folder's: \(ownFolder.errors)")
        #expect(ownFolder.errors.contains("error: open hello/greet?name=Ann: no loaded feature provides 'hello' (loaded: home)"), "\(ownFolder.errors)")
        #expect(!bothFolders.errors.contains(warmLine), "the damaged line is this start's: \(bothFolders.errors)")
        #expect(bothFolders.output.contains("Hello, Ann!"), "\(bothFolders.output)")
        #expect(try run(both, setup, input: input).errors.contains(warmLine), "the full path wrote the line again")
    }

    @Test
    func aWarmStartFindsEachDescriptionWhateverOrderItsPathsBytesHave() throws {
        let setup = try Setup()
        try setup.features.addBuiltFeature("Home")
        // As strings, "…/libf…" sorts before "…/libé…"; as bytes, a decomposed é ("e" and a
        // combining accent) sorts before "f". The cache writes its files in the strings' order, so
        // the plain file's line sits before three accented ones that are smaller as bytes.
        let plain = setup.features.path("libfFeature.so")
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: plain, defines: ["FEATURE_NAME=\"plain\""])
        for letter in ["a", "b", "c"] {
            let accented = setup.features.path("libe\u{301}\(letter)Feature.so")
            try CCompiler.compile(CCompiler.fixture("hello.c"), to: accented, defines: ["FEATURE_NAME=\"accent\(letter)\""])
        }
        let arguments = ["--start", "home", "--log-level", "debug"]
        let input = "open accentb/greet?name=Ann\nopen plain/greet?name=Bo\n"

        let cold = try run(arguments, setup, input: input)
        let warm = try run(arguments, setup, input: input)
        let listed = try run(["list"], setup)

        for result in [cold, warm] {
            #expect(result.output.contains("Hello, Ann!"), "\(result.output)\(result.errors)")
            #expect(result.output.contains("Hello, Bo!"), "\(result.output)\(result.errors)")
        }
        // Every file's description is read from the cache, the accented ones' too.
        #expect(listed.output.contains("5 features:"), "\(listed.output)")
        for name in ["plain", "accenta", "accentb", "accentc"] {
            #expect(listed.output.contains("  \(name)/greet(name: string)"), "\(listed.output)")
        }
        #expect(warm.errors.contains("warm start: "), "\(warm.errors)")
    }

    @Test
    func aWorldWritableFolderIsRefusedUnlessAllowed() throws {
        let setup = try Setup()
        try setup.features.addBuiltFeature("Home")
        let folder = setup.features.directory.path
        #expect(chmod(folder, 0o777) == 0)

        let refused = try run(["--start", "home"], setup)
        let allowed = try run(["--start", "home", "--allow-untrusted"], setup)

        #expect(refused.status == 2)
        #expect(refused.errors.hasPrefix("error: \(folder): the folder is writable by group and others (mode 777), so anyone could plant a feature there; run chmod go-w \(folder), or pass --allow-untrusted\n"))
        #expect(allowed.status == 0)
        #expect(allowed.errors == "")
    }

    @Test
    func aFolderInsideOneOthersMayWriteInIsRefusedUnlessItIsSticky() throws {
        let setup = try Setup()
        let open = setup.features.path("open")
        let inner = open + "/features"
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: inner + "/libHomeFeature.so", withDestinationPath: AppHarness.libraryPath("Home"))
        #expect(chmod(open, 0o777) == 0)
        let arguments = ["--start", "home", "--features", inner]

        let refused = try ProcessRunner.run(apphost, arguments, environment: setup.environment)
        #expect(chmod(open, 0o1777) == 0)
        let sticky = try ProcessRunner.run(apphost, arguments, environment: setup.environment)

        #expect(refused.status == 2)
        #expect(refused.errors.hasPrefix("error: \(inner): the folder above it, \(open), is writable by others without the sticky bit (mode 777), so anyone could replace the features folder; run chmod o-w \(open) (or chmod +t), or pass --allow-untrusted\n"), "\(refused.errors)")
        #expect(sticky.status == 0, "\(sticky.errors)")
        #expect(sticky.errors == "")
    }

    @Test
    func aFileMadeWritableByOthersUnderAWarmCacheIsRefusedAtOnce() throws {
        let setup = try Setup()
        let hello = setup.features.path("libHelloFeature.so")
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: hello)
        try setup.features.addBuiltFeature("Home")

        let warm = try run(["list"], setup)
        #expect(chmod(hello, 0o666) == 0)
        let listed = try run(["list"], setup)
        let started = try run(["--start", "hello"], setup)

        #expect(warm.status == 0, "\(warm.errors)")
        #expect(listed.status == 1)
        #expect(listed.errors.contains("\(hello): the file is writable by group and others (mode 666)"), "\(listed.errors)")
        #expect(started.status == 2)
        #expect(started.errors.contains("error: \(hello): the file is writable by group and others (mode 666)"), "\(started.errors)")
        #expect(!started.errors.contains("did you mean 'hello'"), "\(started.errors)")
    }

    @Test
    func aFeatureRefusedByItsChecksIsNamedWhenARouteAsksForIt() throws {
        let setup = try Setup()
        let hello = setup.features.path("libHelloFeature.so")
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: hello)
        try setup.features.addBuiltFeature("Home")
        _ = try run(["list"], setup)
        #expect(chmod(hello, 0o666) == 0)

        let result = try run(["--start", "home"], setup, input: "open hello/greet?name=Ann\nopen hello/greet?name=Bo\nopen nowhere/x\n")

        let refusal = "\(hello): the file is writable by group and others (mode 666)"
        #expect(result.errors.contains("error: open hello/greet?name=Ann: the feature that provides 'hello' could not be loaded: \(refusal)"), "\(result.errors)")
        #expect(result.errors.contains("error: open hello/greet?name=Bo: the feature that provides 'hello' could not be loaded: \(refusal)"), "\(result.errors)")
        #expect(result.errors.contains("error: open nowhere/x: no loaded feature provides 'nowhere' (loaded: home)"), "\(result.errors)")
    }

    @Test(arguments: ["garbage", "empty", "truncated"])
    func aDamagedDescriptionsFileIsReportedAndRebuilt(damage: String) throws {
        let setup = try Setup()
        for name in ["Character", "Episode"] {
            try setup.features.addBuiltFeature(name)
        }
        let first = try run(["list"], setup)
        let descriptions = try Self.cacheFile(setup, "descriptions")
        switch damage {
        case "garbage": try Data("garbage\n".utf8).write(to: URL(fileURLWithPath: descriptions))
        case "empty": try Data().write(to: URL(fileURLWithPath: descriptions))
        default: #expect(truncate(descriptions, 200) == 0)
        }
        let damaged = try run(["list"], setup)
        let after = try run(["list"], setup)

        #expect(first.output.contains("2 features:"))
        #expect(damaged.status == 0)
        #expect(damaged.output == first.output.replacingOccurrences(of: "cached", with: "probed"), "every feature is listed: \(damaged.output)")
        #expect(damaged.errors.hasPrefix("warning: registry cache \(descriptions) is damaged ("), "\(damaged.errors)")
        #expect(damaged.errors.contains("missing or unreadable); "))
        #expect(after.errors == "", "rebuilt: \(after.errors)")
        #expect(after.output.contains("2 features:"))
    }

    @Test
    func aDanglingLinkAndALoopOfLinksAreNamedWarmOrCold() throws {
        let setup = try Setup()
        try setup.features.addBuiltFeature("Home")
        let ghost = setup.features.path("libGhostFeature.so")
        let loop = setup.features.path("libLoopFeature.so")
        try FileManager.default.createSymbolicLink(atPath: ghost, withDestinationPath: "/nonexistent/libGhost.so")
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)

        let cold = try run(["list"], setup)
        let warm = try run(["list"], setup)

        let expected = Set([
            "refused:",
            "  \(ghost): is a symbolic link to nothing (/nonexistent/libGhost.so); it is never opened",
            "  \(loop): is a loop of symbolic links; it is never opened",
        ])
        #expect(cold.status == 1)
        #expect(Set(cold.errors.split(separator: "\n").map(String.init)) == expected, "\(cold.errors)")
        #expect(warm.status == 1)
        #expect(Set(warm.errors.split(separator: "\n").map(String.init)) == expected, "\(warm.errors)")
        #expect(warm.output.contains("1 feature:"))
    }

    @Test
    func aGroupWritableFileIsRefused() throws {
        let setup = try Setup()
        try setup.features.addBuiltFeature("Home")
        let hello = setup.features.path("libHelloFeature.so")
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: hello)
        #expect(chmod(hello, 0o775) == 0)

        let result = try run(["list"], setup)

        #expect(result.errors == "refused:\n  \(hello): the file is writable by group (mode 775), so anyone could change it; run chmod go-w \(hello), or pass --allow-untrusted\n")
    }

    @Test
    func aLockFileRefusesFilesNotInItOrChanged() throws {
        let setup = try Setup()
        try setup.features.addBuiltFeature("Home")
        let hello = setup.features.path("libHelloFeature.so")
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: hello)
        let lockFile = setup.features.path("apphost.lock")

        let locked = try run(["lock"], setup)
        let handle = try #require(FileHandle(forWritingAtPath: hello))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("changed".utf8))
        try handle.close()
        let late = setup.features.path("libLateFeature.so")
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: late)
        let result = try run(["--start", "home"], setup)

        #expect(locked.output == "wrote \(lockFile)\n")
        #expect(result.status == 0)
        let errors = result.errors.split(separator: "\n")
        #expect(errors.count == 2)
        #expect(errors.contains { $0.hasPrefix("error: \(hello): has changed since it was locked (SHA-256 ") && $0.hasSuffix("(lock file \(lockFile)); run apphost lock again if the change is yours") })
        #expect(errors.contains("error: \(late): is not in the lock file (lock file \(lockFile)); run apphost lock again if the change is yours"))
    }

    @Test
    func anEarlierFoldersClaimStandsAndAClashWithinAFolderRefusesBoth() throws {
        let setup = try Setup()
        let later = try FeatureFixtures()
        try setup.features.addBuiltFeature("Character")
        let clash = later.path("libAClashFeature.so")
        try CCompiler.compile(CCompiler.fixture("broken.c"), to: clash, defines: ["DEFECT=0"])
        let first = later.path("libHelloOneFeature.so")
        let second = later.path("libHelloTwoFeature.so")
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: first)
        try CCompiler.compile(CCompiler.fixture("hello.c"), to: second)

        let result = try ProcessRunner.run(
            apphost,
            ["list", "--features", setup.features.directory.path, "--features", later.directory.path],
            environment: setup.environment
        )

        #expect(Set(result.errors.split(separator: "\n").map(String.init)) == [
            "refused:",
            "  \(clash): 'character' is already provided by \(setup.features.path("libCharacterFeature.so")) in an earlier folder, whose claim stands; rename it or remove one of them",
            "  \(first): 'hello' is also provided by \(second) in the same folder, so neither is loaded; rename it or remove one of them",
            "  \(second): 'hello' is also provided by \(first) in the same folder, so neither is loaded; rename it or remove one of them",
        ])
        #expect(result.output.contains("  character  \(setup.features.path("libCharacterFeature.so"))"))
    }
}

/// The registry cache under hosts run from different folders: a relative `--features` names the
/// same folder for every host only once it is made absolute.
@Suite
struct RelativeFolderCacheTests {
    private let apphost = ProcessRunner.built("apphost")

    @Test
    func aRelativeFeaturesFolderIsKeptInTheCacheByItsAbsolutePath() throws {
        let home = try FeatureFixtures()
        let elsewhere = try FeatureFixtures()
        let cache = try FeatureFixtures()
        try FileManager.default.createDirectory(atPath: home.path("good"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: home.path("good/libHomeFeature.so"), withDestinationPath: AppHarness.libraryPath("Home"))
        try FileManager.default.createDirectory(atPath: elsewhere.path("good"), withIntermediateDirectories: true)
        let environment = ["APPHOST_CACHE": cache.directory.path]

        let first = try ProcessRunner.run(apphost, ["list", "--features", "good"], environment: environment, in: home.directory.path)
        let other = try ProcessRunner.run(apphost, ["list", "--features", "good"], environment: environment, in: elsewhere.directory.path)
        let again = try ProcessRunner.run(apphost, ["list", "--features", "good"], environment: environment, in: home.directory.path)

        #expect(first.output.contains("searched: \(home.path("good"))\n1 feature:\n"), "\(first.output)")
        #expect(other.output.contains("searched: \(elsewhere.path("good"))\n0 features:\n"), "\(other.output)")
        #expect(again.status == 0)
        #expect(again.output.contains("1 feature:\n  home  \(home.path("good"))/libHomeFeature.so"), "\(again.output)")
    }
}
