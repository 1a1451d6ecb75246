import AppHostKit

/// The app: its shells, the same three features as tabs (`main`) and as a split layout (`split`),
/// its redirect table and its not-found destination. It is the one place that knows every feature,
/// by name only: nothing here imports them, and they know nothing of each other.
public enum ShellFeature: FeatureModule {
    // Read before any actor runs (the entry builds the descriptor): nonisolated in this main-actor module.
    public nonisolated static let name = "shell"

    static let items = [
        ShellItem("Home", destination: "home"),
        ShellItem("Characters", destination: "character"),
        ShellItem("Settings", destination: "settings"),
    ]

    /// Each feature's outgoing destinations, and where they lead.
    static let redirects = [
        Redirect(from: "home-outgoing/characters", to: "character/list"),
        Redirect(from: "home-outgoing/character", to: "character/detail"),
        Redirect(from: "home-outgoing/gallery", to: "gallery/main"),
        Redirect(from: "home-outgoing/backups", to: "backup/main"),
        Redirect(from: "home-outgoing/recipes", to: "recipes/book"),
        Redirect(from: "settings-outgoing/chooseCharacter", to: "character/picker"),
        Redirect(from: "character-outgoing/episodes", to: "episode/characterEpisodes"),
        Redirect(from: "episode-outgoing/character", to: "character/detail"),
    ]

    public static func register(in context: FeatureContext) throws {
        context.registerShell("main", style: .tabs, items: items)
        context.registerShell("split", style: .split, items: items)
        try context.registerApp(redirects: redirects, notFound: "system/notFound")
        context.declareNeeds(items.map(\.destination))
    }
}
