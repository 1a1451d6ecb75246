@_spi(Host) import AppHostKit
import AppHostSupport

/// A feature file known from its description (a probe or the registry cache) but not
/// loaded yet: the registry loads it when one of its names is first used.
@MainActor
public final class DeferredFeature {
    /// The file.
    public let path: String
    /// The names the file claims.
    public let claims: FeatureClaims
    /// What the loading side keeps of the file (its description's text, the version it knew),
    /// opaque to the registry.
    package let ticket: any FeatureTicket
    /// Whether it was probed in this run (else it came from the cache).
    public let probed: Bool
    /// Whether loading was tried (it is tried once).
    public package(set) var attempted = false

    /// A feature to load from `path` on first use.
    package init(path: String, claims: FeatureClaims, ticket: any FeatureTicket, probed: Bool) {
        self.path = path
        self.claims = claims
        self.ticket = ticket
        self.probed = probed
    }

    /// What the file registers, as its probe described it (decoded on first use).
    public private(set) lazy var description: FeatureDescription? = ticket.description()
}

/// What the loading side keeps of a deferred feature's file: the registry only asks it for the
/// description, and hands it back when the feature is loaded.
package protocol FeatureTicket: Sendable {
    /// The file's description, decoded now; nil if it cannot be.
    func description() -> FeatureDescription?
}

/// A name the source knows without loading anything: what kind of name it is, and its start route.
package struct KnownName: Sendable {
    /// A shell's name.
    package var shell: Bool
    /// A name of the app layer (`h:`): it loads its feature but is no destination.
    package var hidden: Bool
    /// The start route, as text, of a name that has one.
    package var root: String?

    package init(shell: Bool, hidden: Bool, root: String?) {
        self.shell = shell
        self.hidden = hidden
        self.root = root
    }
}

/// All the registry asks of the loading side: the names it knows without loading anything, the
/// deferred feature that claims a name (made when the name is first used), and loading one. The
/// registry holds no closure, cache type or file of the loading side's (a deferred feature's
/// ticket is opaque to it); `FeatureHost` is the source.
@MainActor
package protocol FeatureSource: AnyObject {
    /// The names known without loading anything (a warm start's index of the registry cache).
    var knownNames: [String: KnownName] { get }
    /// The deferred feature that claims `name`, if the source can make one.
    func deferredFeature(claiming name: String) -> DeferredFeature?
    /// Checks, loads and registers `feature` (or refuses it, by name).
    func load(_ feature: DeferredFeature)
    /// Why the file at `path` was refused in this run, if it was.
    func refusal(of path: String) -> String?
    /// Why the file known to provide `name` was refused in this run, if it was.
    func refusal(claiming name: String) -> String?
}
