import AppHostKit

/// The app's shells: the same three features as tabs (`main`) and as a split layout (`split`).
/// Items name other features' start destinations; nothing here imports them.
public enum ShellFeature: FeatureModule {
    public static let name = "shell"

    static let items = [
        ShellItem("Home", destination: "home"),
        ShellItem("Characters", destination: "character"),
        ShellItem("Settings", destination: "settings"),
    ]

    public static func register(in context: FeatureContext) throws {
        context.registerShell("main", style: .tabs, items: items)
        context.registerShell("split", style: .split, items: items)
    }
}
