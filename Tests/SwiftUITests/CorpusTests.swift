@_spi(Host) import AppHostKit
import Combine
import SwiftUI
import UIKit
import Testing

/// The corpus (Corpus/): SwiftUI written as public code is, compiled unchanged, drawn, and driven.
@MainActor
@Suite
struct CorpusTests {
    @Test
    func aLegacyPreviewProviderTypeChecksAndItsViewDraws() {
        // The previews are type-checked; what they show is the view, drawn as any screen is.
        _ = BadgeView_Previews.previews
        #expect(Screen(BadgeView(title: "Inbox", count: 3)).body.texts == ["Inbox 3"])
    }

    @Test
    func anObservableObjectStoreSharedThroughTheEnvironmentDeletesMovesAndCounts() async throws {
        let screen = Screen(TodoApp())
        await screen.drawAndRunWork()
        // The store's pipeline (a 250 ms debounce, on real time outside a session) delivers on the main
        // queue: wait until it lands (30 s is only a bound on a hang).
        try await until { screen.body.texts.contains("Buy milk") }
        #expect(screen.body.texts.contains("Buy milk"), "\(screen.body.texts)")
        #expect(screen.body.texts.contains("3 left"))
        #expect(screen.body.texts.contains("Delete Walk the dog"))
        #expect(!screen.body.texts.contains("Move Buy milk down"), "rows move in edit mode only")

        try await screen.tap("Buy milk")
        #expect(screen.body.texts.contains("2 left"), "\(screen.body.texts)")

        try await screen.tap("Edit")
        #expect(screen.body.texts.contains("Done"))
        try await screen.tap("Move Buy milk down")
        try await screen.tap("Delete Call mum")
        try await until { !screen.body.texts.contains("Call mum") }
        let rows = screen.body.texts.filter { ["Buy milk", "Walk the dog", "Call mum"].contains($0) }
        #expect(rows == ["Walk the dog", "Buy milk"], "\(screen.body.texts)")
    }

    @Test
    func environmentValuesDeclaredWithEntryHaveTheirDefaultsAndTakeWhatIsSet() async throws {
        let screen = Screen(PagedScreen())
        let texts = screen.body.texts
        #expect(texts.filter { $0.hasPrefix("Page size") } == ["Page size 20", "Page size 50"], "\(texts)")
        #expect(texts.filter { $0.hasPrefix("Signed") } == ["Signed out", "Signed in as Ada"], "\(texts)")
        #expect(texts.filter { $0 == "Accent blue" }.count == 2)
        #expect(texts.filter { $0 == "Shortcuts 2" }.count == 2)

        try await screen.tap("Pick", at: 1)
        #expect(screen.body.texts.contains("Picked first"), "the closure set below the screen ran: \(screen.body.texts)")
    }

    @Test
    func assetCatalogSymbolsNameTheCatalogsAssetsAndColoursResolveToItsComponents() {
        // The row is one line: the logo draws as nothing, the labelled star by its label.
        #expect(Screen(BrandHeader()).body.texts == ["Welcome Favourite"], "\(Screen(BrandHeader()).body.texts)")
        #expect(ImageResource.logo.name == "Logo")
        #expect(ImageResource.star.name == "Icons/Star", "a namespace folder names the asset within it")
        #expect(ColorResource.brand.name == "BrandColor", "'Color' is dropped from a colour's symbol, as Xcode drops it")

        // The colour for any appearance, not the dark one; components of 0 to 255 and hex read as Xcode reads them.
        let sky = Color(.skyBlue).resolve(in: EnvironmentValues())
        #expect([sky.red, sky.green, sky.blue, sky.opacity] == [0.529, 0.808, 0.922, 1])
        let brand = Color(.brand).resolve(in: EnvironmentValues())
        #expect(abs(brand.red - 1) < 0.001 && abs(brand.green - 0.4) < 0.001 && abs(brand.blue - 0.2) < 0.001 && abs(brand.opacity - 0.8) < 0.001)
        #expect(brand.description == "#FF6633CC")

        // A catalog colour equals itself, not the colour its components make (as on a device).
        #expect(BrandTokens.accent == Color(.skyBlue))
        #expect(BrandTokens.accent != Color(.brand))
        #expect(BrandTokens.accent != Color(red: 0.529, green: 0.808, blue: 0.922))
        #expect(Color(Color.Resolved(red: 1, green: 0.4, blue: 0.2)) == Color(red: Double(Float(1)), green: Double(Float(0.4)), blue: Double(Float(0.2))))
        #expect(Color.blue.resolve(in: EnvironmentValues()).description == "#007AFFFF")
        #expect(Color.clear.resolve(in: EnvironmentValues()).opacity == 0)
        #expect(Color(hue: 0, saturation: 1, brightness: 1).resolve(in: EnvironmentValues()).description == "#FF0000FF")
        #expect(BrandTokens.logo.name == "Logo")
    }

