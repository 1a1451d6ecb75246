@_spi(Views) import AppHostKit

extension Screen {
    /// A screen drawn from a SwiftUI view, made once: its `@State` lives as long as the screen,
    /// its `.task`s run as the work of the command that showed them, and an `@Observable` model it
    /// reads draws it again when it changes. `router` is what `dismiss` closes: `@Environment(\.dismiss)`
    /// at the screen's root goes back (pops the screen, or dismisses its sheet).
    public init<Content: View>(_ view: Content, router: (any RouterContract)? = nil) {
        self.init(model: nil, view: view, router: router)
    }

    /// A screen of a model and the view made from it once; a model that is a `ViewModel` is loaded
    /// before the screen is drawn, one that is a `ResultReceiver` receives results.
    public init<Model: AnyObject, Content: View>(_ model: Model, router: (any RouterContract)? = nil, view: (Model) -> Content) {
        self.init(model: model, view: view(model), router: router)
    }

    private init<Content: View>(model: AnyObject?, view: Content, router: (any RouterContract)?) {
        var environment = EnvironmentValues()
        if let router {
            let weakRouter = WeakRouter(router)
            environment.dismiss = DismissAction { MainActor.assumeIsolated { weakRouter.router?.goBack() } }
        }
        let graph = ViewGraph(root: ViewBox(view), environment: environment)
        self.init(model: model, body: { graph.render() }, viewWork: {
            graph.takeWork().map { work in
                let work = MainActorBox(value: work)
                return { work.value() }
            }
        }, layers: { graph.layers }, openURL: { text in
            guard let url = URL(string: text), !graph.urlHandlers.isEmpty else { return false }
            for handler in graph.urlHandlers { handler(url) }
            return true
        }, visibility: { shown in
            (shown ? graph.returnWithoutDrawing() : graph.leave()).map { work in
                let work = MainActorBox(value: work)
                return { work.value() }
            }
        })
    }
}

/// The router a screen's `dismiss` goes back on, not kept alive by the screen.
private final class WeakRouter: @unchecked Sendable {
    weak var router: (any RouterContract)?
    init(_ router: any RouterContract) { self.router = router }
}
