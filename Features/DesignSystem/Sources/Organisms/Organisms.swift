import SwiftUI

/// One item of a ``ItemList``.
public struct ListItem: Identifiable, Hashable, Sendable {
    public let id: Int
    public var title: String
    public var detail: String
    public var tag: String

    public init(id: Int, title: String, detail: String, tag: String) {
        self.id = id
        self.title = title
        self.detail = detail
        self.tag = tag
    }
}

/// Items with a tag, deleted by a swipe and marked from their menu.
public struct ItemList: View {
    let items: [ListItem]
    let favourites: Set<Int>
    let onDelete: (ListItem) -> Void
    let onToggleFavourite: (ListItem) -> Void

    public init(items: [ListItem], favourites: Set<Int>, onDelete: @escaping (ListItem) -> Void, onToggleFavourite: @escaping (ListItem) -> Void) {
        self.items = items
        self.favourites = favourites
        self.onDelete = onDelete
        self.onToggleFavourite = onToggleFavourite
    }

    public var body: some View {
        ForEach(items) { item in
            HStack {
                if favourites.contains(item.id) {
                    Image(systemName: "star.fill")
                        .accessibilityLabel("Favourite")
                }
                Text(item.title)
                Spacer()
                TagView(item.tag)
            }
            .swipeActions(edge: .trailing) {
                Button("Delete \(item.title)", role: .destructive) { onDelete(item) }
            }
            .contextMenu {
                Button(favourites.contains(item.id) ? "Unmark \(item.title)" : "Mark \(item.title)") { onToggleFavourite(item) }
            }
        }
    }
}

/// A card with a title, its rows, and an action in the theme's style.
public struct SummaryCard<Content: View>: View {
    @Environment(\.theme) private var theme
    let title: String
    let content: Content

    public init(_ title: String, @ViewBuilder content: () -> Content) {
        self.title = title
        self.content = content()
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: theme.spacing) {
            Text(title)
                .font(theme.titleFont)
            content
        }
        .card()
    }
}
