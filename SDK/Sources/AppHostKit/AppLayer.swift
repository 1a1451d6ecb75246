// The app layer: features that know nothing of each other. A feature navigates to values of its
// own outgoing type; the app (one feature that declares it) redirects each to another feature's
// destination, or to its not-found destination. Features own the URL deep links of their part of the
// app, and declare what they need of others.
//
// The host finds these by name, as it finds destinations: the app's declaration is registered under
// the reserved name `.app`, and a deep-link handler under `.url.<scheme>_<host>`, so a feature that
// declares them is loaded only when one is needed.

/// Where a feature wants to go that another feature serves ("this character's episodes"): a type of
/// the feature's own, navigated to and presented like any destination. The app redirects each value
/// to another feature's destination, or to its not-found destination when none is there.
///
/// ```swift
/// enum CharacterOutgoingNavigation: OutgoingNavigation {
///     case episodes(characterIdentifier: Int)
///     static let routeName = "character-outgoing"
/// }
/// router.navigate(to: CharacterOutgoingNavigation.episodes(characterIdentifier: 1))
/// ```
public protocol OutgoingNavigation: Navigation {}

/// One line of the app's redirect table: an outgoing destination, and the destination it opens.
public struct Redirect: Hashable, Sendable {
    /// The outgoing destination, `NAME/DESTINATION`, e.g. `character-outgoing/episodes`.
    public var from: String
    /// The destination it opens, `NAME/DESTINATION`, e.g. `episode/character-episodes`.
    public var to: String
    /// Parameters renamed on the way, the destination's name for each outgoing one; a parameter not
    /// named here keeps its name.
    public var parameters: [String: String]

    /// A redirect from `from` to `to`, renaming the outgoing parameters named in `parameters`
    /// (outgoing name → destination name).
    public init(from: String, to: String, parameters: [String: String] = [:]) {
        self.from = from
        self.to = to
        self.parameters = parameters
    }

    /// The route `outgoing` opens: this redirect's destination with the outgoing route's parameters.
    @_spi(Host)
    public func target(of outgoing: Route) throws(RouteError) -> Route {
        let destination = try Route(parsing: to)
        let parameters = outgoing.parameters.map { parameter in
            Route.Parameter(name: self.parameters[parameter.name] ?? parameter.name, value: parameter.value)
        }
        return Route(name: destination.name, destination: destination.destination, parameters: destination.parameters + parameters)
    }
}

/// What an app declares: its redirect table and its not-found destination (the host's view of
/// ``FeatureContext/registerApp(redirects:notFound:)``).
@_spi(Host)
public struct AppDeclaration: Hashable, Sendable {
    /// The reserved name the declaration is registered under.
    public static let registeredName = ".app"

    /// The redirect table.
    public var redirects: [Redirect]
    /// The destination shown for an outgoing value nothing serves, `NAME/DESTINATION`; it is opened
    /// with one string parameter, `route`, the outgoing route. Nil for the host's own.
    public var notFound: String?

    /// Declares `redirects` and `notFound`.
    public init(redirects: [Redirect], notFound: String? = nil) {
        self.redirects = redirects
        self.notFound = notFound
    }

    /// The redirect of an outgoing route's `NAME/DESTINATION`, if the table has one.
    public func redirect(for outgoing: Route) -> Redirect? {
        redirects.first { $0.from == outgoing.path }
    }

    /// Why the declaration cannot be used (a malformed line, a line given twice), or nil.
    func problem() -> String? {
        var seen: Set<String> = []
        for redirect in redirects {
            for (side, text) in [("from", redirect.from), ("to", redirect.to)] {
                guard let route = try? Route(parsing: text), route.destination != nil, route.description == text else {
                    return "redirect \(side) '\(text)' is not NAME/DESTINATION"
                }
            }
            guard seen.insert(redirect.from).inserted else {
                return "redirect from '\(redirect.from)' is given twice"
            }
        }
        if let notFound = notFound, (try? Route(parsing: notFound))?.description != notFound {
            return "not-found destination '\(notFound)' is not NAME/DESTINATION"
        }
        return nil
    }
}