    @Test
    func shapesOfTheAppsOwnKeepTheirPathAndEffectsCanvasesAndTimelinesDrawTheirContent() async throws {
        let triangle = Triangle().path(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(triangle.description == "5 0 m 10 10 l 0 10 l h")
        #expect(triangle.boundingRect == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(Triangle(inset: 1).path(in: CGRect(x: 0, y: 0, width: 10, height: 10)) != triangle, "a changed shape is another path")
        #expect(Circle().path(in: CGRect(x: 0, y: 0, width: 20, height: 10)).boundingRect == CGRect(x: 5, y: 0, width: 10, height: 10))
        #expect(Shake(animatableData: 0.5).effectValue(size: .zero).m31 == 10 * sin(0.5 * .pi * 3))

        let screen = Screen(DrawingScreen())
        await screen.drawAndRunWork()
        let texts = screen.body.texts
        #expect(texts.contains("Attempts 0, confirmed no, icon 24"), "\(texts)")
        #expect(texts.contains("Wrong password"), "a geometry effect draws its content: \(texts)")
        #expect(texts.contains("Sales chart"), "a canvas is read by its label: \(texts)")
        #expect(!texts.contains("Chart"), "what a canvas paints is not read: \(texts)")
        #expect(texts.contains { $0.hasPrefix("Tick ") }, "\(texts)")
        #expect(texts.contains("Tick 0"), "a periodic timeline by minutes from the epoch is drawn on its minute: \(texts)")
        #expect(texts.contains("Anchors 1, first at 0"), "\(texts)")

        try await screen.tap("Try again")
        try await screen.tap("Hold to confirm")
        #expect(screen.body.texts.contains("Attempts 1, confirmed yes, icon 24"), "\(screen.body.texts)")
    }

    @Test
    func aTableIsItsFirstColumnAsOnAPhoneAndBoxesGroupsAndOutlinesDrawTheirContent() async throws {
        let screen = Screen(TablesScreen())
        let texts = screen.body.texts
        #expect(texts.contains("Ada") && texts.contains("Grace"), "\(texts)")
        #expect(!texts.contains("36"), "a phone shows a table's first column only: \(texts)")
        #expect(texts.contains("Totals") && texts.contains("2 people"), "\(texts)")
        #expect(texts.contains("Previous") && texts.contains("Next"), "\(texts)")
        #expect(texts.contains("Sources") && texts.contains("README.md"), "\(texts)")
        #expect(!texts.contains("App.swift"), "an outline's groups are closed until tapped: \(texts)")
        #expect(texts.contains("Tint: #007AFFFF"), "\(texts)")

        try await screen.tapToggle("Grace")
        #expect(screen.body.texts.contains("Selected 2"), "\(screen.body.texts)")
        try await screen.tap("Sources")
        #expect(screen.body.texts.contains("App.swift"), "\(screen.body.texts)")
    }

    /// Waits for `condition`, looking every 10 ms; fails after 30 s (a hang, not a slow machine).
    private func until(_ condition: () -> Bool) async throws {
        let clock = ContinuousClock()
        let limit = clock.now + .seconds(30)
        while !condition() {
            try #require(clock.now < limit, "the condition never held")
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test
    func removeAndMoveByOffsetsDoWhatSwiftUIsDo() {
        var letters = ["a", "b", "c", "d", "e"]
        letters.move(fromOffsets: IndexSet([0, 2]), toOffset: 4)
        #expect(letters == ["b", "d", "a", "c", "e"])
        letters.move(fromOffsets: IndexSet(integer: 4), toOffset: 0)
        #expect(letters == ["e", "b", "d", "a", "c"])
        letters.remove(atOffsets: IndexSet([0, 3]))
        #expect(letters == ["b", "d", "c"])
    }

    @Test
    func formControlsDrawAsTheirLabelsAndValues() async throws {
        let screen = Screen(ProfileEditor())
        let texts = screen.body.texts
        #expect(texts.contains("Name: Ada"), "\(texts)")
        #expect(texts.contains("Level: 7"))
        #expect(texts.contains("Birthday: 1970-01-01"))
        #expect(texts.contains("Battery: 42%"))
        #expect(texts.contains("Wins 12") && texts.contains("Losses 3"), "\(texts)")
        #expect(!texts.contains("Developer mode"), "a disclosure group starts closed")
        try await screen.tap("Advanced")
        #expect(screen.body.texts.contains("Developer mode"))
        try await screen.tap("Swift")
        #expect(screen.body.flattened.contains { if case .textField("Search", let text, _) = $0 { text == "Swift" } else { false } }, "\(screen.body.texts)")
        try await screen.type("Text", "Swift and C")
        #expect(screen.body.flattened.contains { if case .textField(_, let text, _) = $0 { text == "Swift and C" } else { false } })
    }

    @Test
    func theCallFormsDrawAndAStepperOfTheTrailingClosureFormSteps() async throws {
        let screen = Screen(SettingsForm())
        #expect(screen.body.texts.contains("Quantity: 1"), "\(screen.body.texts)")
        // The two sliders above offer Increment too, as a reader's swipe up.
        try await screen.tap("Increment", at: 2)
        #expect(screen.body.texts.contains("Quantity: 2"))
        #expect(screen.body.texts.contains("Welcome back"))
        #expect(screen.body.texts.contains("No nickname"))
        #expect(Screen(SizeReader()).body.texts == ["Width 0, at 0"])
    }

    @Test
    func glassSymbolEffectsAndComposedShapeStylesDrawTheContentAsItIs() async throws {
        let screen = Screen(MaterialsScreen())
        #expect(screen.body.texts == ["Materials", "Pinned", "Expand", "Weekly summary", "12 workouts", "Like", "0 likes", "Fine print"])
        try await screen.tap("Expand")
        #expect(screen.body.texts.prefix(3) == ["Materials", "Pinned Shared", "Collapse"])
        try await screen.tap("Like")
        #expect(screen.body.texts.contains("1 likes"))
        // Glass and shadows keep what they were made of; a mix is SwiftUI's, component by component.
        #expect(Glass.regular.tint(.blue) != Glass.regular)
        #expect(Glass.clear.interactive() != Glass.clear)
        #expect(ShadowStyle.drop(radius: 2) != ShadowStyle.inner(radius: 2))
        #expect(Color.red.mix(with: .blue, by: 0).resolve(in: EnvironmentValues()) == Color.red.resolve(in: EnvironmentValues()))
        #expect(Color.red.mix(with: .blue, by: 1).resolve(in: EnvironmentValues()) == Color.blue.resolve(in: EnvironmentValues()))
        let half = Color.black.mix(with: .white, by: 0.5).resolve(in: EnvironmentValues())
        #expect(half.red == 0.5 && half.green == 0.5 && half.blue == 0.5 && half.opacity == 1)
    }

    @Test
    func headersActionsAndAdjustableViewsAreOfferedAsAReaderOffersThem() async throws {
        let screen = Screen(AccessibleSettings())
        #expect(screen.body.texts == [
            "Sound (heading)", "Volume: 0.5", "Increment", "Decrement", "Stars: 2.0", "Increment", "Decrement",
            "Rating, 3 of 5", "Increment", "Decrement", "Inbox (heading)", "Lunch?", "Archive", "Archived: 0", "Opened 0", "Reset",
        ], "\(screen.body.texts)")
        // A slider moves by a tenth of its range, or by its step; never past its bounds.
        try await screen.tap("Increment", at: 0)
        try await screen.tap("Increment", at: 1)
        try await screen.tap("Increment", at: 1)
        try await screen.tap("Increment", at: 1)
        try await screen.tap("Increment", at: 1)
        try await screen.tap("Decrement", at: 2)
        try await screen.tap("Archive")
        try await screen.tap("Opened 0")
        try await screen.tap("Opened 1")
        #expect(screen.body.texts.contains("Volume: 0.6"), "\(screen.body.texts)")
        #expect(screen.body.texts.contains("Stars: 5.0"), "\(screen.body.texts)")
        #expect(screen.body.texts.contains("Rating, 2 of 5"), "\(screen.body.texts)")
        #expect(screen.body.texts.contains("Archived: 1"))
        #expect(screen.body.texts.contains("Opened 2"))
        try await screen.tap("Reset")
        #expect(screen.body.texts.contains("Opened 0"))
        // Each action is its row's, as a reader offers them.
        let actions = screen.body.flattened.compactMap { node -> String? in
            if case .button(let label, let action) = node, action.isRowAction { label } else { nil }
        }
        #expect(actions == ["Increment", "Decrement", "Increment", "Decrement", "Increment", "Decrement", "Archive", "Reset"])
    }

    @Test
    func aDesignTokenThatChangesIsNotEqualToWhatItWas() {
        #expect(Font.system(size: 17, weight: .semibold) != Font.system(size: 17, weight: .regular))
        #expect(Font.system(size: 17) != Font.system(size: 15))
        #expect(Font.system(.body, design: .rounded) != Font.system(.body, design: .serif))
        #expect(Font.headline.bold() != Font.headline)
        #expect(Font.custom("Inter", size: 14) == Font.custom("Inter", size: 14))
        #expect(Color.red.opacity(0.5) != Color.red)
        #expect(Color.red.opacity(0.5) == Color.red.opacity(0.5))
        #expect(Color(red: 1, green: 0, blue: 0) != Color(red: 1, green: 0, blue: 0.1))
    }

    @Test
    func twoViewsNamingOneAppStorageKeyShowTheSameValue() async throws {
        let screen = Screen(AppStoragePair())
        #expect(screen.body.texts == ["Writer 0", "Reader 0"])
        try await screen.tap("Writer 0")
        #expect(screen.body.texts == ["Writer 1", "Reader 1"])
    }

    @Test
    func anAttributedStringKeepsItsSwiftUIAttributes() {
        var plain = AttributedString("Welcome back")
        var styled = plain
        styled.font = .headline
        styled.foregroundColor = .red
        #expect(styled.font == .headline)
        #expect(styled != plain)
        plain.font = .headline
        plain.foregroundColor = .red
        #expect(styled == plain)
        #expect(Screen(Text(styled)).body.texts == ["Welcome back"])
    }
}

struct AppStorageWriter: View {
    @AppStorage("corpus.taps") private var taps = 0
    var body: some View { Button("Writer \(taps)") { taps += 1 } }
}

struct AppStorageReader: View {
    @AppStorage("corpus.taps") private var taps = 0
    var body: some View { Text("Reader \(taps)") }
}

struct AppStoragePair: View {
    var body: some View {
        AppStorageWriter()
        AppStorageReader()
    }
}

/// Combine's combining operators, which OpenCombine lacks and the module adds.
@Suite
struct CombiningOperatorTests {
    @Test
    func combineLatestSendsTheLatestPairOnceBothHaveSent() {
        let names = PassthroughSubject<String, Never>()
        let ages = PassthroughSubject<Int, Never>()
        var seen: [String] = []
        let subscription = names.combineLatest(ages) { "\($0) \($1)" }.sink { seen.append($0) }
        names.send("Ada")
        #expect(seen.isEmpty)
        ages.send(36)
        names.send("Grace")
        ages.send(85)
        #expect(seen == ["Ada 36", "Grace 36", "Grace 85"])
        subscription.cancel()
    }

