internal import Observation

/// A view model the host can load before it renders its screen.
@MainActor
public protocol ViewModel: AnyObject {
    /// Moves the state from `idle` to `loaded` (or `error`); the host awaits it before rendering.
    func load() async
}

extension ViewModel {
    /// Does nothing: a view model with nothing to load need not write `load()`.
    public func load() async {}
}

/// A view model that receives the results of the destinations it pushed or presented.
@MainActor
public protocol ResultReceiver: AnyObject {
    /// Handles a result, e.g. `if let pick = try? result.decode(as: PickerResult.self) { … }`.
    func didReceive(_ result: Route) async
}

/// A destination made ready to render: a view model and the view that draws it.
///
/// A model that is `@Observable` is watched: the host draws the screen again when a property its
/// view read changes (work the model started itself, a debounced search, say), and only then.
@MainActor
public struct Screen {
    private let loadModel: @MainActor () async -> Void
    private let makeBody: @MainActor () -> [Node]
    private let receiveResult: (@MainActor (Route) async -> Void)?
    private let appearingTask: (@MainActor () async -> Void)?
    private let observesModel: Bool
    private let takeWork: (@MainActor () -> [@MainActor () -> Void])?
    private let layers: (@MainActor () -> [ViewLayer])?
    private let urlHandler: (@MainActor (String) -> Bool)?
    private let visibility: (@MainActor (Bool) -> [@MainActor () -> Void])?
    /// The title its destination names for while the view names none (``Navigation/fallbackTitle``).
    @_spi(Host)
    public var fallbackTitle: String?

    /// Pairs a view model with its view, a pure function of the model's state.
    public init<Model: ViewModel>(_ model: Model, @ViewBuilder view: @escaping @MainActor (Model) -> [Node]) {
        loadModel = { await model.load() }
        makeBody = { view(model) }
        receiveResult = Self.resultReceiver(of: model)
        appearingTask = nil
        observesModel = model is any Observable
        takeWork = nil
        layers = nil
        urlHandler = nil
        visibility = nil
    }

    /// Pairs any model with its view; the model needs no AppHost protocol.
    public init<Model: AnyObject>(_ model: Model, @ViewBuilder view: @escaping @MainActor (Model) -> [Node]) {
        loadModel = {}
        makeBody = { view(model) }
        receiveResult = Self.resultReceiver(of: model)
        appearingTask = nil
        observesModel = model is any Observable
        takeWork = nil
        layers = nil
        urlHandler = nil
        visibility = nil
    }

    /// Pairs a model with its view and the work to start when the screen appears, as SwiftUI's
    /// `.task`: `Screen(model, task: { await $0.didAppear() }) { model in … }`. The task runs
    /// beside the screen (the screen is drawn once the work it started has settled) and is
    /// cancelled when the screen goes away.
    public init<Model: AnyObject>(
        _ model: Model,
        task: @escaping @MainActor (Model) async -> Void,
        @ViewBuilder view: @escaping @MainActor (Model) -> [Node]
    ) {
        loadModel = {}
        makeBody = { view(model) }
        receiveResult = Self.resultReceiver(of: model)
        appearingTask = { await task(model) }
        observesModel = model is any Observable
        takeWork = nil
        layers = nil
        urlHandler = nil
        visibility = nil
    }

    /// A screen with no view model.
    public init(@ViewBuilder view: @escaping @MainActor () -> [Node]) {
        loadModel = {}
        makeBody = view
        receiveResult = nil
        appearingTask = nil
        observesModel = false
        takeWork = nil
        layers = nil
        urlHandler = nil
        visibility = nil
    }

    /// A screen drawn from a tree of views that keeps state between drawings and names work to
    /// run as its views appear, change and disappear (the `SwiftUI` module's). `body` draws the
    /// tree; `viewWork` hands over, and forgets, the work the last drawing found to do. The model,
    /// if any, is loaded and receives results as a view model does.
    @_spi(Views)
    public init(
        model: AnyObject?,
        body: @escaping @MainActor () -> [Node],
        viewWork: @escaping @MainActor () -> [@MainActor () -> Void],
        layers: (@MainActor () -> [ViewLayer])? = nil,
        openURL: (@MainActor (String) -> Bool)? = nil,
        visibility: (@MainActor (Bool) -> [@MainActor () -> Void])? = nil
    ) {
        if let model = model as? any ViewModel {
            loadModel = { await model.load() }
        } else {
            loadModel = {}
        }
        makeBody = body
        receiveResult = model.flatMap(Self.resultReceiver(of:))
        appearingTask = nil
        observesModel = true
        takeWork = viewWork
        self.layers = layers
        urlHandler = openURL
        self.visibility = visibility
    }

