// A Swift feature whose work off the main actor assumes it is on the main actor: on a device the
// program stops there. A session on one thread runs that work on the session's own thread, and
// must stop there too, not let the mistake pass.
import AppHostKit

public enum LaneNavigation: Navigation {
    case main

    public static let routeName = "lane"
}

nonisolated struct LaneSource: Sendable {
    /// Work off the main actor that wrongly assumes the main actor, in synchronous code it calls
    /// (code written for the main thread, called from a background one).
    @concurrent func assumeMainActor() async -> Int {
        Self.readOnTheMainActor()
    }

    private static func readOnTheMainActor() -> Int {
        MainActor.assumeIsolated { 1 }
    }

    /// Work off the main actor that does not.
    @concurrent func count() async -> Int {
        2
    }
}

@MainActor
final class LaneModel {
    private(set) var status = "idle"

    func countOffTheMainActor() async {
        status = "counted \(await LaneSource().count())"
    }

    func assumeOffTheMainActor() async {
        status = "assumed \(await LaneSource().assumeMainActor())"
    }
}

public struct LaneFeature: NavigationFeature {
    public static let root = LaneNavigation.main

    public init() {}

    public func makeScreen(for destination: LaneNavigation, router: any RouterContract) -> Screen {
        let model = LaneModel()
        return Screen(model) { model in
            Title("Lane")
            Text("Status: \(model.status)")
            Button("Count") { await model.countOffTheMainActor() }
            Button("Assume") { await model.assumeOffTheMainActor() }
        }
    }
}

@_cdecl("apphost_feature_entry")
public func apphostFeatureEntry() -> UnsafeRawPointer {
    FeatureEntry.descriptor(for: LaneFeature.self)
}
