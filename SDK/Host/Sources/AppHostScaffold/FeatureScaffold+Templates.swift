// The files of the package `apphost new-feature` writes, as text: the navigation type, the feature,
// its view model and view, the entry, the tests and the flow.

import FoundationEssentials
import Glibc

extension FeatureScaffold {
    var navigation: String {
        """
        import AppHostKit

        /// The \(name) feature's destinations; other features navigate here with these values.
        public enum \(name)Navigation: Navigation {
            case today
            case forecast(days: Int)

            public static let routeName = "\(routeName)"
        }

        """
    }

    var feature: String {
        """
        import AppHostKit
        import \(name)Interface
        import SwiftUI

        /// The \(name) feature: `--start \(routeName)` opens today's screen.
        public struct \(name)Feature: NavigationFeature {
            public static let root = \(name)Navigation.today

            public init() {}

            public func makeScreen(for destination: \(name)Navigation, router: any RouterContract) -> Screen {
                switch destination {
                case .today:
                    Screen(\(name)ViewModel(days: nil, router: router)) { \(name)View(viewModel: $0) }
                case .forecast(let days):
                    Screen(\(name)ViewModel(days: days, router: router)) { \(name)View(viewModel: $0) }
                }
            }
        }

        """
    }

    var viewModel: String {
        """
        import AppHostKit
        import \(name)Interface
        import Observation

        /// What the screen shows.
        enum \(name)ViewState: Equatable {
            case idle
            case loaded(lines: [String])
        }

        @MainActor
        @Observable
        final class \(name)ViewModel: ViewModel {
            private(set) var state: \(name)ViewState = .idle
            let days: Int?
            @ObservationIgnored private let router: any RouterContract

            init(days: Int?, router: any RouterContract) {
                self.days = days
                self.router = router
            }

            func load() async {
                guard let days else {
                    state = .loaded(lines: ["Sunny, 21°"])
                    return
                }
                state = .loaded(lines: (1...max(days, 1)).map { "Day \\($0): sunny" })
            }

            func didTapOnForecastButton() {
                router.navigate(to: \(name)Navigation.forecast(days: 3))
            }

            func didTapOnBackButton() {
                router.goBack()
            }
        }

        """
    }

    var view: String {
        """
        import SwiftUI

        /// The screen, as it is for a device: AppHost draws it as text.
        struct \(name)View: View {
            let viewModel: \(name)ViewModel

            var body: some View {
                VStack(alignment: .leading) {
                    switch viewModel.state {
                    case .idle:
                        ProgressView()
                    case .loaded(let lines):
                        ForEach(lines, id: \\.self) { line in
                            Text(line)
                        }
                    }
                    if viewModel.days == nil {
                        Button("Forecast") { viewModel.didTapOnForecastButton() }
                            .buttonStyle(.borderedProminent)
                    } else {
                        Button("Back") { viewModel.didTapOnBackButton() }
                    }
                }
                .padding()
                .navigationTitle(viewModel.days.map { "\\($0)-day forecast" } ?? "Today")
            }
        }

        """
    }

    var entry: String {
        """
        import AppHostKit
        import \(name)Feature

        @_cdecl("apphost_feature_entry")
        public func apphostFeatureEntry() -> UnsafeRawPointer {
            FeatureEntry.descriptor(for: \(name)Feature.self)
        }

        """
    }

    var viewModelTests: String {
        """
        import AppHostKit
        import AppHostKitMocks
        import \(name)Interface
        import Testing

        @testable import \(name)Feature

        @MainActor
        @Suite
        struct \(name)ViewModelTests {
            @Test
            func didTapOnForecastButtonNavigatesToAThreeDayForecast() throws {
                let router = RouterMock()
                let sut = \(name)ViewModel(days: nil, router: router)

                sut.didTapOnForecastButton()

                #expect(router.events == [.navigate(try Route(\(name)Navigation.forecast(days: 3)))])
            }

            @Test
            func loadingAForecastListsEachDay() async {
                let sut = \(name)ViewModel(days: 2, router: RouterMock())

                await sut.load()

                #expect(sut.state == .loaded(lines: ["Day 1: sunny", "Day 2: sunny"]))
            }
        }

        """
    }

    var flow: String {
        """
        # \(name), end to end: run with `apphost test Flows --features .build/debug` (or by swift test).
        start \(routeName)
        see Sunny, 21°
        tap Forecast
        see 3-day forecast
        see Day 3: sunny
        tap Back
        see Today
        no error

        """
    }

    var integrationTests: String {
        """
        import AppHostTesting
        import Foundation
        import Testing

        /// lib\(name)Feature.so through the real loader and a real session.
        @MainActor
        @Suite
        struct \(name)IntegrationTests {
            @Test
            func forecastThenBackThroughTheBuiltLibrary() async throws {
                let app = try await AppHarness(features: ["\(name)"], start: "\(routeName)", options: .init(width: 40))

                let forecast = await app.run("tap Forecast")
                await app.run("tap Back")

                #expect(forecast == \"\"\"
                    ════════════════════════════════════════
                    3-day forecast
                    Today › 3-day forecast
                    ────────────────────────────────────────
                    Day 1: sunny
                    Day 2: sunny
                    Day 3: sunny
                    [1] Back
                    ════════════════════════════════════════

                    \"\"\")
                #expect(app.screen == \"\"\"
                    ════════════════════════════════════════
                    Today
                    ────────────────────────────────────────
                    Sunny, 21°
                    [1] Forecast
                    ════════════════════════════════════════

                    \"\"\")
            }

            @Test
            func theFlowPasses() async throws {
                let flow = URL(fileURLWithPath: #filePath)
                    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("Flows/\(routeName).flow").path
                let app = try await AppHarness(features: ["\(name)"], start: "\(routeName)")

                let result = try await app.runFlow(flow)

                #expect(result.passed, "\\(result.report)")
            }
        }

        """
    }
}
