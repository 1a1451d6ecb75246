/// A preview of a view, for a canvas AppHost does not have: its body is type-checked, and the
/// macro expands to nothing (`PreviewMacros`, a plugin of this package that needs no swift-syntax).
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

/// A preview with traits (a layout, an orientation).
@freestanding(declaration)
public macro Preview(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>, _ moreTraits: PreviewTrait<Preview.ViewTraits>..., @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

/// What `#Preview`'s traits are about.
public enum Preview {
    public enum ViewTraits {}
}

/// A trait of a preview: accepted, and shown nowhere.
public struct PreviewTrait<T>: Sendable {
    public static var sizeThatFitsLayout: PreviewTrait<Preview.ViewTraits> { .init() }
    public static var portrait: PreviewTrait<Preview.ViewTraits> { .init() }
    public static var landscapeLeft: PreviewTrait<Preview.ViewTraits> { .init() }
    public static var landscapeRight: PreviewTrait<Preview.ViewTraits> { .init() }
    public static func fixedLayout(width: Double, height: Double) -> PreviewTrait<Preview.ViewTraits> { .init() }
}

// MARK: Previews written before `#Preview`

/// A type that gives Xcode's canvas previews of views: its `previews` are type-checked as any code
/// is; there is no canvas to show them (a flow or `apphost --start` shows the screen).
@MainActor @preconcurrency
public protocol PreviewProvider {
    associatedtype Previews: View
    /// The views to preview.
    @ViewBuilder @MainActor @preconcurrency static var previews: Self.Previews { get }
    /// The platform to preview on, or nil for the target's.
    static var platform: PreviewPlatform? { get }
}

extension PreviewProvider {
    public static var platform: PreviewPlatform? { nil }
}

/// A platform a preview is shown on.
public enum PreviewPlatform: Sendable {
    case iOS, macOS, tvOS, watchOS, visionOS
}

/// The size a preview is laid out at.
public enum PreviewLayout: Sendable {
    case device
    case sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}

/// A device a preview is shown on, by name: `PreviewDevice(rawValue: "iPhone 15")`.
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

/// How the device of a preview is held.
public struct InterfaceOrientation: Sendable, Hashable, Identifiable, CaseIterable {
    public let id: String
    public static let portrait = InterfaceOrientation(id: "portrait")
    public static let portraitUpsideDown = InterfaceOrientation(id: "portraitUpsideDown")
    public static let landscapeLeft = InterfaceOrientation(id: "landscapeLeft")
    public static let landscapeRight = InterfaceOrientation(id: "landscapeRight")
    public static var allCases: [InterfaceOrientation] { [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight] }
}

extension View {
    /// The size the preview is laid out at: accepted, shown nowhere (there is no canvas).
    nonisolated public func previewLayout(_ value: PreviewLayout) -> some View { self }
    /// The device the preview is shown on: accepted, shown nowhere.
    nonisolated public func previewDevice(_ value: PreviewDevice?) -> some View { self }
    /// The name the canvas gives the preview: accepted, shown nowhere.
    nonisolated public func previewDisplayName(_ value: String?) -> some View { self }
    /// How the preview's device is held: accepted, shown nowhere.
    nonisolated public func previewInterfaceOrientation(_ value: InterfaceOrientation) -> some View { self }
}

/// An environment value declared in one line, as SwiftUI's `@Entry` does:
/// `extension EnvironmentValues { @Entry var accent: Color = .blue }`. The property reads and writes
/// a private key whose default is the value (`PreviewMacros` expands it without swift-syntax).
/// SwiftUI's other containers of `@Entry` (`FocusedValues`, `Transaction`, `ContainerValues`) are
/// refused with a message naming the fix.
@attached(accessor)
@attached(peer, names: prefixed(__Key_))
public macro Entry() = #externalMacro(module: "PreviewMacros", type: "EntryMacro")
