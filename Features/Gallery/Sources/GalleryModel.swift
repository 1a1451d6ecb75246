import DesignSystem
import Observation

/// The gallery's items, loaded as from a server (a pause, then the list).
@MainActor
@Observable
final class GalleryModel {
    private(set) var items: [ListItem] = []
    private(set) var isLoading = true
    private(set) var loads = 0

    /// Loads the items, as a screen's `.task` or a pull to refresh asks.
    func load() async {
        isLoading = items.isEmpty
        try? await Task.sleep(for: .milliseconds(300))
        loads += 1
        items = Self.catalogue
        isLoading = false
    }

    func delete(_ item: ListItem) {
        items.removeAll { $0.id == item.id }
    }

    func clear() {
        items = []
    }

    static let catalogue = [
        ListItem(id: 1, title: "Portal gun", detail: "Opens a way to anywhere", tag: "tool"),
        ListItem(id: 2, title: "Meeseeks box", detail: "Fulfils one request", tag: "gadget"),
        ListItem(id: 3, title: "Plumbus", detail: "Every home has one", tag: "household"),
        ListItem(id: 4, title: "Microverse battery", detail: "A universe of power", tag: "power"),
    ]
}
