@testable import AppHost
@testable import AppHostLoading
@testable import AppHostNavigation
import AppHostKit
import Foundation
import SwiftUI
import Testing

enum LooksNavigation: Navigation {
    case order

    static let routeName = "looks"
}

/// A screen styled as a design system styles one: a font and a colour on a text, on a stack, and
/// on texts side by side.
struct OrderSummaryView: View {
    var body: some View {
        VStack {
            Text("Order").font(.system(size: 28, weight: .bold)).foregroundStyle(.red)
            VStack {
                Text("Subtotal")
                Text("Taxes included").font(.caption)
            }
            .font(.headline)
            .foregroundStyle(.secondary)
            HStack {
                Text("Total").bold()
                Text("$12").bold()
            }
            Text("Thank you").italic().foregroundColor(Color(red: 0, green: 0.5, blue: 1, opacity: 0.5))
            Text("Plain")
            Text("Rounded").font(.system(size: 17, weight: .semibold, design: .rounded))
            Text("Inter").font(.custom("Inter", size: 14.5)).italic()
            Text("Faint").foregroundStyle(Color.secondary.opacity(0.5))
        }
    }
}

/// The JSON layout gives each text the font and colour it is drawn in; the text leaves them out.
@MainActor
@Suite
struct TextLooksTests {
    @Test
    func theJSONLayoutGivesEachTextItsFontAndColour() async throws {
        let registry = DestinationRegistry()
        try registry.register(LooksNavigation.self, root: .order, feature: "looks") { _, router in
            Screen(OrderSummaryView(), router: router)
        }
        var json: [String] = []
        let sut = Session(
            registry: registry, start: try #require(registry.root(named: "looks")),
            options: Session.Options(width: 40, format: .json, virtualTime: true), output: { json.append($0) }, errorOutput: { _ in }
        )
        await sut.start()
        let text = TextRenderer(width: 40).draw(try #require(sut.current?.layout))
        await sut.end()

        let line = try #require(json.last)
        for element in [
            ##"{"color":"#FF3B30FF","font":"system 28 bold","text":"Order","type":"text"}"##,
            ##"{"color":"secondary","font":"headline","text":"Subtotal","type":"text"}"##,
            ##"{"color":"secondary","font":"caption","text":"Taxes included","type":"text"}"##,
            ##"{"font":"body bold","text":"Total $12","type":"text"}"##,
            ##"{"color":"#0080FF80","font":"body italic","text":"Thank you","type":"text"}"##,
            ##"{"text":"Plain","type":"text"}"##,
            ##"{"font":"system 17 semibold rounded","text":"Rounded","type":"text"}"##,
            ##"{"font":"Inter 14.5 italic","text":"Inter","type":"text"}"##,
            ##"{"color":"secondary 50%","text":"Faint","type":"text"}"##,
        ] {
            #expect(line.contains(element), "\(element) in \(line)")
        }
        #expect(text.contains("Order\n") && !text.contains("bold") && !text.contains("#FF"), "\(text)")
    }

    @Test
    func aTextsOwnLooksWinOverTheViewsAboveAndLooksMakeTextsUnequal() {
        #expect(Text("Hi").font(.title) != Text("Hi"))
        #expect(Text("Hi").font(.title) == Text("Hi").font(.title))
        #expect(Text("Hi").bold() + Text("!").bold() == Text("Hi!").bold())
    }
}

enum WidthNavigation: Navigation {
    case page

    static let routeName = "width"
}

/// A layout that follows the width, as adaptive apps write one.
struct AdaptiveView: View {
    @Environment(\.horizontalSizeClass) private var sizeClass

    var body: some View {
        switch sizeClass {
        case .regular: Text("Sidebar and detail")
        case .compact: Text("One column")
        case nil: Text("No size class")
        @unknown default: Text("Another size class")
        }
    }
}

/// A session stands for a phone (compact width) unless told it is an iPad (`--size-class regular`).
@MainActor
@Suite
struct SizeClassTests {
    @Test(arguments: [(Session.SizeClass.compact, "One column"), (.regular, "Sidebar and detail")])
    func theViewsSeeTheSessionsWidth(sizeClass: Session.SizeClass, shown: String) async throws {
        let registry = DestinationRegistry()
        try registry.register(WidthNavigation.self, root: .page, feature: "width") { _, router in
            Screen(AdaptiveView(), router: router)
        }
        var options = Session.Options(width: 40)
        options.sizeClass = sizeClass
        var written = ""
        let sut = Session(
            registry: registry, start: try #require(registry.root(named: "width")),
            options: options, output: { written += $0 }, errorOutput: { _ in }
        )
        await sut.start()
        await sut.end()
        #expect(written.contains(shown + "\n"), "\(written)")
    }
}

enum CardNavigation: Navigation {
    case shop

    static let routeName = "cards"
}

/// Cards as apps draw them: a shape behind a stack, a bordered stack, a tag in a capsule, all on a
/// screen with a background of its own.
struct ShopView: View {
    var body: some View {
        ScrollView {
            VStack {
                Text("New").padding(4).background(Capsule().fill(.blue))
                VStack(alignment: .leading) {
                    Text("Plumbus")
                    Divider()
                    Text("2 left")
                }
                .padding()
                .background(RoundedRectangle(cornerRadius: 12).fill(.white))
                VStack {
                    Text("Fleeb juice")
                    Button("Buy") {}
                }
                .padding()
                .overlay { RoundedRectangle(cornerRadius: 12).stroke(.gray) }
                Text("Prices include taxes")
            }
        }
        .background(Color.gray.opacity(0.1))
    }
}

/// A card (a shape behind or around a stack) is drawn as a group, so a rule inside it is its own.
@MainActor
@Suite
struct CardTests {
    @Test
    func aCardIsDrawnAsAGroupAndAScreensBackgroundIsNot() async throws {
        let registry = DestinationRegistry()
        try registry.register(CardNavigation.self, root: .shop, feature: "cards") { _, router in
            Screen(ShopView(), router: router)
        }
        var written = ""
        let sut = Session(
            registry: registry, start: try #require(registry.root(named: "cards")),
            options: Session.Options(width: 30), output: { written += $0 }, errorOutput: { _ in }
        )
        await sut.start()
        await sut.end()
        let thin = String(repeating: "─", count: 30), rule = String(repeating: "═", count: 30)
        #expect(written.hasSuffix("""
            \(thin)
            New

              Plumbus
              \(String(repeating: "─", count: 28))
              2 left

              Fleeb juice
              [1] Buy
            Prices include taxes
            \(rule)

            """), "\(written)")
    }
}
