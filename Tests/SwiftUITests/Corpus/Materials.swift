// Group: visual modifiers, as component libraries and iOS 26 apps write them: Liquid Glass
// (`.glassEffect`, `GlassEffectContainer`, `.buttonStyle(.glass)`), shape styles composed
// (`.blue.gradient`, `.tint.opacity`, `.shadow(.drop)`, gradients by their static members,
// `AnyShapeStyle`), shapes by their static members (`.rect(cornerRadius:)`, `.capsule`), and
// the looks modifiers around them (`.visualEffect`, `.symbolEffect`, `.scrollContentBackground`).
import SwiftUI

struct GlassBadge: View {
    let title: String
    let systemImage: String

    var body: some View {
        Label(title, systemImage: systemImage)
            .font(.caption.weight(.semibold))
            .padding(.horizontal, 12)
            .padding(.vertical, 6)
            .glassEffect(.regular.tint(.blue.opacity(0.3)).interactive(), in: .capsule)
    }
}

struct CardBackground: ViewModifier {
    var cornerRadius: CGFloat = 16

    func body(content: Content) -> some View {
        content
            .padding()
            .background(.ultraThinMaterial, in: .rect(cornerRadius: cornerRadius))
            .overlay {
                RoundedRectangle(cornerRadius: cornerRadius, style: .continuous)
                    .strokeBorder(.linearGradient(colors: [.white.opacity(0.6), .clear], startPoint: .top, endPoint: .bottom), lineWidth: 1)
            }
            .shadow(color: .black.opacity(0.1), radius: 8, x: 0, y: 4)
    }
}

extension View {
    func cardBackground(cornerRadius: CGFloat = 16) -> some View {
        modifier(CardBackground(cornerRadius: cornerRadius))
    }
}

struct MaterialsScreen: View {
    @Namespace private var glass
    @State private var expanded = false
    @State private var likes = 0
    var accent: AnyShapeStyle = AnyShapeStyle(Color.accentColor)

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(spacing: 16) {
                    GlassEffectContainer(spacing: 20) {
                        HStack {
                            GlassBadge(title: "Pinned", systemImage: "pin")
                                .glassEffectID("pinned", in: glass)
                            if expanded {
                                GlassBadge(title: "Shared", systemImage: "person.2")
                                    .glassEffectID("shared", in: glass)
                            }
                        }
                    }
                    Button(expanded ? "Collapse" : "Expand") {
                        withAnimation(.bouncy) { expanded.toggle() }
                    }
                    .buttonStyle(.glass)

                    VStack(alignment: .leading, spacing: 8) {
                        Text("Weekly summary")
                            .font(.headline)
                            .foregroundStyle(.primary, .secondary)
                        Text("12 workouts")
                            .foregroundStyle(.tint.opacity(0.8))
                        Capsule()
                            .fill(.blue.gradient)
                            .frame(height: 8)
                        Circle()
                            .fill(.red.opacity(0.2).shadow(.drop(color: .black, radius: 2)))
                            .frame(width: 24, height: 24)
                        Rectangle()
                            .fill(.shadow(.inner(radius: 3)))
                            .frame(height: 2)
                        Ellipse()
                            .fill(.radialGradient(colors: [.yellow, .orange], center: .center, startRadius: 0, endRadius: 40))
                            .frame(width: 80, height: 40)
                        UnevenRoundedRectangle(topLeadingRadius: 12, bottomTrailingRadius: 12)
                            .fill(AngularGradient(colors: [.pink, .purple, .pink], center: .center))
                            .frame(height: 20)
                    }
                    .cardBackground()

                    Button {
                        likes += 1
                    } label: {
                        Label("Like", systemImage: "heart.fill")
                            .symbolEffect(.bounce, value: likes)
                            .symbolRenderingMode(.hierarchical)
                    }
                    .buttonStyle(.glassProminent)
                    .tint(.pink)
                    Text("\(likes) likes")
                        .contentTransition(.numericText(value: Double(likes)))
                        .foregroundStyle(accent)
                    Text("Fine print")
                        .font(.footnote)
                        .foregroundStyle(Color.red.mix(with: .blue, by: 0.5))
                        .visualEffect { content, proxy in
                            content.opacity(proxy.size.width > 0 ? 1 : 0.5)
                        }
                }
                .padding()
            }
            .scrollContentBackground(.hidden)
            .background(LinearGradient(colors: [.blue.opacity(0.2), .clear], startPoint: .top, endPoint: .bottom))
            .clipShape(.rect(cornerRadius: 24))
            .containerShape(.rect(cornerRadius: 24))
            .navigationTitle("Materials")
        }
    }
}