/// A URL deep link as a feature's handler reads it: `scheme://host/path?name=value&…`.
public struct DeepLinkURL: Hashable, Sendable, CustomStringConvertible {
    /// The longest URL read: 8 KiB, as a deep link.
    public static let maximumLength = 8192

    /// The URL as given.
    public let description: String
    /// The scheme, lower-cased, e.g. `myapp`.
    public let scheme: String
    /// The host, lower-cased, e.g. `character`.
    public let host: String
    /// The path's components, percent-decoded, empty ones left out: `["detail", "42"]`.
    public let pathComponents: [String]
    /// The query's items, percent-decoded, in order.
    public let queryItems: [Route.Parameter]

    /// Reads `text` as `scheme://host[/path][?query][#fragment]`; nil if it is not such a URL. A scheme is a
    /// letter then letters, digits, `+`, `-` or `.`; a host is a route name.
    public init?(parsing text: String) {
        guard text.utf8.count <= Self.maximumLength, let separator = Self.schemeSeparator(in: text) else { return nil }
        let scheme = String(text[..<separator.lowerBound])
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter,
            scheme.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        var rest = text[separator.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var query: Substring = ""
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        let segments = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard let host = segments.first.map({ $0.lowercased() }), Route.isValidName(host) else { return nil }
        var components: [String] = []
        for segment in segments.dropFirst() where !segment.isEmpty {
            guard let decoded = Route.percentDecoded(segment) else { return nil }
            components.append(decoded)
        }
        var items: [Route.Parameter] = []
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Route.percentDecoded(parts[0]), !name.isEmpty,
                let value = Route.percentDecoded(parts.count > 1 ? parts[1] : "")
            else { return nil }
            items.append(Route.Parameter(name: name, value: value))
        }
        self.description = text
        self.scheme = scheme.lowercased()
        self.host = host
        self.pathComponents = components
        self.queryItems = items
    }

    /// The value of the first query item named `name`.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Where the first `://` is in `text`.
    private static func schemeSeparator(in text: String) -> Range<String.Index>? {
        // Byte by byte: every route a session opens passes through here.
        let bytes = text.utf8
        var index = bytes.startIndex
        while let colon = bytes[index...].firstIndex(of: UInt8(ascii: ":")) {
            let after = bytes.index(after: colon)
            if bytes[after...].starts(with: "//".utf8) { return colon..<bytes.index(after, offsetBy: 2) }
            index = after
        }
        return nil
    }

    /// The reserved name a handler of `scheme://host` is registered under: `.url.<scheme>_<host>`
    /// (a scheme has no `_`, so the name reads back).
    @_spi(Host)
    public static func registeredName(scheme: String, host: String) -> String {
        ".url.\(scheme.lowercased())_\(host.lowercased())"
    }

    /// Whether `text` looks like a URL (`scheme://`), whether or not it reads as one.
    @_spi(Host)
    public static func looksLikeURL(_ text: String) -> Bool {
        guard let separator = schemeSeparator(in: text) else { return false }
        let scheme = text[..<separator.lowerBound]
        return !scheme.isEmpty && scheme.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

/// A destination that holds live values, which no route can carry: a delegate, an object with
/// closures, as real code presents a filter with `.characterFilter(delegate: self)` and SwiftUI's
/// `NavigationPath` holds any value. It is navigated to with ``RouterContract/navigate(toLive:)``
/// or presented with ``RouterContract/present(live:style:)``, and lives in memory only: `state`,
/// state files and deep links keep the stack up to it and say what they left out, and restoring
/// comes back to that point.
///
/// ```swift
/// enum CharacterLiveNavigation: LiveNavigation {
///     case filter(selected: CharacterStatusFilter, delegate: any CharacterFilterDelegate)
///     static let routeName = "character-filter"
/// }
/// router.present(live: CharacterLiveNavigation.filter(selected: filter, delegate: self), style: .fullScreenCover)
/// ```
public protocol LiveNavigation {
    /// The destination's name: what `state`, flows and breadcrumbs show of it (`character-filter?live=1`).
    static var routeName: String { get }
}