    private static func resultReceiver(of model: AnyObject) -> (@MainActor (Route) async -> Void)? {
        guard let receiver = model as? any ResultReceiver else { return nil }
        return { await receiver.didReceive($0) }
    }

    /// True when the screen names work to start when it appears.
    @_spi(Host)
    public var hasTask: Bool { appearingTask != nil }

    /// Runs the work the screen names for when it appears, if any.
    @_spi(Host)
    public func runTask() async {
        await appearingTask?()
    }

    /// True when the screen is drawn from views that may name work to run when drawn.
    @_spi(Host)
    public var drawsViews: Bool { takeWork != nil }

    /// The work the last drawing of the screen's views found to do (a view appeared, a value it
    /// watches changed, a view went away), handed over once.
    @_spi(Host)
    public func takeViewWork() -> [@MainActor () -> Void] {
        takeWork?() ?? []
    }

    /// The navigation the screen's views own, as they were last drawn (pushed views, sheets,
    /// alerts), bottom first: above the screen's route, below nothing.
    @_spi(Host)
    public var viewLayers: [ViewLayer] { layers?() ?? [] }

    /// The screen leaves the screen (it is popped, covered by a push, or its tab is left): the
    /// work its views name for that (`.onDisappear`, their `.task`s cancelled), handed over to be
    /// run; drawn again later, its views appear anew.
    @_spi(Host)
    public func viewsLeave() -> [@MainActor () -> Void] {
        visibility?(false) ?? []
    }

    /// The screen is shown again without being drawn anew (nothing its views read has changed):
    /// the work its views name for appearing (`.onAppear`, their `.task`s started again).
    @_spi(Host)
    public func viewsReturn() -> [@MainActor () -> Void] {
        visibility?(true) ?? []
    }

    /// Hands a URL the app was asked to open to the views' `.onOpenURL` handlers, as last drawn:
    /// true if one took it.
    @_spi(Host)
    public func openURL(_ url: String) -> Bool {
        urlHandler?(url) ?? false
    }

    /// True when the model is `@Observable`: its body is worth keeping until what it read changes.
    @_spi(Host)
    public var isObservable: Bool { observesModel }

    /// Hands a result to the view model; false if it receives none.
    @_spi(Host)
    @discardableResult
    public func receive(_ result: Route) async -> Bool {
        guard let receiveResult else { return false }
        await receiveResult(result)
        return true
    }

    /// Loads the view model.
    @_spi(Host)
    public func load() async {
        await loadModel()
    }

    /// The screen's elements for the model's current state.
    @_spi(Host)
    public var body: [Node] { makeBody() }

    /// The first title in the body, else its destination's fallback, if any.
    @_spi(Host)
    public var title: String? {
        body.firstTitle ?? fallbackTitle
    }
}

extension [Node] {
    /// The first title among these nodes and their children, if any.
    @_spi(Host) @_spi(Views)
    public var firstTitle: String? {
        for node in self {
            switch node {
            case .title(let text):
                return text
            case .group(let nodes), .section(_, let nodes), .list(let nodes), .styled(_, let nodes):
                if let title = nodes.firstTitle { return title }
            default:
                continue
            }
        }
        return nil
    }
}

/// A step of navigation a screen's views own rather than the `Router`: a view pushed by a
/// `NavigationLink` or a `NavigationStack`'s path, a sheet, a full-screen cover, a popover, an
/// alert or a confirmation dialog that a view's state presents. The session shows it above the
/// screen's route and closes it as SwiftUI's `dismiss` would, by writing the state that presented it.
@_spi(Host) @_spi(Views)
public struct ViewLayer: Sendable {
    /// What kind of presentation it is; its raw value is the word the route line uses.
    public enum Kind: String, Sendable, CaseIterable {
        case push, sheet, cover, popover, alert, dialog
        /// The selected tab of a `TabView`: shown in the route line, passed over by `back` and `dismiss`.
        case tab
    }

    public var kind: Kind
    /// What it is called: the title it shows, else the label of what opened it.
    public var name: String
    /// Closes it (`isPresented = false`, `item = nil`, the path's last value removed, an alert's
    /// cancel button pressed); nil when nothing but one of its own buttons can (an alert without
    /// a cancel button).
    public var close: (@MainActor @Sendable () -> Void)?

    public init(kind: Kind, name: String, close: (@MainActor @Sendable () -> Void)?) {
        self.kind = kind
        self.name = name
        self.close = close
    }

    /// The layer as the route line writes it: `push "About"`, `sheet "New recipe"`.
    public var description: String {
        "\(kind.rawValue) \"\(String(name.map { $0 == "\"" ? "'" : $0 }))\""
    }
}
