@_spi(Views) import AppHostKit

// MARK: Behaviour

extension View {
    /// Starts `action` when the view appears, as the command's work; cancels it when the view goes away.
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor () async -> Void) -> some View {
        modified { context, content in
            context.graph.record(LifecycleEntry(task: action), at: context.path)
            return content(context)
        }
    }

    /// Starts `action` when the view appears, and again (cancelling the last) when `id` changes.
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor () async -> Void) -> some View {
        modified { context, content in
            context.graph.record(LifecycleEntry(task: action, taskID: AnyHashable(TaskIdentity(value))), at: context.path)
            return content(context)
        }
    }

    /// Runs `action` when the view appears (after the drawing that shows it first, as the command's work).
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        modified { context, content in
            context.graph.record(LifecycleEntry(appear: action), at: context.path)
            return content(context)
        }
    }

    /// Runs `action` when the view is no longer drawn.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        modified { context, content in
            context.graph.record(LifecycleEntry(disappear: action), at: context.path)
            return content(context)
        }
    }

    /// Runs `action` with the old and new values when `value` changes between drawings.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View {
        modified { context, content in
            let watched = WatchedValue(value: value, initial: initial, isSame: { ($0 as? V) == value }, changed: { old in action(old as? V ?? value, value) })
            context.graph.record(LifecycleEntry(watched: watched), at: context.path)
            return content(context)
        }
    }

    /// Runs `action` when `value` changes between drawings.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        onChange(of: value, initial: initial) { _, _ in action() }
    }

    /// Runs `action` with the new value when `value` changes between drawings.
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View {
        onChange(of: value, initial: false) { _, new in action(new) }
    }

    /// Adds a `Refresh` button after the content: tapping it pulls to refresh, running `action` as the command's work.
    public func refreshable(action: @escaping @MainActor () async -> Void) -> some View {
        modified { context, content in
            let nodes = content(context)
            guard context.environment.isEnabled else { return nodes }
            let run = MainActorBox(value: action)
            // Started as a task of the command, as a pull to refresh runs beside the screen: a
            // refresh that waits (on virtual time, for `wait`) leaves the command settled.
            return nodes + [.button("Refresh", action: ButtonAction { Task { await run.value() } })]
        }
    }

    /// Adds a search field after the content, bound to `text`.
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil) -> some View {
        modified { context, content in
            var inner = context
            inner.environment.isSearching = !text.wrappedValue.isEmpty
            // The screen's search field, for the suggestions drawn after it (`.searchCompletion`).
            context.graph.searchText = text
            let field = TextField(label: Text(verbatim: prompt?.content ?? "Search"), text: text, secure: false)
            // In the layer's bars, after the navigation bar, as a device shows it.
            guard let bar = context.graph.bar else { return content(inner) + field._render(in: context.child("search")) }
            let nodes = content(inner)
            bar.search += field._render(in: context.child("search"))
            return nodes
        }
    }

    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey) -> some View {
        searchable(text: text, placement: placement, prompt: Text(prompt))
    }

    @_disfavoredOverload
    public func searchable<S: StringProtocol>(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S) -> some View {
        searchable(text: text, placement: placement, prompt: Text(prompt))
    }

    /// What the text fields inside do when their text is submitted (`type N TEXT` submits).
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        modified { context, content in
            var inner = context
            let outer = context.submit
            inner.submit = { outer?(); action() }
            return content(inner)
        }
    }

    /// Adds the actions a row's swipe reveals after the row, as the row's actions.
    public func swipeActions<T: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content actions: () -> T) -> some View {
        let actions = actions()
        return modified { context, content in
            content(context) + Accessibility.rowActions(actions._render(in: context.child("swipe")))
        }
    }

    /// Adds the actions of a long press's menu after the view, as the view's actions.
    public func contextMenu<M: View>(@ViewBuilder menuItems: () -> M) -> some View {
        let items = menuItems()
        return modified { context, content in
            content(context) + Accessibility.rowActions(items._render(in: context.child("menu")))
        }
    }

    public func contextMenu<M: View, P: View>(@ViewBuilder menuItems: () -> M, @ViewBuilder preview: () -> P) -> some View {
        contextMenu(menuItems: menuItems)
    }

    /// Makes the view a numbered element, named by its text, that runs `action` when tapped.
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        modified { context, content in
            let nodes = content(context)
            let label = nodes.texts.combinedLabel
            return [Button<Text>.node(label.isEmpty ? "Tap" : label, action: action, in: context)]
        }
    }

    /// A long press, performed as VoiceOver performs it: a button named by the view's text.
    public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping () -> Void,
        onPressingChanged: ((Bool) -> Void)? = nil
    ) -> some View {
        onTapGesture(perform: action)
    }

    /// Draws the buttons, switches and fields inside as text when `disabled`.
    public func disabled(_ disabled: Bool) -> some View {
        modified { context, content in
            var inner = context
            inner.environment.isEnabled = context.environment.isEnabled && !disabled
            return content(inner)
        }
    }

    /// Names the view for a flow: its one element (or its text) takes `label`.
    public func accessibilityLabel(_ label: Text) -> some View {
        modified { context, content in
            Accessibility.relabel(content(context), as: label.content)
        }
    }

    public func accessibilityLabel(_ label: LocalizedStringKey) -> some View { accessibilityLabel(Text(label)) }

    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { accessibilityLabel(Text(label)) }

    /// Names the view's one element for a flow besides its label: `tap ID` and `type ID TEXT` reach it.
    public func accessibilityIdentifier(_ identifier: String) -> some View {
        modified { context, content in
            Accessibility.identify(content(context), as: identifier)
        }
    }

    /// Leaves the view out of what is drawn when `hidden`.
    public func accessibilityHidden(_ hidden: Bool) -> some View {
        modified { context, content in hidden ? [] : content(context) }
    }

    /// What acting on the view does: its element's hint, in the screen's JSON (a reader says it
    /// after a pause; the text leaves it out).
    public func accessibilityHint(_ hint: Text) -> some View {
        modified { context, content in
            Accessibility.hint(content(context), hint.content)
        }
    }
    public func accessibilityHint(_ hint: LocalizedStringKey) -> some View { accessibilityHint(Text(hint)) }
    @_disfavoredOverload
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View { accessibilityHint(Text(hint)) }
    /// The view's value, read after its label as a device reads it: `Cart, 3 items`.
    public func accessibilityValue(_ value: Text) -> some View {
        modified { context, content in
            Accessibility.append(", " + value.content, to: content(context))
        }
    }
    public func accessibilityValue(_ value: LocalizedStringKey) -> some View { accessibilityValue(Text(value)) }
    @_disfavoredOverload
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View { accessibilityValue(Text(value)) }
    /// Traits a reader says: a selected element is read `Rock (selected)`, a header `Settings
    /// (heading)`; the others change nothing drawn.
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
        modified { context, content in
            var nodes = content(context)
            if traits.contains(.isSelected) { nodes = Accessibility.append(" (selected)", to: nodes) }
            if traits.contains(.isHeader) { nodes = Accessibility.append(" (heading)", to: nodes) }
            return nodes
        }
    }
    /// Makes the view a header, as the `isHeader` trait does: `Settings (heading)`. (A reader moves
    /// from heading to heading; the level is not drawn.)
    public func accessibilityHeading(_ level: AccessibilityHeadingLevel) -> some View {
        accessibilityAddTraits(.isHeader)
    }
    /// The view's actions as a reader offers them (its "actions available"), on the element's
    /// line: `Message (actions: [4] Archive)`; `tap Message › Archive` runs one.
    public func accessibilityAction(named name: Text, _ handler: @escaping () -> Void) -> some View {
        modified { context, content in
            content(context) + Accessibility.rowActions([Button<Text>.node(name.content, action: handler, in: context)])
        }
    }
    public func accessibilityAction(named name: LocalizedStringKey, _ handler: @escaping () -> Void) -> some View {
        accessibilityAction(named: Text(name), handler)
    }
    @_disfavoredOverload
    public func accessibilityAction<S: StringProtocol>(named name: S, _ handler: @escaping () -> Void) -> some View {
        accessibilityAction(named: Text(name), handler)
    }
    /// What a reader's double tap does on the view (`.default`): the view becomes a button named by
    /// its texts; a kind of the app's own naming is one of its actions, as `accessibilityAction(named:)`.
    /// `.escape` and `.magicTap` answer gestures on no element and are not offered.
    public func accessibilityAction(_ kind: AccessibilityActionKind = .default, _ handler: @escaping () -> Void) -> some View {
        modified { context, content in
            let nodes = content(context)
            if ![AccessibilityActionKind.default, .escape, .magicTap].contains(kind) {
                // A kind of the app's own naming (`.init(named:)`): one of the view's actions.
                return nodes + Accessibility.rowActions([Button<Text>.node(kind.name, action: handler, in: context)])
            }
            guard kind == AccessibilityActionKind.default, !nodes.contains(where: \.isActionable) else { return nodes }
            let label = nodes.texts.combinedLabel
            guard !label.isEmpty else { return nodes }
            return [Button<Text>.node(label, action: handler, in: context)]
        }
    }
    /// Buttons offered as the view's actions, on its line, as `accessibilityAction(named:)` offers one.
    public func accessibilityActions<Content: View>(@ViewBuilder _ content: () -> Content) -> some View {
        let actions = content()
        return modified { context, drawContent in
            drawContent(context) + Accessibility.rowActions(actions._render(in: context.child("actions")))
        }
    }
    /// What a reader's swipe up and down do on the view: offered as its `Increment` and `Decrement`
    /// actions, on its line.
    public func accessibilityAdjustableAction(_ handler: @escaping (AccessibilityAdjustmentDirection) -> Void) -> some View {
        modified { context, content in
            let adjust = MainActorBox(value: handler)
            return content(context) + Accessibility.adjustments { adjust.value($0 > 0 ? .increment : .decrement) }
        }
    }
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View { self }
    /// Makes the view one element (`.combine`, `.ignore`) or a group of its elements (`.contain`).
    /// One element: its one actionable element, named by all its texts read together (`Plumbus,
    /// Household, 2 left`), or, with none, those texts as one; with several actionable elements
    /// it cannot be one and is drawn as it is. With `.ignore` an `.accessibilityLabel` after it
    /// names it, as on a device; without one it is read as `.combine` reads it, not left silent.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        modified { context, content in
            let nodes = content(context)
            return children.kind == .contain ? nodes : Accessibility.combine(nodes)
        }
    }
    public func accessibilitySortPriority(_ priority: Double) -> some View { self }

    /// Draws nothing of the view.
    public func hidden() -> some View {
        modified { _, _ in [] }
    }

    /// Sets a value of the environment for the views inside.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        modified { context, content in
            var inner = context
            inner.environment[keyPath: keyPath] = value
            return content(inner)
        }
    }

    /// Puts an `@Observable` object in the environment of the views inside.
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        modified { context, content in
            var inner = context
            inner.environment.setObject(object, as: T.self)
            return content(inner)
        }
    }

    /// Changes a value of the environment for the views inside.
    public func transformEnvironment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void) -> some View {
        modified { context, content in
            var inner = context
            transform(&inner.environment[keyPath: keyPath])
            return content(inner)
        }
    }

    /// Gives the view a new identity when `id` changes: its state starts again.
    public func id<ID: Hashable>(_ id: ID) -> some View {
        modified { context, content in content(context.child("id").child(id)) }
    }

    nonisolated public func focused(_ condition: FocusState<Bool>.Binding) -> some View { self }
    nonisolated public func focused<V: Hashable>(_ binding: FocusState<V>.Binding, equals value: V) -> some View { self }
}
