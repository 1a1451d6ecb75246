// Group: layout and preferences, and the visual API: shapes of an app's own (`path(in:)`, `Path`,
// `animatableData`), a `GeometryEffect`, a `Canvas`, a `TimelineView`, `@ScaledMetric`, anchor
// preferences, gestures; and the controls still missing then: `Table`, `GroupBox`, `ControlGroup`,
// `OutlineGroup`, `ColorPicker`.
import SwiftUI

struct Triangle: Shape {
    var inset: CGFloat = 0

    var animatableData: CGFloat {
        get { inset }
        set { inset = newValue }
    }

    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: rect.midX, y: rect.minY + inset))
        path.addLine(to: CGPoint(x: rect.maxX - inset, y: rect.maxY - inset))
        path.addLine(to: CGPoint(x: rect.minX + inset, y: rect.maxY - inset))
        path.closeSubpath()
        return path
    }
}

struct Shake: GeometryEffect {
    var amount: CGFloat = 10
    var shakesPerUnit = 3
    var animatableData: CGFloat

    func effectValue(size: CGSize) -> ProjectionTransform {
        ProjectionTransform(CGAffineTransform(translationX: amount * sin(animatableData * .pi * CGFloat(shakesPerUnit)), y: 0))
    }
}

struct BoundsKey: PreferenceKey {
    static let defaultValue: [Anchor<CGRect>] = []
    static func reduce(value: inout [Anchor<CGRect>], nextValue: () -> [Anchor<CGRect>]) { value += nextValue() }
}

struct DrawingScreen: View {
    @ScaledMetric(relativeTo: .body) private var iconSize: CGFloat = 24
    @State private var attempts = 0
    @State private var anchors = 0
    @State private var pressed = false

    var body: some View {
        VStack {
            Triangle()
                .fill(.orange)
                .frame(width: iconSize, height: iconSize)
            Text("Wrong password")
                .modifier(Shake(animatableData: CGFloat(attempts)))
            Text("Try again")
                .gesture(TapGesture(count: 2).onEnded { attempts += 1 })
            Text("Hold to confirm")
                .onLongPressGesture { pressed = true }
            Text("Attempts \(attempts), confirmed \(pressed ? "yes" : "no"), icon \(Int(iconSize))")
            Canvas { context, size in
                context.fill(Path(ellipseIn: CGRect(origin: .zero, size: size)), with: .color(.blue))
                context.draw(Text("Chart"), at: CGPoint(x: size.width / 2, y: size.height / 2))
            }
            .accessibilityLabel("Sales chart")
            TimelineView(.periodic(from: Date(timeIntervalSince1970: 0), by: 60)) { context in
                Text("Tick \(Int(context.date.timeIntervalSince1970) % 60)")
            }
            Text("Anchored")
                .anchorPreference(key: BoundsKey.self, value: .bounds) { [$0] }
        }
        .onPreferenceChange(BoundsKey.self) { anchors = $0.count }
        .overlayPreferenceValue(BoundsKey.self) { values in
            GeometryReader { proxy in
                Text("Anchors \(values.count), first at \(Int(values.first.map { proxy[$0].minX } ?? -1))")
            }
        }
    }
}

struct Person: Identifiable {
    let id: Int
    let name: String
    let age: Int
}

struct FileNode: Identifiable {
    let id = UUID()
    let name: String
    var children: [FileNode]?
}

struct TablesScreen: View {
    @State private var people = [Person(id: 1, name: "Ada", age: 36), Person(id: 2, name: "Grace", age: 85)]
    @State private var selection: Person.ID?
    @State private var sortOrder = [KeyPathComparator(\Person.name)]
    @State private var tint = Color.blue
    private let tree = [FileNode(name: "Sources", children: [FileNode(name: "App.swift")]), FileNode(name: "README.md")]

    var body: some View {
        VStack {
            Table(people, selection: $selection, sortOrder: $sortOrder) {
                TableColumn("Name", value: \.name)
                TableColumn("Age", value: \.age) { Text("\($0.age)") }
            }
            .onChange(of: sortOrder) { _, order in people.sort(using: order) }
            Text("Selected \(selection.map(String.init) ?? "none")")
            GroupBox("Totals") {
                Text("2 people")
            }
            ControlGroup {
                Button("Previous") {}
                Button("Next") {}
            }
            OutlineGroup(tree, children: \.children) { node in
                Text(node.name)
            }
            ColorPicker("Tint", selection: $tint)
        }
    }
}
