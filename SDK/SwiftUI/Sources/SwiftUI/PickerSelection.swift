@_spi(Views) import AppHostKit

/// A picker's selection, as the choices inside it see it.
struct PickerSelection {
    let isSelected: (AnyHashable) -> Bool
    let select: (AnyHashable) -> Void
}

// The closures cast a tag through `value(of:)`, a function, rather than naming the value's type
// themselves: a closure that names a metatype not known to be Sendable (`as? Value`) is one Swift 6
// warns of when it is isolated, as a view's initialiser makes it.
extension PickerSelection {
    /// The value a tag holds, if it is of the type asked for.
    private static func value<Value>(of tag: AnyHashable) -> Value? {
        tag.base as? Value
    }

    /// The one value of a binding, as a picker's.
    static func one<Value: Hashable>(of binding: Binding<Value>) -> PickerSelection {
        PickerSelection(
            isSelected: { AnyHashable(binding.wrappedValue) == $0 },
            select: { tag in if let value: Value = value(of: tag) { binding.wrappedValue = value } }
        )
    }

    /// The one value of a binding or none, as a list's single selection.
    static func optional<Value: Hashable>(of binding: Binding<Value?>) -> PickerSelection {
        PickerSelection(
            isSelected: { tag in binding.wrappedValue.map { AnyHashable($0) } == tag },
            select: { binding.wrappedValue = value(of: $0) }
        )
    }

    /// Any number of values: tapping a row adds it to the set, or takes it out.
    static func set<Value: Hashable>(of binding: Binding<Set<Value>>) -> PickerSelection {
        PickerSelection(
            isSelected: { tag in (value(of: tag) as Value?).map(binding.wrappedValue.contains) ?? false },
            select: { tag in
                guard let value: Value = value(of: tag) else { return }
                if binding.wrappedValue.contains(value) { binding.wrappedValue.remove(value) } else { binding.wrappedValue.insert(value) }
            }
        )
    }
}

/// What a view's `.task`, `.onAppear`, `.onDisappear` or `.onChange` asks, found as it is drawn.
struct LifecycleEntry {
    var appear: (() -> Void)?
    var disappear: (() -> Void)?
    var task: (@MainActor () async -> Void)?
    var taskID: AnyHashable?
    var watched: WatchedValue?
}

/// A value `.onChange(of:)` watches, and what to do when it changes.
struct WatchedValue {
    let value: Any
    let initial: Bool
    let isSame: (Any) -> Bool
    let changed: (Any) -> Void
}
