import SwiftUI

/// What the views under test did, in order.
@MainActor
final class Log {
    var lines: [String] = []
}

struct CounterView: View {
    @State private var count = 0

    var body: some View {
        Text("Count: \(count)")
        Button("Add") { count += 1 }
        ChildCounter(total: $count)
    }
}

struct ChildCounter: View {
    @Binding var total: Int

    var body: some View {
        Button("Reset \(total)") { total = 0 }
    }
}

struct LifecycleView: View {
    let log: Log
    @State private var showsChild = true
    @State private var query = "a"

    var body: some View {
        Toggle("Child", isOn: $showsChild)
        TextField("Query", text: $query)
            .onSubmit { log.lines.append("submit \(query)") }
        if showsChild {
            Text("child")
                .onAppear { log.lines.append("appear") }
                .onDisappear { log.lines.append("disappear") }
                .task(id: query) { log.lines.append("task \(query)") }
        }
        Text("watching")
            .onChange(of: query) { old, new in log.lines.append("change \(old) → \(new)") }
    }
}

struct Palette: Sendable {
    var name: String
}

private struct PaletteKey: EnvironmentKey {
    static let defaultValue = Palette(name: "default")
}

extension EnvironmentValues {
    var palette: Palette {
        get { self[PaletteKey.self] }
        set { self[PaletteKey.self] = newValue }
    }
}

@MainActor
@Observable
final class Basket {
    var items = ["apple"]
}

struct Framed: ViewModifier {
    @Environment(\.palette) private var palette

    func body(content: Content) -> some View {
        VStack {
            Text("frame \(palette.name)")
            content
        }
        .padding()
    }
}

struct EnvironmentReader: View {
    @Environment(\.palette) private var palette
    @Environment(Basket.self) private var basket

    var body: some View {
        Text("palette \(palette.name), \(basket.items.count) item")
            .modifier(Framed())
    }
}

struct Fruit: Identifiable, Hashable {
    let id: String
}

struct PresentingView: View {
    @State private var fruit: Fruit?
    @State private var asks = false

    var body: some View {
        Button("Pick") { fruit = Fruit(id: "pear") }
        Button("Ask") { asks = true }
            .sheet(item: $fruit) { fruit in
                FruitSheet(fruit: fruit)
            }
            .confirmationDialog("Really?", isPresented: $asks) {
                Button("Yes") {}
            } message: {
                Text("It cannot be undone.")
            }
    }
}

struct FruitSheet: View {
    @Environment(\.dismiss) private var dismiss
    let fruit: Fruit

    var body: some View {
        Text("sheet \(fruit.id)")
        Button("Close") { dismiss() }
    }
}

struct PushingView: View {
    var body: some View {
        NavigationStack {
            NavigationLink("Open pear", value: Fruit(id: "pear"))
                .navigationDestination(for: Fruit.self) { fruit in
                    Text("detail \(fruit.id)")
                }
        }
    }
}

struct ControlsView: View {
    @State private var size = "M"
    @State private var secret = "abc"
    @State private var amount = 3

    var body: some View {
        Picker("Size", selection: $size) {
            Text("Small").tag("S")
            Text("Medium").tag("M")
        }
        SecureField("Password", text: $secret)
        TextField("Amount", value: $amount, format: .number)
        Text("amount \(amount)")
        Menu("More") {
            Button("Share") {}
        }
        Link("Website", destination: URL(string: "https://example.org")!)
        Button("Disabled") {}
            .disabled(true)
        Button {
        } label: {
            Image(systemName: "trash")
        }
        Image(systemName: "star")
            .accessibilityLabel("Rated")
    }
}

/// A property of the feature's own made of state, as real apps write one (a form's draft, say).
struct Draft: DynamicProperty {
    @State var text = ""
    @State var edits = 0
}

/// A generic view whose state lies after a field of its parameter's type.
struct Labelled<Value: CustomStringConvertible>: View {
    let value: Value
    @State private var taps = 0
    var draft = Draft()

    var body: some View {
        Text("\(value): \(taps) taps, draft '\(draft.text)' after \(draft.edits) edits")
        Button("Tap \(value)") { taps += 1 }
        Button("Edit \(value)") {
            draft.text += "x"
            draft.edits += 1
        }
    }
}

/// A view that is a class: its state is found by reflecting it.
final class ClassCounter: View {
    @State private var count = 0

    var body: some View {
        Button("Class count \(count)") { self.count += 1 }
    }
}

/// Makes its children again at each drawing, so their state is kept only if it is bound.
struct MadeAgain: View {
    var body: some View {
        Labelled(value: 7)
        Labelled(value: "seven")
        ClassCounter()
    }
}
