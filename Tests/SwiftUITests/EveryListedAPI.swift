import SwiftUI

/// A view that uses every view, modifier and property wrapper a real feature's views were counted
/// to use (the SwiftUI issue's list): that it compiles is half the test, how it draws the other.
struct EveryListedAPI: View {
    struct Row: Identifiable, Hashable {
        let id: Int
        let name: String
    }

    enum Field: Hashable { case name, password }

    @State private var name = "Rick"
    @State private var password = "portal"
    @State private var isOn = true
    @State private var count = 1
    @State private var choice = "a"
    @State private var sheetRow: Row?
    @State private var showsCover = false
    @State private var asks = false
    @State private var taps = 0
    @FocusState private var focus: Field?
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.dismiss) private var dismiss
    private let rows = [Row(id: 1, name: "one"), Row(id: 2, name: "two")]

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(alignment: .leading, spacing: 8) {
                    HStack {
                        Image(systemName: "star")
                        Text("Hello, \(name)")
                            .italic()
                            .bold()
                            .font(.headline)
                        Spacer()
                    }
                    ZStack {
                        RoundedRectangle(cornerRadius: 8).stroke(.gray, lineWidth: 1)
                        Circle().fill(.blue)
                        Capsule().stroke(Color.red)
                        Text("layered").multilineTextAlignment(.center)
                    }
                    LazyVStack { ForEach(0..<2) { Text("lazy \($0)") } }
                    LazyHStack { ForEach(rows) { Text($0.name) } }
                    Group {
                        if isOn { Text("on") } else { Text("off") }
                        if let first = rows.first { Text("first \(first.name)") }
                        switch count {
                        case 1: Text("one")
                        default: EmptyView()
                        }
                    }
                    AnyView(Text("erased"))
                    Label("Favourites", systemImage: "heart")
                    AsyncImage(url: URL(string: "https://example.org/a.png"))
                    Color.green.frame(width: 10, height: 10)
                    Divider()
                    List {
                        Section("Rows") {
                            ForEach(rows, id: \.id) { row in
                                Text(row.name)
                                    .swipeActions { Button("Delete \(row.name)", role: .destructive) {} }
                                    .contextMenu { Button("Copy \(row.name)") {} }
                            }
                        }
                    }
                    .listStyle(.insetGrouped)
                    TextField("Name", text: $name).focused($focus, equals: .name)
                    SecureField("Password", text: $password).focused($focus, equals: .password)
                    Toggle("Enabled", isOn: $isOn)
                    Picker("Choice", selection: $choice) {
                        Text("A").tag("a")
                        Text("B").tag("b")
                    }
                    Stepper("Count: \(count)", value: $count, in: 0...5)
                    ProgressView(value: 0.5)
                    ContentUnavailableView("Nothing", systemImage: "tray", description: Text("Empty"))
                    Link("Website", destination: URL(string: "https://example.org")!)
                    Menu("More") { Button("Share") {} }
                    Button("Tapped \(taps)") {}
                        .disabled(true)
                    Text("Tap me \(taps)")
                        .onTapGesture { taps += 1 }
                        .accessibilityIdentifier("tapper")
                    Text("Secret").accessibilityHidden(true)
                    Image(systemName: "gear").accessibilityLabel("Settings")
                    Button("Open sheet") { sheetRow = rows[1] }
                    Button("Open cover") { showsCover = true }
                    Button("Ask") { asks = true }
                    Text("scheme \(colorScheme == .light ? "light" : "dark")")
                        .compositingGroup()
                        .scaleEffect(1)
                        .opacity(1)
                        .shadow(radius: 1)
                        .clipShape(Capsule())
                        .lineLimit(1)
                        .padding()
                        .background(.thinMaterial)
                        .overlay { Text("overlaid") }
                }
            }
            .navigationTitle("Everything")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) { Button("Done") { dismiss() } }
            }
            .refreshable {}
            .searchable(text: $name)
            .sheet(item: $sheetRow) { row in Text("sheet \(row.name)") }
            .fullScreenCover(isPresented: $showsCover) { Text("cover") }
            .confirmationDialog("Sure?", isPresented: $asks) { Button("Yes") {} }
            .alert("Oops", isPresented: .constant(false)) { Button("OK") {} }
            .task {}
            .task(id: count) {}
            .onAppear {}
            .onDisappear {}
            .onChange(of: count) { _, _ in }
            .environment(\.colorScheme, .light)
            .navigationDestination(for: Row.self) { row in Text(row.name) }
        }
    }
}
