// What drawing one screen costs, stage by stage, in process: the view model's body,
// the layout pass, each renderer, and the comparison that reuses a screen drawn before.
// The session figures are the sum of these and of navigation; this says which stage a
// change should look at.

@_spi(Host) import AppHostKit
@_spi(Host) import AppHost
import Foundation

@MainActor
enum StageBenchmark {
    static func run(buildDirectory: URL, runs: Int) async throws {
        let host = FeatureHost()
        host.loadFeatures(from: FeatureDiscovery(directories: [buildDirectory.path]))
        let registry = host.registry
        let screens: [(String, String)] = [("Home", "home"), ("Characters (24 rows)", "character/list"), ("Rick", "character/detail?identifier=1"), ("About (C)", "about")]
        print("in process, one screen drawn again and again, median of \(runs) runs, µs a screen")
        for (name, text) in screens {
            guard let route = registry.root(named: text) ?? (try? Route(parsing: text)) else {
                throw BenchmarkError(message: "\(text) is not a route of the loaded features")
            }
            // The screen as a session shows it: made, loaded, and its appearing work (a
            // ViewModel's load, a screen's task, a SwiftUI view's `.task`) settled.
            let session = Session(registry: registry, start: route, options: Session.Options(virtualTime: true), output: { _ in }, errorOutput: { _ in })
            await session.start()
            guard let screen = session.topScreen else { throw BenchmarkError(message: "\(text) shows no screen") }
            // Timing a screen still loading would say nothing of the one people see.
            if let shown = session.current?.text, shown.contains("Loading") {
                throw BenchmarkError(message: "\(text) still shows its loading state after the session settled:\n\(shown)")
            }
            let body = screen.body
            let layers: [RenderLayer] = [.screen(body: body, breadcrumbs: ["Home", name])]
            let layout = ScreenLayout(layers)
            let renderer = TextRenderer()
            let count = 20_000
            let made = measure(runs: runs, count: count) { _ = screen.body }
            let laid = measure(runs: runs, count: count) { _ = ScreenLayout(layers) }
            let drawn = measure(runs: runs, count: count) { _ = renderer.draw(layout) }
            let json = measure(runs: runs, count: count) { _ = JSONRenderer().draw(layout) }
            // What reusing a drawn screen costs instead of the layout and drawing: comparing the
            // new body with the one kept (built separately, as a session's would be).
            let kept = screen.body.withoutActions
            let same = measure(runs: runs, count: count) { _ = body.showsSame(as: kept) }
            guard body.showsSame(as: kept) else { throw BenchmarkError(message: "\(name) does not show the same twice") }
            // A session opened at the screen: made, loaded, settled and drawn.
            let fresh = try await measureAsync(runs: runs, count: count / 10) {
                let session = Session(registry: registry, start: route, options: Session.Options(virtualTime: true), output: { _ in }, errorOutput: { _ in })
                await session.start()
            }
            print(String(format: "  %@: opened %.2f · body %.2f · layout %.2f · text %.2f · JSON %.2f · same as drawn %.2f", name, fresh, made, laid, drawn, json, same))
        }
        let count = 20_000
        let parse = measure(runs: runs, count: count) { _ = try? SessionCommand.parse("tap 1") }
        let link = measure(runs: runs, count: count) { _ = try? DeepLink(parsing: "character/detail?identifier=2") }
        let decode = measure(runs: runs, count: count) { _ = try? registry.validate(Route(parsing: "character/detail?identifier=2")) }
        print(String(format: "  parse 'tap 1' %.2f · parse a deep link %.2f · check a route %.2f", parse, link, decode))
    }

    private static func measureAsync(runs: Int, count: Int, _ body: () async throws -> Void) async throws -> Double {
        var samples: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let started = clock.now
            for _ in 0..<count { try await body() }
            samples.append(seconds(clock.now - started) / Double(count) * 1e6)
        }
        return median(samples)
    }

    private static func measure(runs: Int, count: Int, _ body: () -> Void) -> Double {
        var samples: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let started = clock.now
            for _ in 0..<count { body() }
            samples.append(seconds(clock.now - started) / Double(count) * 1e6)
        }
        return median(samples)
    }
}
