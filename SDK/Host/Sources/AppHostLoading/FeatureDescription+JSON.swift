@_spi(Host) import AppHostNavigation
import AppHostSupport

extension FeatureDescription {
    /// The description as JSON, written without JSONEncoder: a probe writes one per feature file, and
    /// JSONEncoder's dynamic casts scan every loaded image, so their cost grows with the features loaded.
    /// ``decode(_:)`` reads it back without JSONDecoder too.
    public var json: String {
        typealias Value = JSONValue
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
    package var jsonValue: JSONValue {
        .object([
            "name": .string(name),
            "parameters": .array(parameters.map { .object(["name": .string($0.name), "type": .string($0.type)]) }),
        ])
    }
}

extension FeatureDescription.Shell {
    /// The shell as JSON: its name, style and items.
    package var jsonValue: JSONValue {
        .object([
            "name": .string(name),
            "style": .string(style),
            "items": .array(items.map { .object(["title": .string($0.title), "destination": .string($0.destination)]) }),
        ])
    }
}

// Reading a description back, as its Codable conformance would decode it, without JSONDecoder:
// a cold start reads every new feature's description (see JSONValue+Parsing.swift). A required
// field must be there with its type; an optional one may be missing or null; other keys are ignored.
extension FeatureDescription {
    /// Decodes a description from its JSON text; nil if it is not one.
    package static func decode(_ json: Substring) -> FeatureDescription? {
        guard let value = try? JSONValue(parsing: json) else { return nil }
        return FeatureDescription(json: value)
    }

    /// The description `value` holds; nil if it is not one.
    package init?(json value: JSONValue) {
        guard let fields = value.fields,
            let name = fields["name"]?.string,
            let build = fields["build"].flatMap(FeatureBuild.init(json:)),
            let routes = fields["routes"]?.list(RouteType.init(json:)),
            let shells = fields["shells"]?.list(Shell.init(json:)),
            let app = fields.optional("app", App.init(json:)),
            let needs = fields.optional("needs", { $0.list(\.string) })
        else { return nil }
        self.init(name: name, build: build, routes: routes, shells: shells, app: app, needs: needs)
    }
}

extension FeatureBuild {
    init?(json value: JSONValue) {
        guard let fields = value.fields,
            let major = fields["major"]?.uint32, let minor = fields["minor"]?.uint32, let patch = fields["patch"]?.uint32,
            let compiler = fields.optional("compiler", \.string)
        else { return nil }
        self.init(major: major, minor: minor, patch: patch, compiler: compiler)
    }
}

extension FeatureDescription.RouteType {
    init?(json value: JSONValue) {
        guard let fields = value.fields,
            let name = fields["name"]?.string, let typeName = fields["typeName"]?.string,
            let root = fields.optional("root", \.string), let role = fields.optional("role", \.string),
            let destinations = fields.optional("destinations", { $0.list(FeatureDescription.Destination.init(json:)) })
        else { return nil }
        self.init(name: name, typeName: typeName, root: root, role: role, destinations: destinations)
    }
}

extension FeatureDescription.Destination {
    init?(json value: JSONValue) {
        guard let fields = value.fields, let name = fields["name"]?.string,
            let parameters = fields["parameters"]?.list({ parameter -> FeatureDescription.Parameter? in
                guard let fields = parameter.fields, let name = fields["name"]?.string, let type = fields["type"]?.string else { return nil }
                return FeatureDescription.Parameter(name: name, type: type)
            })
        else { return nil }
        self.init(name: name, parameters: parameters)
    }
}

extension FeatureDescription.Shell {
    init?(json value: JSONValue) {
        guard let fields = value.fields, let name = fields["name"]?.string, let style = fields["style"]?.string,
            let items = fields["items"]?.list({ item -> FeatureDescription.Item? in
                guard let fields = item.fields, let title = fields["title"]?.string, let destination = fields["destination"]?.string else { return nil }
                return FeatureDescription.Item(title: title, destination: destination)
            })
        else { return nil }
        self.init(name: name, style: style, items: items)
    }
}

extension FeatureDescription.App {
    init?(json value: JSONValue) {
        guard let fields = value.fields,
            let redirects = fields["redirects"]?.list({ redirect -> FeatureDescription.Redirect? in
                guard let fields = redirect.fields, let from = fields["from"]?.string, let to = fields["to"]?.string,
                    let parameters = fields["parameters"]?.fields
                else { return nil }
                var renamed: [String: String] = [:]
                for (key, value) in parameters {
                    guard let name = value.string else { return nil }
                    renamed[key] = name
                }
                return FeatureDescription.Redirect(from: from, to: to, parameters: renamed)
            }),
            let notFound = fields.optional("notFound", \.string)
        else { return nil }
        self.init(redirects: redirects, notFound: notFound)
    }
}

extension JSONValue {
    fileprivate var uint32: UInt32? {
        if case .number(let number) = self { UInt32(exactly: number) } else { nil }
    }
}
