// Group: a timer received by a view (`Timer.publish`, `.autoconnect()`, `.onReceive`), with the
// transitions and formatting sample code uses.
import Combine
import SwiftUI

struct StopwatchView: View {
    @State private var seconds = 0
    @State private var isRunning = true
    private let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()

    var body: some View {
        VStack(spacing: 12) {
            Text("\(seconds) s")
                .font(.system(size: 48, weight: .bold, design: .monospaced))
                .contentTransition(.numericText(value: Double(seconds)))
            Button(isRunning ? "Pause" : "Resume") { isRunning.toggle() }
                .buttonStyle(.borderedProminent)
        }
        .onReceive(timer) { _ in
            guard isRunning else { return }
            seconds += 1
        }
    }
}