    @Test
    func combineLatestFinishesWhenAllFinishAndFailsAtTheFirstFailure() {
        struct Failure: Error, Equatable {}
        let a = PassthroughSubject<Int, Failure>()
        let b = PassthroughSubject<Int, Failure>()
        var completion: Subscribers.Completion<Failure>?
        let subscription = Publishers.CombineLatest(a, b).sink(receiveCompletion: { completion = $0 }, receiveValue: { _ in })
        a.send(1)
        b.send(2)
        a.send(completion: .finished)
        #expect(completion == nil)
        b.send(completion: .failure(Failure()))
        #expect(completion == .failure(Failure()))
        subscription.cancel()
    }

    @Test
    func mergeSendsEveryValueInTheOrderTheyCameAndHonoursDemand() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        var seen: [Int] = []
        let subscription = a.merge(with: b).sink { seen.append($0) }
        a.send(1)
        b.send(2)
        a.send(3)
        #expect(seen == [1, 2, 3])
        subscription.cancel()

        var firstTwo: [Int] = []
        let limited = AnySubscriber<Int, Never>(receiveSubscription: { $0.request(.max(2)) }, receiveValue: { firstTwo.append($0); return .none })
        Publishers.MergeMany([1, 2, 3].publisher, [4].publisher).subscribe(limited)
        #expect(firstTwo == [1, 2])
    }
}

