import AppHost
@_spi(Host) import AppHostKit
import SwiftUI
import Testing

enum ViewsNavigation: Navigation {
    case loader
    case runaway

    static let routeName = "views"
}

enum ViewsFeature: FeatureModule {
    static let name = "views"

    static func register(in context: FeatureContext) throws {
        try context.register(ViewsNavigation.self, root: .loader) { navigation, router in
            switch navigation {
            case .loader: Screen(LoaderView(), router: router)
            case .runaway: Screen(RunawayView(), router: router)
            }
        }
    }
}

/// SwiftUI views in a real session: the work a drawing names runs as the command's, before the
/// screen is drawn; a drawing that keeps naming work is stopped and said.
@MainActor
@Suite
struct SwiftUISessionTests {
    private final class Capture {
        var output = ""
        var errors = ""
    }

    private let capture = Capture()

    private func makeSession() throws -> Session {
        let registry = DestinationRegistry()
        try registry.register(ViewsFeature.self)
        let capture = capture
        return Session(
            registry: registry,
            start: try #require(registry.root(named: "views")),
            options: Session.Options(width: 40, settleTimeout: .seconds(60)),
            output: { capture.output += $0 },
            errorOutput: { capture.errors += $0 }
        )
    }

    @Test
    func aTaskTheFirstDrawingFindsRunsBeforeTheScreenIsDrawn() async throws {
        let sut = try makeSession()

        await sut.start()

        #expect(sut.current?.text.contains("Status: loaded") == true, "\(sut.current?.text ?? "")")
        #expect(!capture.output.contains("Status: idle"), "the screen is drawn once its work has settled")
        #expect(capture.errors == "")
    }

    @Test
    func aViewThatKeepsFindingWorkIsStoppedAndSaid() async throws {
        let sut = try makeSession()
        await sut.start()

        await sut.execute("open views/runaway")

        #expect(capture.errors.contains("error: the screen's views kept finding work to do as they were drawn; stopped after 16 rounds"), "\(capture.errors)")
        #expect(sut.topRoute.description == "views/runaway")
    }
}
