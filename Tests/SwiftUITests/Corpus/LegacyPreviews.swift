// Group: previews written before `#Preview` (PreviewProvider, .previewLayout, .previewDevice,
// .previewDisplayName), as most sample code from 2019 to 2023 has them.
import SwiftUI

struct BadgeView: View {
    let title: String
    var count: Int = 0

    var body: some View {
        HStack {
            Text(title)
            Spacer()
            Text("\(count)")
                .font(.caption)
                .padding(6)
                .background(Capsule().fill(Color.accentColor))
        }
        .padding()
    }
}

struct BadgeView_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            BadgeView(title: "Inbox", count: 3)
                .previewLayout(.sizeThatFits)
                .previewDisplayName("Inbox")
            BadgeView(title: "Archive")
                .previewLayout(.fixed(width: 320, height: 80))
                .previewDevice(PreviewDevice(rawValue: "iPhone 15"))
            BadgeView(title: "Drafts", count: 1)
                .previewDevice("iPhone SE (3rd generation)")
                .previewInterfaceOrientation(.landscapeLeft)
                .preferredColorScheme(.dark)
        }
    }
}
