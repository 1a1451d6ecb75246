import FoundationEssentials
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
    }

    /// One destination of a C feature.
    public struct Destination: Codable, Hashable, Sendable {
        /// The destination's name, e.g. `license`.
        public var name: String
        /// Its parameters, in order, each as `name: type` with a C type (`int64`, `double`, `bool`, `string`).
        public var parameters: [Parameter]
    }

    /// One parameter of a C destination.
    public struct Parameter: Codable, Hashable, Sendable {
        /// The parameter's name.
        public var name: String
        /// Its C type.
        public var type: String
    }

    /// A registered shell.
    public struct Shell: Codable, Hashable, Sendable {
        /// The shell's name, e.g. `main`.
        public var name: String
        /// `tabs` or `split`.
        public var style: String
        /// Its items: each a title and the name whose start destination it opens.
        public var items: [Item]
    }

    /// One item of a shell.
    public struct Item: Codable, Hashable, Sendable {
        /// The tab's title.
        public var title: String
        /// The registered name it starts at.
        public var destination: String
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
    }

    /// One redirect: an outgoing destination, the destination it opens, and the parameters renamed.
    public struct Redirect: Codable, Hashable, Sendable {
        public var from: String
        public var to: String
        public var parameters: [String: String]
    }

    /// Decodes a description from its JSON text; nil if it is not one.
    static func decode(_ json: Substring) -> FeatureDescription? {
        try? JSONDecoder().decode(FeatureDescription.self, from: Data(json.utf8))
    }
}

extension FeatureDescription {
    /// The description as JSON, written without JSONEncoder: a probe writes one per feature file, and
    /// JSONEncoder's dynamic casts scan every loaded image, so their cost grows with the features loaded.
    /// ``decode(_:)`` reads it back with JSONDecoder.
    public var json: String {
        typealias Value = JSONRenderer.Value
        var build: [String: Value] = ["major": .number(Int(self.build.major)), "minor": .number(Int(self.build.minor)), "patch": .number(Int(self.build.patch))]
        if let compiler = self.build.compiler { build["compiler"] = .string(compiler) }
        let routes: [Value] = routes.map { route in
            var fields: [String: Value] = ["name": .string(route.name), "typeName": .string(route.typeName)]
            if let root = route.root { fields["root"] = .string(root) }
            if let role = route.role { fields["role"] = .string(role) }
            if let destinations = route.destinations {
                fields["destinations"] = .array(destinations.map(\.jsonValue))
            }
            return .object(fields)
        }
        let shells: [Value] = shells.map(\.jsonValue)
        var fields: [String: Value] = ["build": .object(build), "name": .string(name), "routes": .array(routes), "shells": .array(shells)]
        if let app {
            var declaration: [String: Value] = [
                "redirects": .array(app.redirects.map { redirect in
                    .object([
                        "from": .string(redirect.from), "to": .string(redirect.to),
                        "parameters": .object(redirect.parameters.mapValues { .string($0) }),
                    ])
                })
            ]
            if let notFound = app.notFound { declaration["notFound"] = .string(notFound) }
            fields["app"] = .object(declaration)
        }
        if let needs { fields["needs"] = .array(needs.map { .string($0) }) }
        return Value.object(fields).text
    }
}

extension FeatureDescription.Destination {
    /// The destination as JSON: its name and its parameters with their types.
    var jsonValue: JSONRenderer.Value {
        .object([
            "name": .string(name),
            "parameters": .array(parameters.map { .object(["name": .string($0.name), "type": .string($0.type)]) }),
        ])
    }
}

extension FeatureDescription.Shell {
    /// The shell as JSON: its name, style and items.
    var jsonValue: JSONRenderer.Value {
        .object([
            "name": .string(name),
            "style": .string(style),
            "items": .array(items.map { .object(["title": .string($0.title), "destination": .string($0.destination)]) }),
        ])
    }
}
