// What drawing one screen costs, stage by stage, in process: the view model's body,
// the layout pass, each renderer. The session figures are the sum of these and
// of navigation; this says which stage a change should look at.

@_spi(Host) import AppHostKit
import AppHost
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
            let router = Router(state: NavigationState(root: route))
            let screen = try registry.makeScreen(for: route, router: router)
            await screen.load()
            let body = screen.body
            let layers: [RenderLayer] = [.screen(body: body, breadcrumbs: ["Home", name])]
            let layout = ScreenLayout(layers)
            let renderer = TextRenderer()
            let count = 20_000
            let made = measure(runs: runs, count: count) { _ = screen.body }
            let laid = measure(runs: runs, count: count) { _ = ScreenLayout(layers) }
            let drawn = measure(runs: runs, count: count) { _ = renderer.draw(layout) }
            let json = measure(runs: runs, count: count) { _ = JSONRenderer().draw(layout) }
            print(String(format: "  %@: body %.2f · layout %.2f · text %.2f · JSON %.2f", name, made, laid, drawn, json))
        }
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
