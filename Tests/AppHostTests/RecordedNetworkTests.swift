import AppHost
import AppHostNetwork
import AppHostTesting
import Foundation
import FoundationNetworking
import Glibc
import Testing

/// Recorded network answers: the file format, and the real `apphost` serving the Character
/// feature's `URLSession` requests from them (its own, and a folder named with `--network`).
@Suite
struct RecordedNetworkTests {
    private let apphost = ProcessRunner.built("apphost")

    private static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    // MARK: The format

    @Test
    func aRecordingGivesItsRequestStatusHeadersBodyAndLatency() throws {
        let folder = try FeatureFixtures()
        try Self.write("""
            {"request": {"method": "post", "url": "https://example.com/api/items?page=2"},
             "response": {"status": 201, "headers": {"Content-Type": "application/json"}, "json": {"b": [1, 2], "a": "x"}},
             "latency": 0.25}
            """, to: folder.path("items.json"))

        let recording = try NetworkRecording(contentsOf: folder.path("items.json"))

        #expect(recording.key == "POST https://example.com/api/items?page=2")
        #expect(recording.status == 201)
        #expect(recording.headers == ["Content-Type": "application/json"])
        #expect(String(decoding: recording.body, as: UTF8.self) == #"{"a":"x","b":[1,2]}"#)
        #expect(recording.latency == .milliseconds(250))
    }

