import Combine
import SwiftUI
import UIKit

// Views and models written as public SwiftUI code written before `@Observable` is: an
// `ObservableObject` with `@Published` properties, owned by a `@StateObject`, handed down as an
// `@ObservedObject` and through `.environmentObject`, a Combine pipeline in the model, and a timer
// received with `.onReceive`.

final class ScoreModel: ObservableObject {
    @Published var score = 0
    @Published var query = ""
    @Published private(set) var searched = "nothing"
    @Published private(set) var delivered = "nothing"
    private var cancellables = Set<AnyCancellable>()

    init() {
        $query
            .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
            .removeDuplicates()
            .sink { [weak self] query in self?.searched = query.isEmpty ? "nothing" : query }
            .store(in: &cancellables)
    }

    func increment() {
        score += 1
    }

    /// An answer from another thread, handed to the main queue as models do.
    private var fetches = 0

    func fetch() {
        fetches += 1
        Just("answer \(fetches)")
            .subscribe(on: DispatchQueue.global())
            .receive(on: DispatchQueue.main)
            .sink { [weak self] value in self?.delivered = value }
            .store(in: &cancellables)
    }
}

struct ScoreScreen: View {
    @StateObject private var model = ScoreModel()

    var body: some View {
        VStack {
            Text("Owner: \(model.score)")
            ScoreBadge(model: model)
            ScoreFooter()
            TextField("Search", text: $model.query)
            Text("Searched: \(model.searched)")
            Text("Delivered: \(model.delivered)")
            Button("Increment") { model.increment() }
            Button("Fetch") { model.fetch() }
        }
        .environmentObject(model)
    }
}

struct ScoreBadge: View {
    @ObservedObject var model: ScoreModel

    var body: some View {
        Text("Badge: \(model.score)")
    }
}

struct ScoreFooter: View {
    @EnvironmentObject var model: ScoreModel

    var body: some View {
        Text("Footer: \(model.score)")
    }
}

struct ClockScreen: View {
    @State private var ticks = 0
    private let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()

    var body: some View {
        Text("Ticks: \(ticks)")
            .onReceive(timer) { _ in ticks += 1 }
    }
}

/// Links a view opens itself, with SwiftUI's `openURL` and with UIKit's `UIApplication`.
struct LinksScreen: View {
    @Environment(\.openURL) private var openURL

    var body: some View {
        Button("Open clock") { openURL(URL(string: "combine/clock")!) }
        Button("Website") { openURL(URL(string: "https://example.com/help")!) }
        Button("Clock through UIKit") { UIApplication.shared.open(URL(string: "combine/clock")!) }
        Text("Tint").foregroundStyle(Color(uiColor: .systemBlue))
    }
}
