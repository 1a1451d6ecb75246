/// A view model the host can load before it renders its screen.
@MainActor
public protocol ViewModel: AnyObject {
    /// Moves the state from `idle` to `loaded` (or `error`); the host awaits it before rendering.
    func load() async
}

extension ViewModel {
    public func load() async {}
}

/// A destination made ready to render: a view model and the view that draws it.
@MainActor
public struct Screen {
    private let loadModel: @MainActor () async -> Void
    private let makeBody: @MainActor () -> [Node]

    /// Pairs a view model with its view, a pure function of the model's state.
    public init<Model: ViewModel>(_ model: Model, @ViewBuilder view: @escaping @MainActor (Model) -> [Node]) {
        loadModel = { await model.load() }
        makeBody = { view(model) }
    }

    /// A screen with no view model.
    public init(@ViewBuilder view: @escaping @MainActor () -> [Node]) {
        loadModel = {}
        makeBody = view
    }

    /// Loads the view model.
    public func load() async {
        await loadModel()
    }

    /// The screen's elements for the model's current state.
    public var body: [Node] { makeBody() }

    /// The first title in the body, if any.
    public var title: String? {
        body.firstTitle
    }
}

extension [Node] {
    /// The first title among these nodes and their children, if any.
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
