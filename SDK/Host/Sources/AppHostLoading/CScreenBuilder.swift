// The host API table a C feature builds its screens with, and the objects
// behind its opaque handles. A render function receives an `apphost_screen *`
// that is an unretained CScreenBuilder; an action receives an
// `apphost_router *` that is an unretained CRouterHandle. Both live in Swift
// for longer than the C call that sees them. Every string crossing in is
// copied into a Swift String before the call returns.

@_spi(Host) import AppHostKit
@_spi(Host) import AppHostNavigation
import AppHostSupport
import CAppHost
import FoundationEssentials
import Glibc
import Logging
import Synchronization

/// Collects the nodes a C render function adds, with lists and sections nested by begin/end pairs.
package final class CScreenBuilder {
    private var stack: [(kind: Container, nodes: [Node])] = [(.root, [])]
    fileprivate let router: CRouterHandle
    private(set) var problems: [String] = []

    package enum Container {
        case root
        case list
        case section(String?)
    }

    package init(router: CRouterHandle) {
        self.router = router
    }

    /// The screen behind `handle`, if it is the screen of a render call in progress; any other pointer
    /// (a router handle, a kept handle, garbage) is refused without being followed.
    package static func from(_ handle: OpaquePointer?) -> CScreenBuilder? {
        guard let object = CHandles.screens.object(handle.map(UnsafeRawPointer.init)) else {
            CHandles.refused("a screen", handle)
            return nil
        }
        return Unmanaged<CScreenBuilder>.fromOpaque(UnsafeRawPointer(object)).takeUnretainedValue()
    }

    /// How many nodes the feature added. Past one more than `BodyNesting.maximumElements` they are
    /// dropped as they come, so that a screen of millions never sits in memory; the cut and its
    /// message are the one every screen gets.
    private var added = 0

    /// Takes `node` (consumed: a node is resilient here, and a copy of one goes through the runtime).
    package func add(_ node: consuming Node) {
        added += 1
        guard added <= BodyNesting.maximumElements + 1 else { return }
        stack[stack.count - 1].nodes.append(node)
    }

    /// The feature drawing this screen, from its logger's label (`apphost.<feature>`).
    package var feature: String {
        router.logger.label.hasPrefix("apphost.") ? String(router.logger.label.dropFirst(8)) : router.logger.label
    }

    /// Says something about this screen below it, as the nesting check does.
    package func note(_ problem: String) {
        problems.append(problem)
    }

    /// The deepest a C screen may nest its lists and sections (as deep links may, `DeepLink.maximumNesting`).
    /// Deeper ones are not opened: what they hold goes into the deepest one open, and the screen
    /// says so, naming the feature. The host's layout and renderers then never recurse deeper.
    package static let maximumNesting = 32

    /// How many begins past ``maximumNesting`` are waiting for their ends.
    private var ignoredBegins = 0
    /// Whether the screen already says it nested too deep.
    private var reportedNesting = false

    package func begin(_ container: Container) {
        added += 1
        // A container past the most elements is not opened, as one nested too deep is not.
        guard added <= BodyNesting.maximumElements + 1 else {
            ignoredBegins += 1
            return
        }
        guard stack.count - 1 < Self.maximumNesting else {
            if !reportedNesting {
                reportedNesting = true
                let feature = router.logger.label.hasPrefix("apphost.") ? String(router.logger.label.dropFirst(8)) : router.logger.label
                problems.append("lists and sections nested more than \(Self.maximumNesting) deep in \(feature)'s screen; the deeper ones are shown flat (CScreenBuilder.maximumNesting)")
            }
            ignoredBegins += 1
            return
        }
        stack.append((container, []))
    }

    package func end(_ expected: String) {
        if ignoredBegins > 0 {
            ignoredBegins -= 1
            return
        }
        guard stack.count > 1 else {
            problems.append("end_\(expected) without a matching begin_\(expected)")
            return
        }
        close()
    }

    private func close() {
        let (container, nodes) = stack.removeLast()
        switch container {
        case .root: break
        case .list: stack[stack.count - 1].nodes.append(.list(nodes))
        case .section(let header): stack[stack.count - 1].nodes.append(.section(header, nodes))
        }
    }

    /// The finished tree; containers left open are closed, and each unmatched begin or end is shown as an error.
    package func finish() -> [Node] {
        if stack.count > 1 {
            problems.append("\(stack.count - 1) list or section left open")
        }
        while stack.count > 1 { close() }
        return stack[0].nodes + problems.map { Node.error("C feature: \($0)") }
    }
}

/// What a C action may do to navigation, behind an `apphost_router *`.
@MainActor
package final class CRouterHandle {
    package let router: any RouterContract
    package let logger: Logger
    /// Checks that a route resolves to a registered destination.
    package let validate: @MainActor (Route) throws(RouteError) -> Void

    package init(router: any RouterContract, logger: Logger, validate: @escaping @MainActor (Route) throws(RouteError) -> Void) {
        self.router = router
        self.logger = logger
        self.validate = validate
    }

    /// The router behind `address`, if it is the router of an action call in progress; any other
    /// pointer (a screen handle, a kept handle, garbage) is refused without being followed.
    package static func from(address: Int) -> CRouterHandle? {
        guard let object = CHandles.routers.object(UnsafeRawPointer(bitPattern: address)) else {
            CHandles.refused("a router", UnsafeMutableRawPointer(bitPattern: address).map(OpaquePointer.init))
            return nil
        }
        return Unmanaged<CRouterHandle>.fromOpaque(UnsafeRawPointer(object)).takeUnretainedValue()
    }
}

