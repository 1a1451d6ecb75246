// Group: accessibility as apps write it for VoiceOver: headers, custom actions (`.accessibilityAction(named:)`,
// `.accessibilityActions`), a default action on a view that is no button, an adjustable view of
// the app's own (`.accessibilityAdjustableAction`), and sliders a reader adjusts by swiping.
import SwiftUI

struct RatingView: View {
    @Binding var rating: Int

    var body: some View {
        HStack {
            ForEach(1...5, id: \.self) { star in
                Image(systemName: star <= rating ? "star.fill" : "star")
            }
        }
        .accessibilityElement()
        .accessibilityLabel("Rating")
        .accessibilityValue("\(rating) of 5")
        .accessibilityAdjustableAction { direction in
            switch direction {
            case .increment: rating = min(rating + 1, 5)
            case .decrement: rating = max(rating - 1, 1)
            @unknown default: break
            }
        }
    }
}

struct InboxRow: View {
    let subject: String
    @Binding var archived: [String]

    var body: some View {
        VStack(alignment: .leading) {
            Text(subject)
        }
        .accessibilityAction(named: "Archive") { archived.append(subject) }
    }
}

struct AccessibleSettings: View {
    @State private var volume = 0.5
    @State private var rating = 3
    @State private var stars = 2.0
    @State private var archived: [String] = []
    @State private var opened = 0

    var body: some View {
        VStack {
            Text("Sound").font(.title2).accessibilityAddTraits(.isHeader)
            Slider(value: $volume) { Text("Volume") }
            Slider(value: $stars, in: 1...5, step: 1) { Text("Stars") }
            RatingView(rating: $rating)
            Text("Inbox").accessibilityHeading(.h2)
            InboxRow(subject: "Lunch?", archived: $archived)
            Text("Archived: \(archived.count)")
            Text("Opened \(opened)")
                .accessibilityAction { opened += 1 }
                .accessibilityActions {
                    Button("Reset") { opened = 0 }
                }
        }
    }
}
