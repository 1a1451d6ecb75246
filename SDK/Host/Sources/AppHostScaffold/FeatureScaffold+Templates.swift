// The files of the package `apphost new-feature` writes, as text: the navigation type, the feature,
// its data, view models and views (a list and a detail, the shape most features have), the
// entry, the tests and the flow. Everything is named for the feature.

import FoundationEssentials
import Glibc

extension FeatureScaffold {
    /// The feature's name as a title: `WeatherRadar` is `Weather radar`.
    var title: String {
        var words: [String] = []
        for scalar in name.unicodeScalars {
            if ("A"..."Z").contains(scalar) || words.isEmpty { words.append("") }
            words[words.count - 1].unicodeScalars.append(scalar)
        }
        return words.enumerated().map { $0.offset == 0 ? $0.element : $0.element.lowercased() }.joined(separator: " ")
    }

    var navigation: String {
        """
        import AppHostKit

        /// The \(name) feature's destinations; other features navigate here with these values.
        public enum \(name)Navigation: Navigation {
            /// Every item.
            case list
            /// One item.
            case detail(identifier: Int)

            public static let routeName = "\(routeName)"

            /// One value of each destination, for `apphost routes`, completion, coverage and the crawl.
            public static let allDestinations: [\(name)Navigation] = [.list, .detail(identifier: 1)]
        }

        """
    }

    var feature: String {
        """
        import AppHostKit
        import \(name)Interface
        import SwiftUI

        /// The \(name) feature: `--start \(routeName)` opens the list.
        public struct \(name)Feature: NavigationFeature {
            public static let root = \(name)Navigation.list
            /// Where the items come from: replace the sample with the app's data source.
            private let repository: any \(name)Repository = Sample\(name)Repository()

            public init() {}

            public func makeScreen(for destination: \(name)Navigation, router: any RouterContract) -> Screen {
                switch destination {
                case .list:
                    Screen(\(name)ListViewModel(repository: repository, router: router)) { \(name)ListView(viewModel: $0) }
                case .detail(let identifier):
                    Screen(\(name)DetailViewModel(identifier: identifier, repository: repository)) { \(name)DetailView(viewModel: $0) }
                }
            }
        }

        /// One thing the feature lists.
        struct \(name)Item: Identifiable, Equatable, Sendable {
            let id: Int
            let title: String
            let summary: String
        }

        /// Where the feature's items come from.
        protocol \(name)Repository: Sendable {
            func items() async throws -> [\(name)Item]
        }

        /// Three items, until the feature has a data source of its own.
        struct Sample\(name)Repository: \(name)Repository {
            func items() async throws -> [\(name)Item] {
                [
                    \(name)Item(id: 1, title: "\(title) 1", summary: "The first of three samples."),
                    \(name)Item(id: 2, title: "\(title) 2", summary: "The second of three samples."),
                    \(name)Item(id: 3, title: "\(title) 3", summary: "The third of three samples."),
                ]
            }
        }

        """
    }

    var viewModel: String {
        """
        import AppHostKit
        import \(name)Interface
        import Observation

        /// What a screen shows while its items load.
        enum \(name)ViewState<Value: Equatable>: Equatable {
            case loading
            case loaded(Value)
            case failed(String)
        }

        @MainActor
        @Observable
        final class \(name)ListViewModel: ViewModel {
            private(set) var state: \(name)ViewState<[\(name)Item]> = .loading
            @ObservationIgnored private let repository: any \(name)Repository
            @ObservationIgnored private let router: any RouterContract

            init(repository: any \(name)Repository, router: any RouterContract) {
                self.repository = repository
                self.router = router
            }

            func load() async {
                do {
                    state = .loaded(try await repository.items())
                } catch {
                    state = .failed("The items could not be loaded.")
                }
            }

            func didSelect(_ item: \(name)Item) {
                router.navigate(to: \(name)Navigation.detail(identifier: item.id))
            }
        }

        @MainActor
        @Observable
        final class \(name)DetailViewModel: ViewModel {
            private(set) var state: \(name)ViewState<\(name)Item> = .loading
            let identifier: Int
            @ObservationIgnored private let repository: any \(name)Repository

            init(identifier: Int, repository: any \(name)Repository) {
                self.identifier = identifier
                self.repository = repository
            }

            func load() async {
                let item = try? await repository.items().first { $0.id == identifier }
                state = item.map { .loaded($0) } ?? .failed("No item \\(identifier).")
            }
        }

        """
    }

