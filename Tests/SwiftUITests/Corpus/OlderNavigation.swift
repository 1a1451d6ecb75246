// Group: navigation as code written before NavigationStack has it (NavigationView, a link pushed
// by a binding or a tag), and layout and preferences: a preference read by an ancestor, a
// flow layout of the app's own used as a container.
import SwiftUI

struct MessageList: View {
    @State private var showsCompose = false
    @State private var selectedID: Int?

    var body: some View {
        NavigationView {
            VStack {
                NavigationLink(destination: Text("New message"), isActive: $showsCompose) {
                    Text("Compose")
                }
                NavigationLink(destination: Text("Message 7"), tag: 7, selection: $selectedID) {
                    Text("Open 7")
                }
                Text(selectedID.map { "Selected \($0)" } ?? "Nothing selected")
            }
            .navigationBarTitle("Messages")
        }
        .navigationViewStyle(.stack)
    }
}

struct TitleWidthKey: PreferenceKey {
    static let defaultValue = 0
    static func reduce(value: inout Int, nextValue: () -> Int) {
        value = max(value, nextValue())
    }
}

struct TagCloud: View {
    @State private var widest = 0
    let tags = ["swift", "linux", "ui"]

    var body: some View {
        VStack {
            FlowLayout(spacing: 4) {
                ForEach(tags, id: \.self) { tag in
                    Text(tag).preference(key: TitleWidthKey.self, value: tag.count)
                }
            }
            Text("Widest tag: \(widest)")
        }
        .onPreferenceChange(TitleWidthKey.self) { widest = $0 }
    }
}

struct FlowLayout: Layout {
    var spacing: CGFloat = 8

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        return CGSize(width: proposal.width ?? sizes.reduce(0) { $0 + $1.width + spacing }, height: sizes.map(\.height).max() ?? 0)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var x = bounds.minX
        for subview in subviews {
            let size = subview.sizeThatFits(.unspecified)
            subview.place(at: CGPoint(x: x, y: bounds.minY), proposal: ProposedViewSize(size))
            x += size.width + spacing
        }
    }
}
