/// Readable names of the SF Symbols app code uses most, for a control labelled by a symbol alone:
/// `Button { … } label: { Image(systemName: "xmark") }` is `Close`, as a reader of the device names
/// it, not `xmark`. A symbol's variants (`.fill`, `.circle`, `.square`, `.slash` aside) read as its
/// base; a symbol not in the table is read by its name, as before. Give a control an
/// `.accessibilityLabel` to name it yourself: that always wins.
enum SymbolNames {
    /// The readable name of `symbol`, or the symbol itself.
    static func readable(_ symbol: String) -> String {
        if let name = names[symbol] { return name }
        var base = Substring(symbol)
        for suffix in [".fill", ".circle", ".square", ".badge.plus", ".rectangle"] where base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
            if let name = names[String(base)] { return name }
        }
        return names[String(base)] ?? symbol
    }

    private static let names: [String: String] = [
        "plus": "Add", "minus": "Remove", "xmark": "Close", "trash": "Delete", "checkmark": "Done",
        "square.and.arrow.up": "Share", "square.and.arrow.down": "Save", "magnifyingglass": "Search",
        "gear": "Settings", "gearshape": "Settings", "slider.horizontal.3": "Options",
        "pencil": "Edit", "square.and.pencil": "Compose", "ellipsis": "More", "info": "Info",
        "heart": "Favorite", "star": "Favorite", "bookmark": "Bookmark", "flag": "Flag", "tag": "Tag",
        "chevron.left": "Back", "chevron.right": "Forward", "chevron.up": "Up", "chevron.down": "Down",
        "arrow.left": "Back", "arrow.right": "Forward", "arrow.clockwise": "Refresh", "arrow.counterclockwise": "Undo",
        "arrow.uturn.backward": "Undo", "arrow.uturn.forward": "Redo", "arrow.up.arrow.down": "Sort",
        "line.3.horizontal.decrease": "Filter", "line.3.horizontal": "Menu", "line.horizontal.3.decrease": "Filter",
        "list.bullet": "List", "square.grid.2x2": "Grid", "person": "Profile", "person.crop": "Profile",
        "person.2": "People", "bell": "Notifications", "house": "Home", "paperplane": "Send", "envelope": "Mail",
        "phone": "Phone", "message": "Messages", "bubble.left": "Comment", "camera": "Camera", "photo": "Photo",
        "mic": "Microphone", "play": "Play", "pause": "Pause", "stop": "Stop", "forward": "Fast forward",
        "backward": "Rewind", "cart": "Cart", "bag": "Bag", "creditcard": "Payment", "calendar": "Calendar",
        "clock": "Time", "map": "Map", "location": "Location", "mappin": "Pin", "globe": "Web",
        "link": "Link", "doc.on.doc": "Copy", "doc": "Document", "folder": "Folder", "tray": "Inbox",
        "archivebox": "Archive", "lock": "Locked", "lock.open": "Unlocked", "eye": "Show", "eye.slash": "Hide",
        "questionmark": "Help", "exclamationmark.triangle": "Warning", "exclamationmark.circle": "Error",
        "xmark.octagon": "Error", "sun.max": "Light", "moon": "Dark", "wifi": "Wi-Fi", "bolt": "Power",
        "arrow.down.circle": "Download", "icloud.and.arrow.down": "Download", "icloud.and.arrow.up": "Upload",
        "square.and.arrow.up.on.square": "Share", "book": "Book", "books.vertical": "Library",
    ]
}