    var view: String {
        """
        import SwiftUI

        /// The screens, as they are for a device: AppHost draws them as text.
        struct \(name)ListView: View {
            let viewModel: \(name)ListViewModel

            var body: some View {
                Group {
                    switch viewModel.state {
                    case .loading:
                        ProgressView("Loading")
                    case .loaded(let items):
                        List(items) { item in
                            Button(item.title) { viewModel.didSelect(item) }
                        }
                    case .failed(let message):
                        Text(message)
                    }
                }
                .navigationTitle("\(title)")
            }
        }

        struct \(name)DetailView: View {
            let viewModel: \(name)DetailViewModel

            var body: some View {
                switch viewModel.state {
                case .loading:
                    ProgressView()
                case .loaded(let item):
                    Text(item.summary)
                        .navigationTitle(item.title)
                case .failed(let message):
                    Text(message)
                }
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
            func selectingAnItemNavigatesToItsDetail() async throws {
                let router = RouterMock()
                let sut = \(name)ListViewModel(repository: Sample\(name)Repository(), router: router)
                await sut.load()
                guard case .loaded(let items) = sut.state else { Issue.record("not loaded: \\(sut.state)"); return }

                sut.didSelect(items[1])

                #expect(router.events == [.navigate(try Route(\(name)Navigation.detail(identifier: 2)))])
            }

            @Test
            func anUnknownItemSaysSo() async {
                let sut = \(name)DetailViewModel(identifier: 9, repository: Sample\(name)Repository())

                await sut.load()

                #expect(sut.state == .failed("No item 9."))
            }
        }

        """
    }

    var flow: String {
        """
        # \(name), end to end: run with `apphost test Flows --features .build/debug` (or by swift test).
        start \(routeName)
        see \(title) 3
        tap \(title) 2
        see The second of three samples.
        back
        see \(title)
        no error

        """
    }

    var integrationTests: String {
        """
        import AppHostSnapshotTesting
        import AppHostTesting
        import Foundation
        import Testing

        /// lib\(name)Feature.so through the real loader and a real session.
        @MainActor
        @Suite
        struct \(name)IntegrationTests {
            @Test
            func anItemsDetailThenBackThroughTheBuiltLibrary() async throws {
                let app = try await AppHarness(features: ["\(name)"], start: "\(routeName)", options: .init(width: 40))
                #expect(app.button("\(title) 3").exists)

                let detail = await app.button("\(title) 2").tap()
                await app.run("back")

                #expect(detail == \"\"\"
                    ════════════════════════════════════════
                    \(title) 2
                    \(title) › \(title) 2
                    ────────────────────────────────────────
                    The second of three samples.
                    ════════════════════════════════════════

                    \"\"\")
                #expect(app.button("\(title) 1").exists, "back on the list")
            }

            /// The list as the host draws it, compared with __Snapshots__/\(name)IntegrationTests/
            /// theListMatchesItsSnapshot.1.txt (swift-snapshot-testing; `withSnapshotTesting(record: .all)`
            /// records it again after a change you meant).
            @Test
            func theListMatchesItsSnapshot() async throws {
                let app = try await AppHarness(features: ["\(name)"], start: "\(routeName)", options: .init(width: 40))

                assertSnapshot(of: app, as: .screen)
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

    /// The list's screen at 40 columns, the reference `theListMatchesItsSnapshot` compares with.
    var listScreen: String {
        """
        ════════════════════════════════════════
        \(title)
        ────────────────────────────────────────
          [1] \(title) 1
          [2] \(title) 2
          [3] \(title) 3
        ════════════════════════════════════════

        """
    }
}
