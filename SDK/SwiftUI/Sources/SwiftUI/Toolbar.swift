@_spi(Views) import AppHostKit

// MARK: Navigation bar and toolbar

extension View {
    /// The screen's title, drawn first.
    public func navigationTitle(_ title: Text) -> some View {
        modified { context, content in [.title(title.content)] + content(context) }
    }
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { navigationTitle(Text(titleKey)) }
    @_disfavoredOverload
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { navigationTitle(Text(title)) }
    nonisolated public func navigationSubtitle(_ subtitle: Text) -> some View { self }
    nonisolated public func navigationSubtitle(_ subtitleKey: LocalizedStringKey) -> some View { self }
    @_disfavoredOverload
    nonisolated public func navigationSubtitle<S: StringProtocol>(_ subtitle: S) -> some View { self }

    /// Puts the toolbar's items, as numbered elements, where a reader of the device finds them: the
    /// navigation bar's after the layer's title (leading, then trailing), the bottom bar's after
    /// its content.
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        let items = content()
        return modified { context, drawContent in
            let nodes = drawContent(context)
            guard let bar = context.graph.bar else { return nodes + items._render(in: context.child("toolbar")) }
            var inner = context.child("toolbar")
            inner.toolbar = bar
            // What is not in a ToolbarItem is placed as SwiftUI places it: in the trailing items.
            bar.add(items._render(in: inner), at: .automatic)
            return nodes
        }
    }

    nonisolated public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View { self }
    nonisolated public func toolbarBackground<S: ShapeStyle>(_ style: S, for bars: ToolbarPlacement...) -> some View { self }
    nonisolated public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View { self }
    nonisolated public func toolbarColorScheme(_ colorScheme: ColorScheme?, for bars: ToolbarPlacement...) -> some View { self }
    nonisolated public func toolbarRole(_ role: ToolbarRole) -> some View { self }
    nonisolated public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View { self }
    nonisolated public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View { self }
    nonisolated public func navigationBarHidden(_ hidden: Bool) -> some View { self }
}

/// An item of a toolbar: its content, in the bar its placement names.
public struct ToolbarItem<ID, Content> {
    let content: Content
    let placement: ToolbarItemPlacement
}

extension ToolbarItem: View where Content: View {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) where ID == () {
        self.content = content()
        self.placement = placement
    }
    public init(id: String, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) where ID == String {
        self.content = content()
        self.placement = placement
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        let nodes = content._render(in: context)
        guard let bar = context.toolbar else { return nodes }
        bar.add(nodes, at: placement)
        return []
    }
}

/// Items of a toolbar: their content, in the bar their placement names.
public struct ToolbarItemGroup<Content> {
    let content: Content
    let placement: ToolbarItemPlacement
}

extension ToolbarItemGroup: View where Content: View {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.placement = placement
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        var inner = context
        inner.toolbar = nil
        let nodes = content._render(in: inner)
        guard let bar = context.toolbar else { return nodes }
        bar.add(nodes, at: placement)
        return []
    }
}

public struct ToolbarItemPlacement: Sendable {
    let name: String
    public static let automatic = ToolbarItemPlacement(name: "automatic"), principal = ToolbarItemPlacement(name: "principal")
    public static let navigation = ToolbarItemPlacement(name: "navigation"), primaryAction = ToolbarItemPlacement(name: "primaryAction")
    public static let secondaryAction = ToolbarItemPlacement(name: "secondaryAction"), status = ToolbarItemPlacement(name: "status")
    public static let confirmationAction = ToolbarItemPlacement(name: "confirmationAction"), cancellationAction = ToolbarItemPlacement(name: "cancellationAction")
    public static let destructiveAction = ToolbarItemPlacement(name: "destructiveAction"), keyboard = ToolbarItemPlacement(name: "keyboard")
    public static let topBarLeading = ToolbarItemPlacement(name: "topBarLeading"), topBarTrailing = ToolbarItemPlacement(name: "topBarTrailing")
    public static let navigationBarLeading = ToolbarItemPlacement(name: "navigationBarLeading"), navigationBarTrailing = ToolbarItemPlacement(name: "navigationBarTrailing")
    public static let bottomBar = ToolbarItemPlacement(name: "bottomBar")
}

