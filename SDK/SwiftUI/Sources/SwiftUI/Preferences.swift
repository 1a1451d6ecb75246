@_spi(Views) import AppHostKit

// Preferences, as SwiftUI passes them up: a view sets a value for a key (`.preference(key:value:)`),
// the values set below a view are combined by the key's `reduce` in the order they are drawn, and
// `.onPreferenceChange` runs its action with the combined value when the view first appears and
// each time the value changes between drawings (as `.onChange` does). `.overlayPreferenceValue`
// and `.backgroundPreferenceValue` draw a view made from it, after the content. Values that
// depend on geometry (an `Anchor`) are not there: text has no geometry.

/// A named value views set for the views above them.
public protocol PreferenceKey {
    associatedtype Value
    /// The value when no view below sets one.
    static var defaultValue: Value { get }
    /// Combines `value` with the next one set, in the order the views are drawn.
    static func reduce(value: inout Value, nextValue: () -> Value)
}

/// The preference values set while a part of the tree is drawn, by key, in order.
final class PreferenceCollector {
    private var values: [ObjectIdentifier: [Any]] = [:]

    func add<Key: PreferenceKey>(_ key: Key.Type, _ value: Key.Value) {
        values[ObjectIdentifier(key), default: []].append(value)
    }

    /// The combined value of `key`.
    func value<Key: PreferenceKey>(of key: Key.Type) -> Key.Value {
        var combined = Key.defaultValue
        for next in values[ObjectIdentifier(key)] ?? [] {
            if let next = next as? Key.Value { Key.reduce(value: &combined, nextValue: { next }) }
        }
        return combined
    }

    /// Hands every value on to `outer`, for the views above.
    func forward(to outer: PreferenceCollector?) {
        guard let outer else { return }
        for (key, list) in values { outer.values[key, default: []] += list }
    }
}

extension View {
    /// Sets `value` for `key`, for the views above.
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View {
        modified { context, content in
            context.preferences?.add(key, value)
            return content(context)
        }
    }

    /// Changes the value of `key` set below by `transform`.
    public func transformPreference<K: PreferenceKey>(_ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void) -> some View {
        modified { context, content in
            let gathered = PreferenceCollector()
            var inner = context
            inner.preferences = gathered
            let nodes = content(inner)
            var value = gathered.value(of: key)
            callback(&value)
            context.preferences?.add(key, value)
            return nodes
        }
    }

    /// Runs `action` with the combined value of `key` set below, when the view first appears and
    /// each time it changes.
    public func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self, perform action: @escaping (K.Value) -> Void) -> some View
    where K.Value: Equatable {
        modified { context, content in
            let (nodes, value) = Self.gathering(key, in: context, content)
            let watched = WatchedValue(value: value, initial: true, isSame: { ($0 as? K.Value) == value }, changed: { _ in action(value) })
            context.graph.record(LifecycleEntry(watched: watched), at: context.path)
            return nodes
        }
    }

    /// Draws the view, then the view `transform` makes of the combined value of `key` set in it.
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type, alignment: Alignment = .center, @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        modified { context, content in
            let (nodes, value) = Self.gathering(key, in: context, content)
            return nodes + transform(value)._render(in: context.child("preference"))
        }
    }

    /// Draws the view, then the view `transform` makes of the combined value of `key` set in it.
    public func backgroundPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type, alignment: Alignment = .center, @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        overlayPreferenceValue(key, alignment: alignment, transform)
    }

    /// Draws `content` gathering the preferences set in it, hands them on, and gives the combined value of `key`.
    @MainActor
    private static func gathering<K: PreferenceKey>(_ key: K.Type, in context: _RenderContext, _ content: (_RenderContext) -> [Node]) -> ([Node], K.Value) {
        let gathered = PreferenceCollector()
        var inner = context
        inner.preferences = gathered
        let nodes = content(inner)
        gathered.forward(to: context.preferences)
        return (nodes, gathered.value(of: key))
    }
}
