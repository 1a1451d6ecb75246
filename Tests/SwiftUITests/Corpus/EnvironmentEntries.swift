// Group: `@Entry`, environment values declared in one line as app code since iOS 18 writes them.
import SwiftUI

extension EnvironmentValues {
    @Entry var pageSize: Int = 20
    @Entry public var accentName: String = "blue"
    @Entry var signedInUser: String?
    @Entry var onPick: (String) -> Void = { _ in }
    @Entry var shortcuts: [String: [Int]] = ["home": [1, 2]]
}

struct PagedList: View {
    @Environment(\.pageSize) private var pageSize
    @Environment(\.accentName) private var accentName
    @Environment(\.signedInUser) private var user
    @Environment(\.onPick) private var onPick
    @Environment(\.shortcuts) private var shortcuts

    var body: some View {
        VStack {
            Text("Page size \(pageSize)")
            Text("Accent \(accentName)")
            Text(user.map { "Signed in as \($0)" } ?? "Signed out")
            Text("Shortcuts \(shortcuts["home"]?.count ?? 0)")
            Button("Pick") { onPick("first") }
        }
    }
}

struct PagedScreen: View {
    @State private var picked = "nothing"

    var body: some View {
        VStack {
            PagedList()
            PagedList()
                .environment(\.pageSize, 50)
                .environment(\.signedInUser, "Ada")
                .environment(\.onPick) { picked = $0 }
            Text("Picked \(picked)")
        }
    }
}
