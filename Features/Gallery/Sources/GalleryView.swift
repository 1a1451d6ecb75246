import DesignSystem
import SwiftUI

/// How the gallery orders its items.
enum SortOrder: String, CaseIterable, Hashable {
    case name
    case newest

    var title: String { self == .name ? "Name" : "Newest" }
}

/// The design system's components on one screen, with the state, presentations and work a real
/// screen has: what the gallery's flows check.
struct GalleryView: View {
    @State var model: GalleryModel
    @State private var query = ""
    @State private var quantity = 1
    @State private var changes: [String] = []
    @State private var sort = SortOrder.name
    @State private var favourites: Set<Int> = []
    @State private var showsDetails = false
    @State private var confirmsClear = false
    @State private var orders = 0
    @Environment(\.theme) private var theme

    private var visible: [ListItem] {
        let found = model.items.filter { query.isEmpty || $0.title.lowercased().contains(query.lowercased()) }
        return sort == .name ? found.sorted { $0.title < $1.title } : found.sorted { $0.id > $1.id }
    }

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: theme.spacing) {
                Text("Theme: \(theme.name)")
                    .font(.footnote)
                SearchBar(text: $query, prompt: "Search")
                items
                SummaryCard("Order") {
                    QuantityStepper(value: $quantity)
                    Picker("Sort", selection: $sort) {
                        ForEach(SortOrder.allCases, id: \.self) { order in
                            Text(order.title)
                        }
                    }
                    .pickerStyle(.segmented)
                    if let last = changes.last {
                        Text(last)
                    }
                    Button("Place order") { orders += 1 }
                        .buttonStyle(.primary)
                        .disabled(model.items.isEmpty)
                    if orders > 0 {
                        InfoRow("Orders placed", value: "\(orders)")
                    }
                }
                NavigationLink("About the gallery") {
                    AboutGalleryView()
                }
                Button("Show details") { showsDetails = true }
                    .accessibilityIdentifier("gallery.details")
                Text("Only for the eye")
                    .accessibilityHidden(true)
            }
            .padding()
        }
        .navigationTitle("Gallery")
        .refreshable { await model.load() }
        .task { await model.load() }
        .onChange(of: quantity) { old, new in
            changes.append("Quantity changed from \(old) to \(new)")
        }
        .sheet(isPresented: $showsDetails) {
            DetailsSheet(count: model.items.count, loads: model.loads)
        }
        .alert("Clear the list?", isPresented: $confirmsClear) {
            Button("Clear", role: .destructive) { model.clear() }
            Button("Cancel", role: .cancel) {}
        } message: {
            Text("Every item goes until the next refresh.")
        }
        .toolbar {
            ToolbarItem(placement: .topBarTrailing) {
                Button("Clear list") { confirmsClear = true }
            }
        }
    }

    @ViewBuilder
    private var items: some View {
        if model.isLoading {
            ProgressView("Loading items…")
        } else if visible.isEmpty {
            EmptyStateView(title: "No items", message: "Nothing to show.", actionTitle: "Clear search") { query = "" }
        } else {
            Text(visible.count == 1 ? "1 item" : "\(visible.count) items")
            List {
                ItemList(
                    items: visible,
                    favourites: favourites,
                    onDelete: { model.delete($0) },
                    onToggleFavourite: { item in
                        if favourites.contains(item.id) { favourites.remove(item.id) } else { favourites.insert(item.id) }
                    }
                )
            }
        }
    }
}

/// A sheet that closes itself.
struct DetailsSheet: View {
    @Environment(\.dismiss) private var dismiss
    let count: Int
    let loads: Int

    var body: some View {
        NavigationStack {
            List {
                InfoRow("Items", value: "\(count)")
                InfoRow("Loads", value: "\(loads)")
            }
            .navigationTitle("Details")
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Done") { dismiss() }
                }
            }
        }
    }
}

/// A view pushed by a link inside the feature.
struct AboutGalleryView: View {
    @State private var likes = 0

    var body: some View {
        VStack {
            Text("Every component here is plain SwiftUI, drawn as text by AppHost.")
            Toggle("Liked", isOn: Binding(get: { likes > 0 }, set: { likes = $0 ? 1 : 0 }))
        }
        .navigationTitle("About the gallery")
    }
}

#if DEBUG
#Preview("Gallery") {
    GalleryView(model: GalleryModel())
        .theme(.portal)
}

#Preview("Details", traits: .sizeThatFitsLayout) {
    DetailsSheet(count: 3, loads: 1)
}
#endif
