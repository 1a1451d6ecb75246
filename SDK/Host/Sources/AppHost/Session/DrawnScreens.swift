@_spi(Host) import AppHostKit

/// The screens a session drew lately, kept with their bytes, so that a screen that shows the same
/// as one of them is neither laid out nor drawn again: going back, returning to the root or
/// opening a screen seen before costs its body and a comparison.
///
/// Drawing is a pure function of what the layers show, so a screen is the same when its layers
/// are: the same kinds, breadcrumbs and dialogs, bodies that show the same (equal in everything
/// but their actions' closures, which cannot be compared), under the same chrome. A reused drawing
/// takes its actions from the new bodies, never from the kept ones: a screen made again has a new
/// view model. The kept bodies hold no actions, so they keep no view model alive.
///
/// The renderer (its format, width and colour) must stay the same while screens are kept; a
/// session that changes it calls ``removeAll()``.
package struct DrawnScreens {
    /// How many screens are kept, the least recently used leaving first.
    package static let kept = 16
    /// A screen drawn as more bytes than this is not kept.
    package static let largestKept = 64 * 1024

    /// A screen kept: its layout, the layers' bodies without actions, and its bytes, or what draws
    /// them when they are first read.
    private final class Kept {
        let layout: ScreenLayout
        let bytes: [UInt8]
        let pending: PendingDrawing?

        init(layout: ScreenLayout, bytes: [UInt8], pending: PendingDrawing? = nil) {
            self.layout = layout
            self.bytes = bytes
            self.pending = pending
        }

        /// The screen, with `layout`'s actions.
        func screen(_ layout: ScreenLayout) -> RenderedScreen {
            if let pending { return RenderedScreen(layout: layout, pending: pending) }
            return RenderedScreen(bytes: bytes, layout: layout)
        }

        /// Whether it was drawn as more bytes than a kept screen may have.
        var tooLarge: Bool { (pending?.drawnCount ?? bytes.count) > DrawnScreens.largestKept }
    }

    /// Kept screens, the most recently used last.
    private var screens: [Kept] = []

    /// How many screens were reused and how many drawn since the session began.
    private(set) var reused = 0
    private(set) var drawn = 0

    /// The screen `layers` under `chrome` make: a kept one that shows the same, with the new
    /// bodies' actions, or a new one laid out and drawn by `draw`; `lazily`, drawn only when its
    /// bytes are first read (for a session whose output takes no screens).
    package mutating func screen(_ layers: [RenderLayer], chrome: ShellChrome?, lazily: Bool = false, draw: @escaping (ScreenLayout) -> [UInt8]) -> RenderedScreen {
        // A screen drawn lazily is weighed once it is drawn.
        if lazily { screens.removeAll(where: \.tooLarge) }
        if let index = screens.lastIndex(where: { Self.shows($0.layout, layers, chrome) }) {
            let kept = screens.remove(at: index)
            screens.append(kept)
            reused += 1
            var layout = kept.layout
            for (index, layer) in layers.enumerated() {
                switch layer {
                case .screen(let body, _), .sheet(let body, _): layout.layers[index].source = .body(body)
                case .dialog: continue  // a dialog's buttons are data, equal to the kept ones
                }
            }
            return kept.screen(layout)
        }
        drawn += 1
        let layout = ScreenLayout(layers, chrome: chrome)
        if lazily {
            let kept = Self.withoutActions(layout)
            let pending = PendingDrawing(layout: kept, draw: draw)
            keep(Kept(layout: kept, bytes: [], pending: pending))
            return RenderedScreen(layout: layout, pending: pending)
        }
        let bytes = draw(layout)
        if bytes.count <= Self.largestKept {
            keep(Kept(layout: Self.withoutActions(layout), bytes: bytes))
        }
        return RenderedScreen(bytes: bytes, layout: layout)
    }

    private mutating func keep(_ kept: Kept) {
        if screens.count == Self.kept { screens.removeFirst() }
        screens.append(kept)
    }

    /// `layout` with its bodies' actions left out: a kept screen keeps no view model alive.
    private static func withoutActions(_ layout: ScreenLayout) -> ScreenLayout {
        var kept = layout
        for index in kept.layers.indices {
            if case .body(let body) = kept.layers[index].source {
                kept.layers[index].source = .body(body.withoutActions)
            }
        }
        return kept
    }

    /// Forgets every kept screen.
    package mutating func removeAll() {
        screens.removeAll()
    }

    /// Whether `layout` was made from layers that show what `layers` show, under `chrome`.
    private static func shows(_ layout: ScreenLayout, _ layers: [RenderLayer], _ chrome: ShellChrome?) -> Bool {
        guard layout.layers.count == layers.count, layout.chrome == chrome else { return false }
        // The top layer is the likeliest to differ: compare from the top. The kept layer's parts
        // are read in place; a copy of the whole layer would retain and release all of them.
        for index in layers.indices.reversed() {
            switch layers[index] {
            case .screen(let body, let breadcrumbs), .sheet(let body, let breadcrumbs):
                let kind: ScreenLayout.Layer.Kind = if case .sheet = layers[index] { .sheet } else { .screen }
                guard layout.layers[index].kind == kind, layout.layers[index].breadcrumbs == breadcrumbs,
                    case .body(let keptBody) = layout.layers[index].source, body.showsSame(as: keptBody)
                else { return false }
            case .dialog(let title, let message, let buttons, let confirmation, let depth):
                guard layout.layers[index].kind == (confirmation ? .confirmationDialog : .alert),
                    case .dialog(let keptButtons, let keptDepth) = layout.layers[index].source, keptDepth == depth,
                    layout.layers[index].title == title, layout.layers[index].message == message, keptButtons == buttons
                else { return false }
            }
        }
        return true
    }
}
