@_spi(Host) import AppHostNavigation
import AppHostSupport

extension FeatureDescription {
    /// The description as JSON, written without JSONEncoder: a probe writes one per feature file, and
    /// JSONEncoder's dynamic casts scan every loaded image, so their cost grows with the features loaded.
    /// ``decode(_:)`` reads it back with JSONDecoder.
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
