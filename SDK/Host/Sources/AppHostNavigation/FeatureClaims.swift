/// The names a feature file claims, read from its cache record without decoding its description.
public struct FeatureClaims: Hashable, Sendable {
    /// Route names.
    public var routes: [String]
    /// Route names that have a start destination.
    public var starts: [String]
    /// Shell names.
    public var shells: [String]
    /// Names of the app layer (outgoing types, the app, deep-link handlers): claimed, so that they
    /// load their feature, but no destinations of their own.
    public var hidden: [String] = []
    /// The start route of each name in ``starts``, as text.
    public var roots: [String: String]
    /// Every claimed name: routes, then shells.
    public private(set) var all: [String] = []

    package init(_ description: FeatureDescription) {
        routes = description.routes.filter { $0.role == nil }.map(\.name)
        hidden = description.routes.filter { $0.role != nil }.map(\.name)
        starts = description.routes.filter { $0.root != nil }.map(\.name)
        shells = description.shells.map(\.name)
        roots = Dictionary(description.routes.compactMap { route in route.root.map { (route.name, $0) } }, uniquingKeysWith: { first, _ in first })
        all = routes + hidden + shells
    }

    /// Reads `r:NAME`, `s:NAME`, `h:NAME` (a name of the app layer) and `*:NAME@ROOT` (a route with a start destination), comma-separated;
    /// routes are percent-encoded, so they hold no comma, colon or at sign of their own.
    public init?(field: Substring) {
        guard let claims = Array(field.utf8).withUnsafeBufferPointer({ FeatureClaims(bytes: $0) }) else { return nil }
        self = claims
    }

    /// Reads the claims field from its bytes.
    package init?(bytes: UnsafeBufferPointer<UInt8>) {
        routes = []
        starts = []
        shells = []
        roots = [:]
        guard !bytes.elementsEqual("-".utf8) else { return }
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: ",") { end += 1 }
            guard end - start >= 3, bytes[start + 1] == UInt8(ascii: ":") else { return nil }
            let body = UnsafeBufferPointer(rebasing: bytes[(start + 2)..<end])
            switch bytes[start] {
            case UInt8(ascii: "r"): routes.append(String(decoding: body, as: UTF8.self))
            case UInt8(ascii: "s"): shells.append(String(decoding: body, as: UTF8.self))
            case UInt8(ascii: "h"): hidden.append(String(decoding: body, as: UTF8.self))
            case UInt8(ascii: "*"):
                guard let at = body.firstIndex(of: UInt8(ascii: "@")) else { return nil }
                let name = String(decoding: UnsafeBufferPointer(rebasing: body[..<at]), as: UTF8.self)
                routes.append(name)
                starts.append(name)
                roots[name] = String(decoding: UnsafeBufferPointer(rebasing: body[(at + 1)...]), as: UTF8.self)
            default: return nil
            }
            start = end + 1
        }
        all = shells.isEmpty && hidden.isEmpty ? routes : routes + hidden + shells
    }

    package var field: String {
        let marked = routes.map { name in roots[name].map { "*:\(name)@\($0)" } ?? "r:\(name)" }
            + hidden.map { "h:\($0)" } + shells.map { "s:\($0)" }
        return marked.isEmpty ? "-" : marked.joined(separator: ",")
    }
}
