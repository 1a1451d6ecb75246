@_spi(Host) import AppHostKit
import AppHostSupport
import CAppHost
import CHostGuard
import Logging

extension CFeatureDefinition {
    /// The registry entry of this feature's routes, for the file at `origin`.
    @MainActor
    package func registration(origin: String, logger: Logger, validate: @escaping @MainActor (Route) throws(RouteError) -> Void) -> Registration {
        let root = rootDestination.map { Route(name: routeName, destination: $0) }
        return Registration(
            name: routeName,
            typeName: "C feature '\(name)'",
            feature: name,
            origin: origin,
            root: root,
            check: { (route) throws(RouteError) in
                _ = try self.destination(for: route, origin: origin).arguments(for: route, origin: origin)
            },
            makeScreen: { (route, router) throws(RouteError) in
                let destination = try self.destination(for: route, origin: origin)
                let arguments = try destination.arguments(for: route, origin: origin)
                let handle = CRouterHandle(router: router, logger: logger, validate: validate)
                return Screen {
                    destination.render(arguments: arguments, router: handle, logger: logger)
                }
            }
        )
    }

    private func destination(for route: Route, origin: String) throws(RouteError) -> CDestination {
        guard let name = route.destination else {
            throw RouteError(route: route.description, message: "'\(routeName)' needs a destination (\(destinations.map(\.name).joined(separator: ", ")))")
        }
        guard let destination = destinations.first(where: { $0.name == name }) else {
            let names = destinations.map(\.name)
            throw RouteError(
                route: route.description,
                message: "'\(routeName)' has no destination '\(name)'\(Suggestion.phrase(for: name, in: names)) "
                    + "(it has: \(names.joined(separator: ", ")); C feature \(origin))"
            )
        }
        return destination
    }
}

extension CDestination {
    /// Calls the render function with the host API, a fresh screen and the arguments, and returns what it built.
    @MainActor
    package func render(arguments: [FFIValue], router: CRouterHandle, logger: Logger) -> [Node] {
        // A screen that overflows its stack is reported on an alternate one, whichever thread draws it.
        apphost_guard_prepare_thread()
        let builder = CScreenBuilder(router: router)
        do {
            // The screen handle is valid for this call only: the API refuses any other pointer.
            try CHandles.screens.during(builder) { (handle) throws(FFIError) in
                try call.call(render, with: [.pointer(UnsafeMutableRawPointer(CHostAPI.table)), .pointer(handle)] + arguments)
            }
        } catch {
            logger.error("C destination '\(name)': \(error.message)", source: HostLogging.source)
            return [.error("C destination '\(name)' could not be called: \(error.message)")]
        }
        return builder.finish()
    }
}
