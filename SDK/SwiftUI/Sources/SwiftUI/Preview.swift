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
