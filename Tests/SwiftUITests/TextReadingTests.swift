import Foundation
@_spi(Host) import AppHostKit
@testable import SwiftUI
import Testing

/// A `Text` says what a reader of the device hears: a literal's Markdown read (its emphasis
/// dropped, a link as its text), values interpolated kept as they are, and dates relative to now.
@MainActor
struct TextReadingTests {
    private func said(_ text: SwiftUI.Text) -> String { Screen(text).body.texts.joined() }

    @Test(arguments: [
        ("**Bold** and _italic_", "Bold and italic"),
        ("***Both*** at once", "Both at once"),
        ("__strong__ *em* ~~gone~~", "strong em gone"),
        ("Read the [guide](https://example.com/guide) first", "Read the guide first"),
        ("Run `swift build` **now**", "Run swift build now"),
        ("2 * 3 * 4 = 24", "2 * 3 * 4 = 24"),
        ("snake_case_name stays", "snake_case_name stays"),
        ("A \\*literal\\* star", "A *literal* star"),
        ("an *unclosed emphasis", "an *unclosed emphasis"),
        ("one ~tilde~ only", "one ~tilde~ only"),
        ("Café, naïve résumé 👩‍👩‍👧 — plain", "Café, naïve résumé 👩‍👩‍👧 — plain"),
        ("e\u{301} *accented*", "e\u{301} accented"),
    ])
    func aLiteralsMarkdownIsReadWithItsEmphasisDropped(markdown: String, heard: String) {
        #expect(said(Text(LocalizedStringKey(markdown))) == heard)
    }

    @Test
    func anInterpolatedValueIsKeptAsItIsAndEmphasisAroundItGoes() {
        let name = "**not bold**"
        #expect(said(Text("Hello, **\(name)**!")) == "Hello, **not bold**!")
        #expect(said(Text("Total: _\(3)_ items")) == "Total: 3 items")
        #expect(said(Text("Hello, \(name), welcome")) == "Hello, **not bold**, welcome", "a literal with no Markdown keeps its values as they are")
        #expect(said(Text(verbatim: "**kept**")) == "**kept**", "verbatim text is never read as Markdown")
        let variable = "**kept**"
        #expect(said(Text(variable)) == "**kept**", "a String is never read as Markdown, as in SwiftUI")
        #expect(Screen(Button("**Save**") {}).body.first?.label == "Save", "a button's title is a localized key too")
    }