/// The handles a C feature may pass back to the host API: each is valid only during the call that
/// handed it over (a render function's screen, an action's router), so the API checks a pointer
/// against those before it follows it. A feature that passes its screen to `navigate`, or keeps a
/// handle for later, gets an error line and nothing done, never a crash in the host.
package enum CHandles {
    /// The handles of one kind handed to calls in progress (calls nest: an action can draw). A handle
    /// is a token, never the object's address: tokens are never reused, so one kept from an earlier
    /// call is told apart even when a new object sits where the old one was, and the host never
    /// follows a pointer a feature made up.
    package final class Live: Sendable {
        private let handles = Mutex<[(token: UInt, object: UInt)]>([])

        /// Runs `body` with a fresh handle for `object`, valid until it returns.
        func during<Result, Failure: Error>(
            _ object: AnyObject, _ body: (UnsafeMutableRawPointer) throws(Failure) -> Result
        ) throws(Failure) -> Result {
            let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
            // One count for screens and routers alike: a handle of one kind is never one of the other.
            let token = CHandles.next.withLock { next in
                defer { next &+= 16 }
                return next
            }
            handles.withLock { $0.append((token, address)) }
            defer { handles.withLock { live in live.removeAll { $0.token == token } } }
            // A token is never zero, so it makes a pointer.
            return try withExtendedLifetime(object) { () throws(Failure) -> Result in try body(UnsafeMutableRawPointer(bitPattern: token)!) }
        }

        /// The object behind `handle`, if it is the handle of a call in progress.
        func object(_ handle: UnsafeRawPointer?) -> UnsafeMutableRawPointer? {
            let token = UInt(bitPattern: handle)
            let object = handles.withLock { live in live.last { $0.token == token }?.object }
            return object.flatMap { UnsafeMutableRawPointer(bitPattern: $0) }
        }

        /// The object of the innermost call in progress.
        var innermost: UnsafeMutableRawPointer? {
            handles.withLock { $0.last?.object }.flatMap { UnsafeMutableRawPointer(bitPattern: $0) }
        }
    }

    /// The next handle given out.
    package static let next = Mutex<UInt>(0x10000)
    package static let screens = Live()
    package static let routers = Live()

    /// Says that a pointer that is no live handle of `kind` was passed: on the screen being drawn, when
    /// one is (naming its feature), and in the log.
    package static func refused(_ kind: String, _ handle: OpaquePointer?) {
        let pointer = handle.map { "\(UnsafeRawPointer($0))" } ?? "NULL"
        let detail = "passed \(pointer) where \(kind) handle of the call in progress was expected; the call was ignored (a handle is valid only during the call that gave it)"
        guard let screen = screens.innermost else {
            if let router = routers.innermost {
                // An action in progress: its router names the feature.
                let handle = Unmanaged<CRouterHandle>.fromOpaque(UnsafeRawPointer(router)).takeUnretainedValue()
                handle.logger.error("\(detail)", source: HostLogging.source)
            } else {
                Logger(label: "apphost.c").error("a C feature \(detail)", source: HostLogging.source)
            }
            return
        }
        let builder = Unmanaged<CScreenBuilder>.fromOpaque(UnsafeRawPointer(screen)).takeUnretainedValue()
        builder.note("\(builder.feature) \(detail)")
        builder.router.logger.error("\(detail)", source: HostLogging.source)
    }
}

/// Converts an action's C arguments to values the host keeps until the button is tapped.
private func copyArguments(_ count: UInt32, _ arguments: UnsafePointer<apphost_value>?) -> Result<[FFIValue], FFIError> {
    guard count <= UInt32(APPHOST_MAX_PARAMETERS) else {
        return .failure(FFIError(message: "\(count) arguments, at most \(APPHOST_MAX_PARAMETERS) are allowed"))
    }
    guard count > 0 else { return .success([]) }
    guard let arguments else { return .failure(FFIError(message: "arguments is null but argument_count is \(count)")) }
    var values: [FFIValue] = []
    for index in 0..<Int(count) {
        let argument = arguments[index]
        switch FFIType(tag: argument.type) {
        case .int64: values.append(.int64(argument.value.int64))
        case .double: values.append(.double(argument.value.float64))
        case .bool: values.append(.bool(argument.value.boolean))
        case .string:
            guard let text = argument.value.string else {
                return .failure(FFIError(message: "argument \(index + 1) is a null string"))
            }
            values.append(.string(String(cString: text)))
        case .pointer, nil:
            return .failure(FFIError(message: "argument \(index + 1) has unknown type tag \(argument.type)"))
        }
    }
    return .success(values)
}

