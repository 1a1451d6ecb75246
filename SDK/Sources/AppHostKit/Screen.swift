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
@MainActor
public struct Screen {
    private let loadModel: @MainActor () async -> Void
    private let makeBody: @MainActor () -> [Node]
    private let receiveResult: (@MainActor (Route) async -> Void)?

    /// Pairs a view model with its view, a pure function of the model's state.
    public init<Model: ViewModel>(_ model: Model, @ViewBuilder view: @escaping @MainActor (Model) -> [Node]) {
        loadModel = { await model.load() }
        makeBody = { view(model) }
        if let receiver = model as? any ResultReceiver {
            receiveResult = { await receiver.didReceive($0) }
        } else {
            receiveResult = nil
        }
    }

    /// A screen with no view model.
    public init(@ViewBuilder view: @escaping @MainActor () -> [Node]) {
        loadModel = {}
        makeBody = view
        receiveResult = nil
    }

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

    /// The first title in the body, if any.
    @_spi(Host)
    public var title: String? {
        body.firstTitle
    }
}

extension [Node] {
    /// The first title among these nodes and their children, if any.
    @_spi(Host)
    public var firstTitle: String? {
        for node in self {
            switch node {
            case .title(let text):
                return text
            case .group(let nodes), .section(_, let nodes), .list(let nodes):
                if let title = nodes.firstTitle { return title }
            default:
                continue
            }
        }
        return nil
    }
}