    @Test
    func aDateIsDrawnRelativeToNowAsSwiftUIWritesIt() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let later = now.addingTimeInterval(2 * 3600 + 23 * 60 + 5)
        #expect(Text.relative(later, style: .relative, now: now) == "2 hours, 23 minutes")
        #expect(Text.relative(now.addingTimeInterval(-45), style: .relative, now: now) == "45 seconds")
        #expect(Text.relative(now.addingTimeInterval(86_400 + 60), style: .relative, now: now) == "1 day, 1 minute")
        #expect(Text.relative(later, style: .offset, now: now) == "+2 hours")
        #expect(Text.relative(now.addingTimeInterval(-300), style: .offset, now: now) == "-5 minutes")
        #expect(Text.relative(later, style: .timer, now: now) == "2:23:05")
        #expect(Text.relative(now.addingTimeInterval(-152), style: .timer, now: now) == "2:32")
        #expect(Text.relative(now, style: .relative, now: now) == "0 seconds")
    }

    @Test(arguments: [
        ("xmark", "Close"), ("xmark.circle.fill", "Close"), ("plus.circle", "Add"), ("heart.fill", "Favorite"),
        ("line.3.horizontal.decrease.circle", "Filter"), ("square.and.arrow.up", "Share"), ("info.circle", "Info"),
        ("chart.xyaxis.line", "chart.xyaxis.line"),
    ])
    func aControlLabelledByASymbolAloneIsNamedAsAReaderNamesIt(symbol: String, name: String) {
        let button = Button {} label: { Image(systemName: symbol) }
        #expect(Screen(button).body.first?.label == name)
        let labelled = Button {} label: { Image(systemName: symbol) }.accessibilityLabel("Mine")
        #expect(Screen(labelled).body.first?.label == "Mine", "an accessibility label always wins")
    }

    @Test
    func aValueIsReadAfterTheLabelAndASelectedElementSaysSo() {
        #expect(Screen(Button("Cart") {}.accessibilityValue("3 items")).body.first?.label == "Cart, 3 items")
        #expect(said(Text("Volume")) == "Volume")
        #expect(Screen(Text("Volume").accessibilityValue("50%")).body.texts == ["Volume, 50%"])
        #expect(Screen(Button("Rock") {}.accessibilityAddTraits(.isSelected)).body.first?.label == "Rock (selected)")
        #expect(Screen(Text("Pop").accessibilityAddTraits(.isHeader)).body.texts == ["Pop (heading)"])
        #expect(Screen(Button("Pop") {}.accessibilityAddTraits(.isButton)).body.first?.label == "Pop", "other traits change nothing drawn")
    }

    /// An element that combines its children (a button's label, a tappable row) is read with commas
    /// between its texts, as a reader of the device reads it; texts side by side outside one are a
    /// line of text.
    @Test
    func aCombinedElementsTextsAreReadWithCommas() {
        let row = Button {} label: {
            HStack {
                VStack(alignment: .leading) {
                    Text("Rick Sanchez")
                    Text("Human")
                }
                Spacer()
                Text("Alive")
            }
        }
        #expect(Screen(row).body.first?.label == "Rick Sanchez, Human, Alive")
        let tapped = HStack { Text("Morty"); Text("Smith") }.onTapGesture {}
        #expect(Screen(tapped).body.first?.label == "Morty Smith", "an HStack outside a label is one line")
        #expect(Screen(HStack { Text("Quantity:"); Text("2") }).body.texts == ["Quantity: 2"])
    }

    /// A count drawn over an icon (a badge in an overlay) is read as the icon's value.
    @Test
    func aCountOverAnIconIsItsValue() {
        let filter = Button {} label: {
            Image(systemName: "line.3.horizontal.decrease.circle")
                .overlay(alignment: .topTrailing) { Text("1").font(.caption2) }
        }
        #expect(Screen(filter).body.first?.label == "Filter, 1")
        let plain = Button {} label: { Image(systemName: "line.3.horizontal.decrease.circle") }
        #expect(Screen(plain).body.first?.label == "Filter")
        let titled = Button {} label: { Label("Inbox", systemImage: "tray") }
        #expect(Screen(titled).body.first?.label == "Inbox", "a title is read without its icon")
    }

    /// `.accessibilityElement(children:)`: a card combined is one element read with commas; a
    /// button inside takes the card's texts; `.contain` leaves the elements apart; `.ignore` is
    /// named by the label given after it.
    @Test
    func anAccessibilityElementCombinesItsChildrenOrContainsThem() {
        let card: some View = VStack {
            SwiftUI.Text("Plumbus")
            SwiftUI.Text("Household")
            SwiftUI.Text("2 left")
        }
        #expect(Screen(card.accessibilityElement(children: .combine)).body.texts == ["Plumbus, Household, 2 left"])
        #expect(Screen(card.accessibilityElement(children: .contain)).body.texts == ["Plumbus", "Household", "2 left"])
        #expect(Screen(card.accessibilityElement().accessibilityLabel("Plumbus card")).body.texts == ["Plumbus card"])
        let row: some View = HStack {
            SwiftUI.Text("Plumbus")
            SwiftUI.Button("Buy", action: {})
        }
        let combined = Screen(row.accessibilityElement(children: .combine)).body
        #expect(combined.count == 1 && combined.first?.label == "Plumbus, Buy", "\(combined.map(\.label))")
        let two: some View = VStack {
            SwiftUI.Button("Buy", action: {})
            SwiftUI.Button("Sell", action: {})
        }
        #expect(Screen(two.accessibilityElement(children: .combine)).body.count == 2, "two actions cannot be one element")
    }
}