/// UIKit's types through SwiftUI's bridges keep what they were made of.
@MainActor
@Suite
struct UIKitBridgeTests {
    @Test
    func aProfileHeaderWrittenForIOSDraws() {
        #expect(Screen(ProfileHeader()).body.texts == ["Ada Lovelace", "iPhone", "Settings"])
    }

    @Test
    func bridgedColoursAndFontsAreEqualOnlyWhenMadeOfTheSame() {
        #expect(Color(uiColor: .systemBlue) == Color(uiColor: .systemBlue))
        #expect(Color(uiColor: .systemBlue) != Color(uiColor: .systemRed))
        #expect(Color(uiColor: UIColor.red.withAlphaComponent(0.5)) != Color(uiColor: .red))
        #expect(Font(UIFont.systemFont(ofSize: 17, weight: .bold)) != Font(UIFont.systemFont(ofSize: 17)))
    }
}

/// Foundation's pieces that swift-corelibs-foundation lacks, as view code uses them.
@MainActor
@Suite
struct FoundationGapTests {
    @Test
    func localizedStringsAreTheirTextAndARelativeDateIsWrittenInEnglish() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let screen = Screen(InboxSummary(unread: 3, lastSync: now.addingTimeInterval(-300), now: now))
        #expect(screen.body.texts == ["Inbox", "3 unread messages", "Synced 5 minutes ago", "Nothing new"])
    }

    @Test
    func aRelativeDateTimeFormatterWritesEachStyle() {
        let formatter = RelativeDateTimeFormatter()
        #expect(formatter.localizedString(fromTimeInterval: 2 * 86_400) == "in 2 days")
        #expect(formatter.localizedString(fromTimeInterval: -3_600) == "1 hour ago")
        formatter.unitsStyle = .abbreviated
        #expect(formatter.localizedString(fromTimeInterval: -300) == "5m ago")
        formatter.unitsStyle = .short
        #expect(formatter.localizedString(fromTimeInterval: -300) == "5 min. ago")
        formatter.dateTimeStyle = .named
        #expect(formatter.localizedString(fromTimeInterval: -86_400) == "yesterday")
        #expect(formatter.localizedString(fromTimeInterval: 0) == "now")
    }
}

/// Navigation written before NavigationStack, preferences and a layout of the app's own.
@MainActor
@Suite
struct OlderNavigationAndLayoutTests {
    @Test
    func aLinkBoundToStatePushesAndItsBackClearsTheState() async throws {
        let screen = Screen(MessageList())
        #expect(screen.body.texts == ["Messages", "Compose", "Open 7", "Nothing selected"], "\(screen.body.texts)")
        try await screen.tap("Compose")
        #expect(screen.body.texts.contains("New message"), "\(screen.body.texts)")
        try await screen.tap("Back")
        try await screen.tap("Open 7")
        #expect(screen.body.texts.contains("Message 7"), "\(screen.body.texts)")
        try await screen.tap("Back")
        #expect(screen.body.texts.contains("Nothing selected"), "\(screen.body.texts)")
    }

    @Test
    func aPreferenceSetBelowReachesTheViewAboveReducedInOrder() async {
        let screen = Screen(TagCloud())
        await screen.drawAndRunWork()
        #expect(screen.body.texts == ["swift", "linux", "ui", "Widest tag: 5"], "\(screen.body.texts)")
    }
}
