// Group: the ObservableObject family and Combine, as apps written before `@Observable` keep their
// state: a store with `@Published` items shared through `.environmentObject`, a list that deletes
// and moves rows, a search field debounced through Combine.
import Combine
import SwiftUI

struct TodoItem: Identifiable, Equatable {
    let id: Int
    var title: String
    var isDone = false
}

final class TodoStore: ObservableObject {
    @Published var items: [TodoItem]
    @Published var searchText = ""
    @Published private(set) var visibleItems: [TodoItem] = []
    private var cancellables = Set<AnyCancellable>()

    init(items: [TodoItem] = [TodoItem(id: 1, title: "Buy milk"), TodoItem(id: 2, title: "Walk the dog"), TodoItem(id: 3, title: "Call mum")]) {
        self.items = items
        Publishers.CombineLatest($items, $searchText.debounce(for: .milliseconds(250), scheduler: RunLoop.main))
            .map { items, text in text.isEmpty ? items : items.filter { $0.title.localizedCaseInsensitiveContains(text) } }
            .receive(on: DispatchQueue.main)
            .assign(to: \.visibleItems, on: self)
            .store(in: &cancellables)
    }

    var remaining: Int { items.filter { !$0.isDone }.count }

    func toggle(_ item: TodoItem) {
        guard let index = items.firstIndex(where: { $0.id == item.id }) else { return }
        items[index].isDone.toggle()
    }

    func delete(at offsets: IndexSet) {
        items.remove(atOffsets: offsets)
    }

    func move(from source: IndexSet, to destination: Int) {
        items.move(fromOffsets: source, toOffset: destination)
    }
}

struct TodoListView: View {
    @EnvironmentObject var store: TodoStore

    var body: some View {
        NavigationStack {
            List {
                ForEach(store.visibleItems) { item in
                    TodoRow(item: item) { store.toggle(item) }
                }
                .onDelete(perform: store.delete)
                .onMove(perform: store.move)
            }
            .searchable(text: $store.searchText)
            .navigationTitle("To do")
            .toolbar { EditButton() }
            TodoSummary(store: store)
        }
    }
}

struct TodoRow: View {
    let item: TodoItem
    let toggle: () -> Void

    var body: some View {
        Button(action: toggle) {
            Label(item.title, systemImage: item.isDone ? "checkmark.circle.fill" : "circle")
        }
    }
}

struct TodoSummary: View {
    @ObservedObject var store: TodoStore

    var body: some View {
        Text("\(store.remaining) left")
    }
}

struct TodoApp: View {
    @StateObject private var store = TodoStore()

    var body: some View {
        TodoListView()
            .environmentObject(store)
    }
}
