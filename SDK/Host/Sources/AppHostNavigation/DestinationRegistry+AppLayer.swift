// The registry's side of the app layer: outgoing types, redirects, the not-found destination,
// URL deep links.

@_spi(Host) import AppHostKit

extension DestinationRegistry {
    /// The registration named `name`, its feature loaded if it was deferred.
    private func loaded(_ name: String) -> Registration? {
        // Not through registration(for:): an unknown name would build an error message, listing every name, to throw away.
        if let registration = registrations[name] { return registration }
        return loadDeferred(name) ? registrations[name] : nil
    }

    /// The app's declaration, if a loaded feature declares it (its feature is loaded now if deferred).
    package var app: AppDeclaration? {
        guard case .app(let app)? = loaded(AppDeclaration.registeredName)?.role else { return nil }
        return app
    }

    /// Whether `name` is a feature's outgoing navigation type.
    public func isOutgoing(_ name: String) -> Bool {
        // Every navigation asks: a registered name is answered without copying its registration.
        if outgoingNames.contains(name) { return true }
        if registrations.index(forKey: name) != nil { return false }
        guard case .outgoing? = loaded(name)?.role else { return false }
        return true
    }

    /// Where navigating to `route` lands: `route` itself, unless it is outgoing; then the app's
    /// redirect of it, or the not-found destination with a warning naming the outgoing value and why.
    public func redirect(_ route: Route) -> (route: Route, warning: String?) {
        guard !route.name.hasPrefix("."), isOutgoing(route.name) else { return (route, nil) }
        func notFound(_ reason: String) -> (route: Route, warning: String?) {
            let destination = notFoundRoute(for: route.description)
            return (destination, "outgoing \(route): \(reason); showing \(destination.path)")
        }
        guard let app else {
            return notFound("no loaded feature declares the app, whose redirects say where it goes")
        }
        guard let redirect = app.redirect(for: route) else {
            return notFound("the app has no redirect for \(route.path)")
        }
        do throws(RouteError) {
            let target = try redirect.target(of: route)
            try validate(target)
            return (target, nil)
        } catch {
            return notFound("it redirects to \(redirect.to), but \(error.message)")
        }
    }

    /// The not-found destination for what `text` names: the app's, given `route=text`, when a loaded
    /// feature provides it; else the host's own.
    public func notFoundRoute(for text: String) -> Route {
        if let declared = app?.notFound, var route = try? Route(parsing: declared) {
            route.parameters.append(Route.Parameter(name: "route", value: text))
            if (try? validate(route)) != nil { return route }
        }
        registerHostNotFound()
        return Route(name: HostNotFound.routeName, destination: "notFound", parameters: [Route.Parameter(name: "route", value: text)])
    }

    private func registerHostNotFound() {
        guard (try? validate(Route(name: HostNotFound.routeName, destination: "notFound", parameters: [.init(name: "route", value: "")]))) == nil else { return }
        try? register(HostNotFound.self, feature: HostNotFound.routeName) { destination, router in
            guard case .notFound(let route) = destination else { return Screen {} }
            return Screen {
                Title("Not found")
                Text("Nothing in this app answers \(route).")
                Button("Back") { router.goBack() }
            }
        }
    }

    /// A URL deep link of `route`, from a handler of the feature that provides it, if it makes one.
    public func url(for route: Route) -> String? {
        guard let feature = registrations[route.name]?.feature else { return nil }
        for registration in registrations.values where registration.feature == feature {
            if case .deepLinks(_, _, _, let makeURL) = registration.role, let url = makeURL(route) { return url }
        }
        return nil
    }

    /// The `scheme://host` of every deep-link handler, registered or deferred, sorted.
    public var deepLinkHosts: [String] {
        allNames.compactMap(Self.deepLinkHost)
    }

    /// `scheme://host` of a handler's reserved name, `.url.<scheme>_<host>`.
    @_spi(Fuzzing) public nonisolated static func deepLinkHost(ofName name: String) -> String? {
        // By scalars: a host may begin with a combining mark, which joins the `_` into one character.
        let scalars = name.unicodeScalars
        guard name.hasPrefix(".url."), let underscore = scalars.firstIndex(of: "_") else { return nil }
        let scheme = scalars[scalars.index(scalars.startIndex, offsetBy: 5)..<underscore]
        return "\(String(scheme))://\(String(scalars[scalars.index(after: underscore)...]))"
    }

    /// The destination of a URL deep link, from the handler of its scheme and host; the error names
    /// the URL and the handler that declined it, or the handlers there are.
    public func resolve(url: DeepLinkURL) throws(RouteError) -> Route {
        let name = DeepLinkURL.registeredName(scheme: url.scheme, host: url.host)
        guard let registration = loaded(name), case .deepLinks(_, _, let resolve, _) = registration.role else {
            let hosts = deepLinkHosts
            throw RouteError(
                route: url.description,
                message: "no loaded feature handles \(url.scheme)://\(url.host) links (handlers: \(hosts.isEmpty ? "none" : hosts.joined(separator: ", ")))"
            )
        }
        guard let route = resolve(url) else {
            throw RouteError(route: url.description, message: "the handler of \(url.scheme)://\(url.host) (feature \(registration.feature)) does not know this URL")
        }
        try validate(route)
        return redirect(route).route
    }
}
