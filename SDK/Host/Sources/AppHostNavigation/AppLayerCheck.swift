@_spi(Host) import AppHostKit

/// What the loaded features' app layer lacks, found from their descriptions without loading them:
/// a redirect whose outgoing destination or target no loaded feature provides, an outgoing
/// destination with no redirect, a not-found destination nobody provides, two apps, a need nobody
/// meets. `apphost list` fails on them; a session start names them as warnings.
public struct AppLayerCheck: Sendable {
    /// Each problem, one line, naming the feature, the redirect or the need at fault.
    public let problems: [String]
    /// What is worth knowing but is no fault: outgoing destinations with no app loaded to redirect them.
    public let notes: [String]

    // Long: one pass over the descriptions, checking redirects, not-found destinations and needs against what is provided.
    /// Checks the descriptions of every usable feature file.
    public init(_ descriptions: [FeatureDescription]) {
        var provided: [String: FeatureDescription.RouteType] = [:]
        var shells: Set<String> = []
        for description in descriptions {
            for route in description.routes where provided[route.name] == nil { provided[route.name] = route }
            shells.formUnion(description.shells.map(\.name))
        }
        var problems: [String] = []

        /// Why `text` (`NAME` or `NAME/DESTINATION`) is not served by a loaded destination, or nil.
        func unserved(_ text: String, outgoing: Bool = false) -> String? {
            guard let route = try? Route(parsing: text) else { return "'\(text)' is not NAME or NAME/DESTINATION" }
            guard let type = provided[route.name], !route.name.hasPrefix(".") else {
                if route.destination == nil, shells.contains(route.name) { return nil }
                return "no loaded feature provides '\(route.name)'"
            }
            if (type.role == "outgoing") != outgoing {
                return outgoing ? "'\(route.name)' is not an outgoing type" : "'\(route.name)' is outgoing (the app redirects it)"
            }
            if let destination = route.destination, let listed = type.destinations, !listed.contains(where: { $0.name == destination }) {
                return "'\(route.name)' has no destination '\(destination)' (it lists: \(listed.map(\.name).joined(separator: ", ")))"
            }
            return nil
        }

        let apps = descriptions.filter { $0.app != nil }
        if apps.count > 1 {
            problems.append("the app is declared by \(apps.map { "'\($0.name)'" }.joined(separator: " and ")); one feature declares it")
        }
        let app = apps.first?.app
        var redirected: Set<String> = []
        var broken: [String: String] = [:]
        for redirect in app?.redirects ?? [] {
            redirected.insert(redirect.from)
            // The outgoing type of a feature that is not loaded: nothing navigates there.
            if let from = try? Route(parsing: redirect.from), provided[from.name] == nil { continue }
            if let reason = unserved(redirect.from, outgoing: true) {
                problems.append("redirect \(redirect.from) → \(redirect.to) is broken: \(reason)")
            } else if let reason = unserved(redirect.to) {
                broken[redirect.from] = "which the app redirects to \(redirect.to); \(reason)"
                problems.append("redirect \(redirect.from) → \(redirect.to) is broken: \(reason); it opens the not-found destination")
            } else if let missing = Self.missingParameters(redirect, provided) {
                problems.append("redirect \(redirect.from) → \(redirect.to) is broken: \(missing)")
            }
        }
        if let notFound = app?.notFound, let reason = unserved(notFound) {
            problems.append("the app's not-found destination \(notFound) is not served: \(reason); the host's own is shown")
        }
        var notes: [String] = []
        for description in descriptions {
            for route in description.routes where route.role == "outgoing" {
                for destination in route.destinations ?? [] where !redirected.contains("\(route.name)/\(destination.name)") {
                    if app == nil {
                        notes.append("\(description.name)'s outgoing \(route.name)/\(destination.name) opens the not-found destination: no loaded feature declares the app")
                    } else {
                        problems.append("\(description.name)'s outgoing \(route.name)/\(destination.name) leads nowhere: the app has no redirect for it; it opens the not-found destination")
                    }
                }
            }
            for need in description.needs ?? [] {
                let isOutgoing = (try? Route(parsing: need)).flatMap { provided[$0.name] }?.role == "outgoing"
                if isOutgoing {
                    if !redirected.contains(need) {
                        problems.append("\(description.name) needs \(need); the app has no redirect for it")
                    } else if let reason = broken[need] {
                        problems.append("\(description.name) needs \(need), \(reason)")
                    }
                } else if let reason = unserved(need) {
                    problems.append("\(description.name) needs \(need); \(reason)")
                }
            }
        }
        self.problems = problems
        self.notes = notes
    }

    /// The target's parameters the outgoing destination does not give, when both list theirs.
    private static func missingParameters(_ redirect: FeatureDescription.Redirect, _ provided: [String: FeatureDescription.RouteType]) -> String? {
        guard let from = try? Route(parsing: redirect.from), let to = try? Route(parsing: redirect.to),
            let source = provided[from.name]?.destinations?.first(where: { $0.name == from.destination }),
            let target = provided[to.name]?.destinations?.first(where: { $0.name == to.destination })
        else { return nil }
        let given = Set(source.parameters.map { redirect.parameters[$0.name] ?? $0.name } + to.parameters.map(\.name))
        let missing = target.parameters.map(\.name).filter { !given.contains($0) }
        return missing.isEmpty ? nil : "\(redirect.to) takes \(missing.joined(separator: ", ")), which \(redirect.from) does not give"
    }
}
