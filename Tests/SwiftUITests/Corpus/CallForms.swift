// Group: call forms the module once declared differently from SwiftUI, each as sample code writes it.
import SwiftUI

extension Button {
    /// A design system's extension on every button, whatever its label.
    func cardButton() -> some View {
        self.padding()
            .background()
            .clipShape(RoundedRectangle(cornerRadius: 12))
    }
}

struct Player: Identifiable, Hashable {
    let id: Int
    let name: String
}

struct SettingsForm: View {
    @State private var volume = 0.5
    @State private var brightness = 70.0
    @State private var quantity = 1
    @State private var selected: Set<Int> = []
    @AppStorage("nickname") private var nickname: String?
    @AppStorage("launches") private var launches = 0
    @State private var filter = Filter.all
    let players = [Player(id: 1, name: "Ada"), Player(id: 2, name: "Grace")]

    enum Filter: String, Equatable {
        case all, favourites
    }

    var body: some View {
        NavigationStack {
            Form {
                Slider(value: $volume)
                Slider(value: $brightness, in: 0...100, step: 10) {
                    Text("Brightness")
                } minimumValueLabel: {
                    Text("0")
                } maximumValueLabel: {
                    Text("100")
                }
                .accessibilityValue("\(Int(brightness)) percent")
                Stepper {
                    Text("Quantity: \(quantity)")
                } onIncrement: {
                    quantity += 1
                } onDecrement: {
                    quantity = max(1, quantity - 1)
                }
                Text(nickname ?? "No nickname")
                Button("Sign in") {}.cardButton()
                ProgressView().progressViewStyle(CircularProgressViewStyle(tint: .blue))
                Text(Self.greeting)
                RoundedRectangle(cornerRadius: 8)
                    .strokeBorder(.quaternary.opacity(0.5), style: StrokeStyle(lineWidth: 1, dash: [4]))
                    .frame(height: 20)
                Image(systemName: "star.fill")
                    .mask(Circle())
            }
            List(players, selection: $selected) { player in
                Text(player.name)
            }
            .navigationTitle("Settings")
            .navigationSubtitle("Version 2")
            .task(id: filter) { launches += 1 }
        }
    }

    static var greeting: AttributedString {
        var text = AttributedString("Welcome back")
        text.font = .headline
        text.foregroundColor = .red
        return text
    }
}

struct SizeReader: View {
    var body: some View {
        GeometryReader { proxy in
            let frame = proxy.frame(in: .global)
            Text("Width \(Int(proxy.size.width)), at \(Int(frame.minX))")
        }
    }
}
