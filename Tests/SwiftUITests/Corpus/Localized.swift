// Group: Foundation on Linux, as view code written for Apple's platforms uses it: localized
// strings with comments and interpolations, a relative date formatter, Core Graphics' makers.
import SwiftUI

struct InboxSummary: View {
    let unread: Int
    let lastSync: Date
    let now: Date

    private static let relative: RelativeDateTimeFormatter = {
        let formatter = RelativeDateTimeFormatter()
        formatter.unitsStyle = .full
        return formatter
    }()

    var body: some View {
        VStack {
            Text(String(localized: "Inbox", comment: "The title of the inbox screen"))
            Text(String(localized: "\(unread) unread messages", comment: "How many messages are unread"))
            Text("Synced \(Self.relative.localizedString(for: lastSync, relativeTo: now))")
            Text(String(localized: "inbox.empty", defaultValue: "Nothing new"))
        }
        .offset(x: CGPointMake(0, 4).x, y: CGSizeMake(10, 4).height)
    }
}