private func parseRoute(_ text: UnsafePointer<CChar>?) -> Result<Route, RouteError> {
    do {
        return .success(try Route(parsing: string(text)))
    } catch {
        return .failure(error)
    }
}

/// The routes of link texts seen: a C screen names its links as text at every draw, and reading a
/// route costs more than the rest of a link. At most 256 are kept; failures are read again.
private let linkRoutes = KeptValues<String, Route>(limit: 256)

private func linkRoute(_ text: UnsafePointer<CChar>?) -> Result<Route, RouteError> {
    let text = string(text)
    do {
        return .success(try linkRoutes.value(for: text) { () throws(RouteError) in try Route(parsing: text) })
    } catch {
        return .failure(error)
    }
}

private func prepare(_ types: [FFIType]) -> Result<FFIFunction, FFIError> {
    do {
        return .success(try FFIFunction.prepared(argumentTypes: types))
    } catch {
        return .failure(error)
    }
}

private func invoke(_ call: FFIFunction, _ function: @convention(c) () -> Void, _ values: [FFIValue]) -> Result<Void, FFIError> {
    do {
        return .success(try call.call(function, with: values))
    } catch {
        return .failure(error)
    }
}

private func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
}

/// The one host API table, handed to every C render function and action.
package enum CHostAPI {
    package nonisolated(unsafe) static let table: UnsafeMutablePointer<apphost_host_api> = {
        let table = UnsafeMutablePointer<apphost_host_api>.allocate(capacity: 1)
        table.initialize(to: apphost_host_api(
            abi_version: UInt32(APPHOST_ABI_VERSION),
            size: UInt32(MemoryLayout<apphost_host_api>.size),
            title: { screen, text in CScreenBuilder.from(screen)?.add(.title(string(text))) },
            text: { screen, text in CScreenBuilder.from(screen)?.add(.text(string(text))) },
            link: { screen, label, route in
                guard let builder = CScreenBuilder.from(screen) else { return }
                switch linkRoute(route) {
                case .success(let destination):
                    builder.add(.link(string(label), destination: destination, failure: nil))
                case .failure(let error):
                    builder.add(.link(string(label), destination: nil, failure: error.description))
                }
            },
            button: { screen, label, action, count, arguments in
                guard let builder = CScreenBuilder.from(screen) else { return }
                let label = string(label)
                switch copyArguments(count, arguments) {
                case .failure(let error):
                    builder.add(.error("C feature: button '\(label)': \(error.message)"))
                case .success(let values):
                    guard let action else {
                        builder.add(.error("C feature: button '\(label)' has a null action"))
                        return
                    }
                    let router = builder.router
                    let call: FFIFunction
                    switch prepare([.pointer, .pointer] + values.map(\.type)) {
                    case .success(let prepared):
                        call = prepared
                    case .failure(let error):
                        builder.add(.error("C feature: button '\(label)': \(error.message)"))
                        return
                    }
                    nonisolated(unsafe) let function = action
                    builder.add(.button(label, action: ButtonAction { @MainActor in
                        let outcome = CHandles.routers.during(router) { handle in
                            invoke(call, function, [.pointer(UnsafeMutableRawPointer(CHostAPI.table)), .pointer(handle)] + values)
                        }
                        if case .failure(let error) = outcome {
                            router.logger.error("C action '\(label)': \(error.message)", source: HostLogging.source)
                        }
                    }))
                }
            },
            begin_list: { screen in CScreenBuilder.from(screen)?.begin(.list) },
            end_list: { screen in CScreenBuilder.from(screen)?.end("list") },
            begin_section: { screen, header in CScreenBuilder.from(screen)?.begin(.section(header.map { String(cString: $0) })) },
            end_section: { screen in CScreenBuilder.from(screen)?.end("section") },
            divider: { screen in CScreenBuilder.from(screen)?.add(.divider) },
            error: { screen, message in CScreenBuilder.from(screen)?.add(.error(string(message))) },
            navigate: { handle, route in
                let address = Int(bitPattern: handle)
                let parsed = parseRoute(route)
                return MainActor.assumeIsolated {
                    guard let router = CRouterHandle.from(address: address) else { return false }
                    switch parsed {
                    case .success(let destination):
                        do {
                            try router.validate(destination)
                        } catch {
                            router.logger.error("C action navigate: \(error)", source: HostLogging.source)
                            return false
                        }
                        router.router.navigate(to: destination)
                        return true
                    case .failure(let error):
                        router.logger.error("C action navigate: \(error.description)", source: HostLogging.source)
                        return false
                    }
                }
            },
            go_back: { handle in
                let address = Int(bitPattern: handle)
                MainActor.assumeIsolated { CRouterHandle.from(address: address)?.router.goBack() }
            },
            alert: { handle, title, message in
                let address = Int(bitPattern: handle)
                let alert = Alert(title: string(title), message: message.map { String(cString: $0) })
                MainActor.assumeIsolated { CRouterHandle.from(address: address)?.router.showAlert(alert) }
            }
        ))
        return table
    }()
}