public struct ToolbarPlacement: Sendable {
    let name: String
    public static let automatic = ToolbarPlacement(name: "automatic"), navigationBar = ToolbarPlacement(name: "navigationBar")
    public static let tabBar = ToolbarPlacement(name: "tabBar"), bottomBar = ToolbarPlacement(name: "bottomBar")
}

public enum ToolbarRole: Sendable { case automatic, navigationStack, browser, editor }

public enum NavigationBarItem {
    public enum TitleDisplayMode: Sendable { case automatic, inline, large }
}

/// Shown, hidden, or as the system decides.
public enum Visibility: Sendable, Hashable, CaseIterable { case automatic, visible, hidden }

public enum HorizontalEdge: Sendable, Hashable { case leading, trailing }

public enum PopoverAttachmentAnchor: Sendable {
    case rect(Anchor)
    case point(UnitPoint)
    public enum Anchor: Sendable { case bounds }
}

public struct SearchFieldPlacement: Sendable {
    public static let automatic = SearchFieldPlacement(), toolbar = SearchFieldPlacement(), sidebar = SearchFieldPlacement()
    public static let navigationBarDrawer = SearchFieldPlacement()
    public static func navigationBarDrawer(displayMode: NavigationBarDrawerDisplayMode) -> SearchFieldPlacement { SearchFieldPlacement() }
    public enum NavigationBarDrawerDisplayMode: Sendable { case automatic, always }
}

public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}

/// How important a heading is: not drawn (every heading is read `(heading)`).
public enum AccessibilityHeadingLevel: UInt, Sendable {
    case unspecified, h1, h2, h3, h4, h5, h6
}

/// Which of a reader's gestures an action answers: `.default` is a double tap.
public struct AccessibilityActionKind: Equatable, Sendable {
    let name: String
    private init(kind: String) { name = kind }
    public static let `default` = AccessibilityActionKind(kind: "default")
    public static let escape = AccessibilityActionKind(kind: "escape")
    public static let magicTap = AccessibilityActionKind(kind: "magicTap")
    public init(named name: Text) { self.name = name.content }
}

/// The way a reader's swipe adjusts a value.
public enum AccessibilityAdjustmentDirection: Sendable {
    case increment, decrement
}

public struct AccessibilityTraits: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1), isHeader = AccessibilityTraits(rawValue: 2)
    public static let isSelected = AccessibilityTraits(rawValue: 4), isLink = AccessibilityTraits(rawValue: 8)
    public static let isImage = AccessibilityTraits(rawValue: 16), isStaticText = AccessibilityTraits(rawValue: 32)
}

/// What an accessibility element does with the elements inside it.
public struct AccessibilityChildBehavior: Sendable {
    enum Kind: Sendable { case ignore, contain, combine }
    let kind: Kind

    /// One element; its children are not read (name it with `.accessibilityLabel`).
    public static let ignore = AccessibilityChildBehavior(kind: .ignore)
    /// A group: its children are read as they are.
    public static let contain = AccessibilityChildBehavior(kind: .contain)
    /// One element whose label joins its children's, with commas.
    public static let combine = AccessibilityChildBehavior(kind: .combine)
}

/// A `.task(id:)`'s identity: any `Equatable` value, as SwiftUI asks, compared with the last one.
/// Invariant for `@unchecked Sendable`: it is made, kept and compared on the main actor, by the
/// view graph.
struct TaskIdentity: Hashable, @unchecked Sendable {
    private let value: Any
    private let isEqual: (Any) -> Bool

    init<T: Equatable>(_ value: T) {
        self.value = value
        isEqual = { ($0 as? T) == value }
    }

    static func == (lhs: TaskIdentity, rhs: TaskIdentity) -> Bool { lhs.isEqual(rhs.value) }

    /// Equal identities hash alike: every identity hashes the same, and `==` tells them apart.
    func hash(into hasher: inout Hasher) {}
}
