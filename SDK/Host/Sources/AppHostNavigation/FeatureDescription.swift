import Glibc

/// What a feature library registers, as a probe reports it and the registry cache keeps it:
/// enough to resolve names, start destinations and shells without loading the library.
public struct FeatureDescription: Codable, Hashable, Sendable {
    /// One registered navigation type (or a C feature's route name).
    public struct RouteType: Codable, Hashable, Sendable {
        /// The route name, e.g. `character`.
        public var name: String
        /// The navigation type's qualified name, or `C feature 'about'`.
        public var typeName: String
        /// The route `--start NAME` opens, if any, as text.
        public var root: String?
        /// What the name is in the app layer: nil for destinations, or `outgoing`, `app` or `deep links`.
        public var role: String? = nil
        /// The destinations with their parameters: a C feature's, or those a Swift type lists (`allDestinations`); nil when unknown.
        public var destinations: [Destination]?

        package init(name: String, typeName: String, root: String?, role: String? = nil, destinations: [FeatureDescription.Destination]?) {
            self.name = name
            self.typeName = typeName
            self.root = root
            self.role = role
            self.destinations = destinations
        }
    }

    /// One destination of a C feature.
    public struct Destination: Codable, Hashable, Sendable {
        /// The destination's name, e.g. `license`.
        public var name: String
        /// Its parameters, in order, each as `name: type` with a C type (`int64`, `double`, `bool`, `string`).
        public var parameters: [Parameter]

        package init(name: String, parameters: [FeatureDescription.Parameter]) {
            self.name = name
            self.parameters = parameters
        }
    }

    /// One parameter of a C destination.
    public struct Parameter: Codable, Hashable, Sendable {
        /// The parameter's name.
        public var name: String
        /// Its C type.
        public var type: String

        package init(name: String, type: String) {
            self.name = name
            self.type = type
        }
    }

    /// A registered shell.
    public struct Shell: Codable, Hashable, Sendable {
        /// The shell's name, e.g. `main`.
        public var name: String
        /// `tabs` or `split`.
        public var style: String
        /// Its items: each a title and the name whose start destination it opens.
        public var items: [Item]

        package init(name: String, style: String, items: [FeatureDescription.Item]) {
            self.name = name
            self.style = style
            self.items = items
        }
    }

    /// One item of a shell.
    public struct Item: Codable, Hashable, Sendable {
        /// The tab's title.
        public var title: String
        /// The registered name it starts at.
        public var destination: String

        package init(title: String, destination: String) {
            self.title = title
            self.destination = destination
        }
    }

    /// The feature's name.
    public var name: String
    /// Who built it.
    public var build: FeatureBuild
    /// Its navigation types (or C route name).
    public var routes: [RouteType]
    /// Its shells.
    public var shells: [Shell]
    /// The app it declares, if it does: its redirect table and its not-found destination.
    public var app: App? = nil
    /// What it needs of other features, `NAME` or `NAME/DESTINATION` each.
    public var needs: [String]? = nil

    /// An app's declaration.
    public struct App: Codable, Hashable, Sendable {
        /// The redirect table.
        public var redirects: [Redirect]
        /// The not-found destination, `NAME/DESTINATION`; nil for the host's own.
        public var notFound: String?

        package init(redirects: [FeatureDescription.Redirect], notFound: String?) {
            self.redirects = redirects
            self.notFound = notFound
        }
    }

    /// One redirect: an outgoing destination, the destination it opens, and the parameters renamed.
    public struct Redirect: Codable, Hashable, Sendable {
        public var from: String
        public var to: String
        public var parameters: [String: String]

        package init(from: String, to: String, parameters: [String: String]) {
            self.from = from
            self.to = to
            self.parameters = parameters
        }
    }

    package init(name: String, build: FeatureBuild, routes: [RouteType], shells: [Shell], app: App? = nil, needs: [String]? = nil) {
        self.name = name
        self.build = build
        self.routes = routes
        self.shells = shells
        self.app = app
        self.needs = needs
    }
}