    @Test
    func aBinaryBodyIsReadFromTheFileBesideTheRecording() throws {
        let folder = try FeatureFixtures()
        try Data([0, 255, 1, 137]).write(to: URL(fileURLWithPath: folder.path("logo.png")))
        try Self.write(#"{"request": {"url": "https://example.com/logo.png"}, "response": {"file": "logo.png"}}"#, to: folder.path("logo.json"))

        let recording = try NetworkRecording(contentsOf: folder.path("logo.json"))

        #expect(recording.key == "GET https://example.com/logo.png")
        #expect(recording.status == 200)
        #expect(recording.body == [0, 255, 1, 137])
        #expect(recording.needsBodyFile)
    }

    @Test(arguments: [
        (#"{"request": {"url": "ftp://example.com/a"}, "response": {}}"#, #""request"."url" must be an http or https URL with a host"#),
        (#"{"request": {"url": "https://example.com"}, "response": {"status": 700}}"#, #""response"."status" must be a number from 100 to 599"#),
        (#"{"request": {"url": "https://example.com"}, "response": {"text": "a", "json": 1}}"#, #""response" has json and text; a body is one of json, text or file"#),
        (#"{"request": {"url": "https://example.com"}, "response": {"file": "../secret"}}"#, #""response"."file" must name a file beside the recording"#),
        (#"{"request": {"url": "https://example.com"}, "response": {}, "delay": 1}"#, #"unknown field "delay""#),
        (#"{"request": {"url": "https://example.com"}}"#, #"no "response" object"#),
        (#"[1, 2]"#, "a recording is a JSON object"),
        (#"{"request": "#, "not JSON"),
    ])
    func aBrokenRecordingIsRefusedNamingItsFileAndWhatIsWrong(text: String, fault: String) throws {
        let folder = try FeatureFixtures()
        let file = folder.path("broken.json")
        try Self.write(text, to: file)

        let error = #expect(throws: NetworkRecordingError.self) { try NetworkRecording(contentsOf: file) }

        #expect(error?.description.hasPrefix("\(file): ") == true, "\(String(describing: error))")
        #expect(error?.description.contains(fault) == true, "\(String(describing: error))")
    }

    @Test
    func twoRecordingsOfOneRequestInOneFolderAreRefusedNamingBoth() throws {
        let folder = try FeatureFixtures()
        for name in ["a.json", "b.json"] {
            try Self.write(#"{"request": {"url": "https://example.com/x"}, "response": {"text": "\#(name)"}}"#, to: folder.path(name))
        }
        var answers = RecordedAnswers()

        let error = #expect(throws: NetworkRecordingError.self) { try answers.add(folder: folder.directory.path) }

        #expect(error?.description == "\(folder.path("b.json")) and \(folder.path("a.json")) both answer GET https://example.com/x; keep one")
        #expect(answers.count == 0)
    }

    @Test
    func aFolderServedFirstAnswersBeforeALaterOne() throws {
        let first = try FeatureFixtures()
        let second = try FeatureFixtures()
        try Self.write(#"{"request": {"url": "https://example.com/x"}, "response": {"text": "first"}}"#, to: first.path("x.json"))
        try Self.write(#"{"request": {"url": "https://example.com/x"}, "response": {"text": "second"}}"#, to: second.path("x.json"))
        try Self.write(#"{"request": {"url": "https://example.com/y"}, "response": {"text": "y"}}"#, to: second.path("y.json"))
        var answers = RecordedAnswers()

        try answers.add(folder: first.directory.path)
        try answers.add(folder: second.directory.path)

        #expect(answers.answer(method: "GET", url: "https://example.com/x")?.body == Array("first".utf8))
        #expect(answers.answer(method: "get", url: "https://example.com/y")?.body == Array("y".utf8))
        #expect(answers.answer(method: "POST", url: "https://example.com/y") == nil)
    }

    @Test
    func aRecordingWrittenReadsBackAsItWas() throws {
        let folder = try FeatureFixtures()
        let recordings = [
            NetworkRecording(method: "GET", url: "https://example.com/a?q=1", status: 404, headers: ["X-Id": "7"], body: Array(#"{"error":"none"}"#.utf8)),
            NetworkRecording(method: "PUT", url: "https://example.com/b", body: Array("plain text, é".utf8)),
            NetworkRecording(method: "GET", url: "https://example.com/c", body: [0xff, 0x00, 0xfe]),
        ]

        for (index, recording) in recordings.enumerated() {
            let bodyFile = recording.needsBodyFile ? "\(index).body" : nil
            if let bodyFile { try Data(recording.body).write(to: URL(fileURLWithPath: folder.path(bodyFile))) }
            try Data(recording.fileBytes(bodyFile: bodyFile)).write(to: URL(fileURLWithPath: folder.path("\(index).json")))
            #expect(try NetworkRecording(contentsOf: folder.path("\(index).json")) == recording)
        }
    }

    /// A request made by no session's code (here, the test's own, as a repository's test makes
    /// one) is no session's in a test process, even beside only one: that session is not told of
    /// its error, and does not wait for it.
    @Test @MainActor
    func aRequestOfTheTestsOwnIsNoneOfItsSessions() async throws {
        let app = try await AppHarness(features: ["Character"], start: "character")
        let before = app.session.errorCount

        let unknown = try #require(URL(string: "https://rickandmortyapi.com/api/character/987654"))
        await #expect(throws: (any Error).self) { _ = try await URLSession.shared.data(from: unknown) }
        await app.run("show")

        #expect(!RecordedNetwork.requestsOfNoSessionAreTheSessions)
        #expect(app.session.errorCount == before, "\(app.session.errors)")
        await app.end()
    }

    // MARK: apphost

    @Test
    func aFolderNamedWithNetworkAnswersBeforeTheFeaturesOwnRecordings() throws {
        let folder = try FeatureFixtures()
        try Self.write("""
            {"request": {"url": "https://rickandmortyapi.com/api/character/1"},
             "response": {"json": {"id": 1, "name": "Rick Prime", "status": "Dead", "species": "Human",
                                   "origin": {"name": "Earth"}, "episode": []}}}
            """, to: folder.path("rick.json"))

        let result = try ProcessRunner.run(
            apphost, ["--start", "character", "--open", "character/detail?identifier=1", "--width", "40", "--network", folder.directory.path],
            input: "back\n"
        )

        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == "", "\(result.errors)")
        #expect(result.output.contains("Rick Prime\nCharacters › Rick Prime\n"), "\(result.output)")
        #expect(result.output.contains("  Status: Dead\n"), "\(result.output)")
        // The list is still the feature's own.
        #expect(result.output.contains("24 characters\n  [3] Rick Sanchez (Alive)\n"), "\(result.output)")
    }

    @Test
    func aFolderThatIsNotThereIsAnErrorBeforeAnythingRuns() throws {
        let result = try ProcessRunner.run(apphost, ["--start", "character", "--network", "/nonexistent/answers"], input: "")

        #expect(result.status != 0)
        #expect(result.output == "")
        #expect(result.errors.contains("error: /nonexistent/answers: no such folder of recorded answers\n"), "\(result.errors)")
    }

    @Test
    func aSessionOnRecordedAnswersOpensNoNetworkSocket() throws {
        guard let strace = ["/usr/bin/strace", "/bin/strace"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("note: strace is not installed; the check that no network socket is opened did not run (CI installs it)")
            return
        }
        let folder = try FeatureFixtures()
        let trace = folder.path("trace")

        let result = try ProcessRunner.run(
            strace, ["-f", "-qq", "-e", "trace=socket,connect", "-o", trace, apphost, "--start", "character", "--width", "40"],
            input: "tap Summer Smith\nback\ntap Rick Sanchez\n"
        )
        let calls = try String(contentsOfFile: trace, encoding: .utf8)

        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Summer Smith\nCharacters › Summer Smith\n"), "the detail was fetched: \(result.output)")
        #expect(result.output.contains("  Origin: Earth (C-137)\n"), "\(result.output)")
        #expect(calls.contains("socket("), "strace saw the process's sockets (the name service's, at least): \(calls)")
        #expect(!calls.contains("AF_INET"), "a network socket was opened: \(calls)")
    }

    /// URLSession's response cache keeps what a session's answers allow in memory, as the shared
    /// cache's memory part does, and has no disk part: nothing goes to the user's cache folder.
    @Test
    func theSessionsResponseCacheIsInMemoryOnly() throws {
        let cache = NetworkService.memoryOnlyCache()
        let url = try #require(URL(string: "https://example.com/api/answer"))
        let request = URLRequest(url: url)
        let response = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"]))

        let other = URLRequest(url: try #require(URL(string: "https://example.com/api/other")))
        cache.storeCachedResponse(CachedURLResponse(response: response, data: Data("[]".utf8), userInfo: nil, storagePolicy: .notAllowed), for: other)
        let notKept = cache.cachedResponse(for: other)
        cache.storeCachedResponse(CachedURLResponse(response: response, data: Data("{}".utf8), userInfo: nil, storagePolicy: .allowed), for: request)
        let kept = cache.cachedResponse(for: request)

        #expect(cache.diskCapacity == 0)
        #expect(cache.memoryCapacity == 4 * 1024 * 1024)
        #expect(kept?.data == Data("{}".utf8))
        #expect(cache.currentDiskUsage == 0)
        #expect(notKept == nil, "an answer not to be kept is not kept")
        #expect(cache.cachedResponse(for: other) == nil)
    }

    /// No process that runs a feature's code writes a URL cache into the user's home: neither the
    /// cold start's probe (a child that runs the features' registration, where the Character
    /// feature makes its URLSession) nor a session whose feature makes requests. Foundation's
    /// shared cache would make `~/.cache/org.swift.foundation.URLCache/apphost` and look through
    /// it at every request.
    @Test
    func noProcessOfASessionWritesAURLCacheIntoTheHome() throws {
        let home = try FeatureFixtures()
        // A registry cache of its own, empty: the first run is a cold start, which probes.
        let environment = [
            "HOME": home.directory.path, "XDG_CACHE_HOME": home.path(".cache"), RegistryCache.environmentVariable: home.path("registry"),
        ]
        let urlCache = home.path(".cache/org.swift.foundation.URLCache")
        let arguments = ["--start", "character", "--width", "40"]

        let cold = try ProcessRunner.run(apphost, arguments, input: "", environment: environment)
        let afterProbe = FileManager.default.fileExists(atPath: urlCache)
        let warm = try ProcessRunner.run(apphost, arguments, input: "tap Summer Smith\nback\ntap Rick Sanchez\n", environment: environment)

        #expect(cold.status == 0, "\(cold.errors)")
        #expect(FileManager.default.fileExists(atPath: home.path("registry")), "the first run was a cold start, which fills the registry cache")
        #expect(!afterProbe, "the cold start made \(urlCache)")
        #expect(warm.status == 0, "\(warm.errors)")
        #expect(warm.output.contains("Summer Smith\nCharacters › Summer Smith\n"), "the detail was fetched: \(warm.output)")
        #expect(warm.output.contains("Rick Sanchez\nCharacters › Rick Sanchez\n"), "\(warm.output)")
        #expect(!FileManager.default.fileExists(atPath: urlCache), "the session made \(urlCache)")
    }

    @Test
    func anAnswerWithLatencyLandsWhenVirtualTimeReachesIt() throws {
        let folder = try FeatureFixtures()
        let list = URL(fileURLWithPath: AppHarness.buildDirectory)
            .appendingPathComponent("AppHost_CharacterFeature.resources/Network/GET-rickandmortyapi.com-api-character.json")
        var recording = try JSONSerialization.jsonObject(with: Data(contentsOf: list)) as! [String: Any]
        recording["latency"] = 1.5
        try JSONSerialization.data(withJSONObject: recording).write(to: URL(fileURLWithPath: folder.path("list.json")))
        try Self.write("""
            start character
            see Loading characters…
            wait 1s
            see Loading characters…
            wait 500ms
            see 24 characters
            no error

            """, to: folder.path("latency.flow"))

        let result = try ProcessRunner.run(apphost, ["test", folder.path("latency.flow"), "--network", folder.directory.path], input: "")

        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("PASS"), "\(result.output)")
    }

    /// Recording is the process's (URLProtocol's registry is): it runs in a child process of its
    /// own (an exit test), so that no other test's unanswered request reaches the network meanwhile.
    @Test
    func recordingKeepsWhatTheRealNetworkGaveAndServesItFromThenOn() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            print("note: python3 is not installed; recording from a real server was not tested (CI installs it)")
            return
        }
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            do {
                try await RecordedNetworkTests.recordFromALocalServer()
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                exit(1)
            }
        }
        #expect(result?.standardErrorContent.isEmpty == true, "\(String(decoding: result?.standardErrorContent ?? [], as: UTF8.self))")
    }

    struct RecordingFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// Serves a file from python3's http.server, fetches it while recording, kills the server,
    /// fetches it again, and checks what was written; throws saying what differs.
    static func recordFromALocalServer() async throws {
        let site = try FeatureFixtures()
        let recordings = try FeatureFixtures()
        try write("hello from a real server\n", to: site.path("hello.txt"))
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", site.directory.path]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        var banner = ""
        while !banner.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            banner += String(decoding: chunk, as: UTF8.self)
        }
        let words = banner.split(separator: " ")
        guard let index = words.firstIndex(of: "port"), index + 1 < words.count, let url = URL(string: "http://127.0.0.1:\(words[index + 1])/hello.txt") else {
            throw RecordingFailed(description: "no port in python's banner: \(banner)")
        }

        try AppHarness.serveRecordedNetwork()
        try RecordedNetwork.record(into: recordings.directory.path)
        let (live, liveResponse) = try await URLSession.shared.data(from: url)
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        let (served, servedResponse) = try await URLSession.shared.data(from: url)
        let written = try NetworkRecording(contentsOf: recordings.path("GET-127.0.0.1-hello.txt.json"))

        var faults: [String] = []
        if String(decoding: live, as: UTF8.self) != "hello from a real server\n" { faults.append("the live answer: \(String(decoding: live, as: UTF8.self))") }
        if (liveResponse as? HTTPURLResponse)?.statusCode != 200 { faults.append("the live status") }
        if served != live || (servedResponse as? HTTPURLResponse)?.statusCode != 200 { faults.append("not served from the recording once the server was gone") }
        if written.key != "GET \(url.absoluteString)" { faults.append("the recording's key: \(written.key)") }
        if written.body != Array(live) { faults.append("the recording's body") }
        if written.headers["Date"] != nil || written.headers["Content-Length"] != nil { faults.append("headers kept: \(written.headers)") }
        if !faults.isEmpty { throw RecordingFailed(description: faults.joined(separator: "; ")) }
    }
}
