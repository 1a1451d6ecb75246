/// How a destination is presented over the stack.
public enum PresentationStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// A sheet: drawn over the screen under it, with a stack of its own.
    case sheet
    /// A full-screen cover: replaces the screen under it, with a stack of its own.
    case fullScreenCover = "cover"
}
