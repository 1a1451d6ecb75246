@_spi(Fuzzing) @testable import AppHost
@_spi(Fuzzing) import AppHostFuzzing
@_spi(Host) import AppHostKit
import Foundation
import Testing

/// Every input the fuzzers keep (Fuzz/Corpus/<target>/) and every crash they found
/// (Fuzz/Crashes/<target>/) runs through its target again: a target stops the
/// process when a promise is broken, so a regression fails the suite loudly.
@MainActor
@Suite
struct FuzzRegressionTests {
    nonisolated static let fuzz = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    /// The kept inputs of a folder, as (target, file name) pairs.
    nonisolated static func inputs(in folder: String) -> [String] {
        FuzzTarget.allCases.flatMap { target in
            let directory = fuzz.appendingPathComponent(folder).appendingPathComponent(target.rawValue)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(folder)/\(target.rawValue)/\($0)" }
        }
    }

    @Test
    func everyTargetHasASeedCorpus() {
        let inputs = Self.inputs(in: "Corpus")
        for target in FuzzTarget.allCases {
            #expect(inputs.contains { $0.hasPrefix("Corpus/\(target.rawValue)/") }, "no corpus for \(target.rawValue)")
        }
    }

    @Test(arguments: inputs(in: "Corpus") + inputs(in: "Crashes"))
    func replays(_ input: String) async throws {
        let parts = input.split(separator: "/")
        let target = try #require(FuzzTarget(rawValue: String(parts[1])))
        let data = try Data(contentsOf: Self.fuzz.appendingPathComponent(input))
        await target.run(Array(data))
    }
}

/// What the fuzzers found, kept as tests of their own.
@MainActor
@Suite
struct FuzzFindingsTests {
    /// Found by the session target: a load that presents over itself, made again and again (a tap,
    /// then `replace` on the stack on top), nested sheets until `state` printed a deep link too deep
    /// to read back.
    @Test
    func presentationsStopAtTheirLimitAndTheStateStillReadsBack() async throws {
        var errors: [String] = []
        let session = Session(
            registry: SessionFuzzing.registry,
            state: AppState(NavigationState(root: Route(name: "app", destination: "home"))),
            output: { _ in },
            errorOutput: { errors.append($0) }
        )
        await session.start()
        await session.execute("tap Loop")
        // Each new Looping screen on top presents over itself again while it loads.
        for _ in 0..<3 {
            await session.execute("replace app/looping")
        }

        var depth = 0
        var state: NavigationState? = session.state.current
        while let presented = state?.presentation?.presentedState {
            depth += 1
            state = presented
        }
        #expect(depth == Router.maximumPresentationDepth)
        #expect(errors.contains { $0.contains("at most \(Router.maximumPresentationDepth) presentations may be nested") })
        let printed = session.deepLink.description
        #expect(try DeepLink(parsing: printed).description == printed)
    }

    @Test
    func aStateFileNestedDeeperThanAnyStateIsRefusedNotRecursedInto() {
        let deep = String(repeating: "{\"a\":", count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        guard case .failure(let problem) = StateStore.decode(Data(deep.utf8)) else {
            Issue.record("a 100,000-deep file was decoded")
            return
        }
        #expect(problem.reason == "is nested more than 256 deep; no state is (StateStore.maximumNesting)")
    }

    @Test
    func aRestoredStateKeepsAtMostTheRoutersPresentationDepth() {
        var state = NavigationState(root: Route(name: "app", destination: "picker"))
        for _ in 0..<40 {
            state = NavigationState(root: Route(name: "app", destination: "home"), presentation: .sheet(state))
        }
        var reports: [String] = []

        let kept = Launch.prune(state, registry: SessionFuzzing.registry, report: { reports.append($0) })

        var depth = 0
        var current = kept
        while let presented = current?.presentation?.presentedState {
            depth += 1
            current = presented
        }
        #expect(depth == Router.maximumPresentationDepth)
        #expect(reports == ["dropped the presentations nested more than 24 deep (Router.maximumPresentationDepth)"])
    }

    /// Found by the deepLink target: a host that begins with a combining mark (U+065D) joins the
    /// `_` of the handler's reserved name into one character, so a search by characters missed it.
    @Test
    func aHandlerNameReadsBackWhenItsHostBeginsWithACombiningMark() {
        let name = DeepLinkURL.registeredName(scheme: "x+z", host: "\u{65D}")
        #expect(DestinationRegistry.deepLinkHost(ofName: name) == "x+z://\u{65D}")
        #expect(DestinationRegistry.deepLinkHost(ofName: ".url.app_home") == "app://home")
        #expect(DestinationRegistry.deepLinkHost(ofName: "home") == nil)
    }
}
