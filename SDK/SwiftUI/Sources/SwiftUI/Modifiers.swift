@_spi(Views) import AppHostKit

/// A view changed by a modifier of the module's own: `draw` draws the content, and what goes with it.
struct Modified<Content: View>: View {
    let content: Content
    let draw: @MainActor (_RenderContext, (_RenderContext) -> [Node]) -> [Node]

    var body: Never { primitiveBody(Self.self) }

    func _render(in context: _RenderContext) -> [Node] {
        let content = content
        return draw(context.child("m")) { content._render(in: $0) }
    }
}

extension View {
    func modified(_ draw: @escaping @MainActor (_RenderContext, (_RenderContext) -> [Node]) -> [Node]) -> Modified<Self> {
        Modified(content: self, draw: draw)
    }
}

// MARK: Custom modifiers and styles

/// A modifier of a feature's own: its body, drawn around the content it is given.
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// The content a ``ViewModifier`` is applied to, as its body sees it.
public struct _ViewModifier_Content<Modifier: ViewModifier> {
    let draw: @MainActor (_RenderContext) -> [Node]
}

extension _ViewModifier_Content: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { draw(context) }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        let inner = context.child(ObjectIdentifier(Modifier.self))
        context.graph.bind(modifier, at: inner)
        let content = content
        let placeholder = _ViewModifier_Content<Modifier> { content._render(in: $0.child("content")) }
        return modifier.body(content: placeholder)._render(in: inner)
    }
}

extension ModifiedContent: ViewModifier where Content: ViewModifier, Modifier: ViewModifier {
    public func body(content: _ViewModifier_Content<Self>) -> some View {
        content.modifier(self.content).modifier(modifier)
    }
}

extension View {
    /// Applies a modifier of the feature's own.
    nonisolated public func modifier<M>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

extension ViewModifier {
    /// This modifier, then `modifier`.
    public func concat<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// A button's look, of a feature's own: its body is drawn as the button's label.
@MainActor @preconcurrency
public protocol ButtonStyle {
    associatedtype Body: View
    typealias Configuration = ButtonStyleConfiguration
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body
}

/// What a ``ButtonStyle`` draws from.
public struct ButtonStyleConfiguration {
    /// The button's label.
    public struct Label {
        let view: AnyView
        init(_ view: AnyView) { self.view = view }
    }
    public let label: Label
    public let isPressed: Bool
    public let role: ButtonRole?
}

extension ButtonStyleConfiguration.Label: View {
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] { view._render(in: context) }
}

struct AnyButtonStyle {
    let body: @MainActor (ButtonStyleConfiguration, _RenderContext) -> AnyView
}

/// A button's look and behaviour, as the system's styles are: the button is drawn as it is.
public protocol PrimitiveButtonStyle: Sendable {}

public struct DefaultButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct PlainButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderlessButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle { public init() {} }
extension PrimitiveButtonStyle where Self == DefaultButtonStyle { public static var automatic: DefaultButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == PlainButtonStyle { public static var plain: PlainButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle { public static var borderless: BorderlessButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle { public static var bordered: BorderedButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle { public static var borderedProminent: BorderedProminentButtonStyle { .init() } }

extension View {
    /// Draws the buttons inside with `style`'s body as their label.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        modified { context, content in
            var inner = context
            inner.environment.buttonStyle = AnyButtonStyle { configuration, buttonContext in
                // The style's own `@Environment` properties read the button's environment.
                buttonContext.graph.bind(style, at: buttonContext.child("style"))
                return AnyView(style.makeBody(configuration: configuration))
            }
            return content(inner)
        }
    }
    /// A style of the system's: the buttons are drawn as they are.
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { self }
}

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

enum Accessibility {
    /// `nodes` with each button marked as an action of the row before it (its swipe actions, its
    /// context menu), through groups; what is not a button is left as it is.
    static func rowActions(_ nodes: [Node]) -> [Node] {
        nodes.map { node in
            switch node {
            case .button(let label, var action):
                action.isRowAction = true
                return .button(label, action: action)
            case .group(let content):
                return .group(rowActions(content))
            default:
                return node
            }
        }
    }

    /// The `Increment` and `Decrement` actions of an adjustable element (a reader swipes up and
    /// down on it), run with `+1` and `-1`.
    static func adjustments(_ adjust: @escaping @MainActor (Int) -> Void) -> [Node] {
        var increment = ButtonAction(synchronous: { adjust(1) })
        var decrement = ButtonAction(synchronous: { adjust(-1) })
        increment.isRowAction = true
        decrement.isRowAction = true
        return [.button("Increment", action: increment), .button("Decrement", action: decrement)]
    }

    /// `nodes` with `hint` on their one actionable element; more than one, or none, as they are.
    static func hint(_ nodes: [Node], _ hint: String) -> [Node] {
        describe(nodes, \.hint, \.hint, \.hint, hint)
    }

    /// `nodes` with their one actionable element named `identifier`; more than one, or none, as they are.
    static func identify(_ nodes: [Node], as identifier: String) -> [Node] {
        describe(nodes, \.identifier, \.identifier, \.identifier, identifier)
    }

    /// `nodes` with `value` written, through the key path of its kind, into the action of their one
    /// actionable element (a button, a switch or a field); more than one, or none, as they are.
    private static func describe(
        _ nodes: [Node],
        _ button: WritableKeyPath<ButtonAction, String?>,
        _ toggle: WritableKeyPath<ToggleAction, String?>,
        _ field: WritableKeyPath<TextFieldAction, String?>,
        _ value: String
    ) -> [Node] {
        let actionable = nodes.indices.filter {
            switch nodes[$0] {
            case .button, .toggle, .textField: true
            default: false
            }
        }
        guard actionable.count == 1, let index = actionable.first else { return nodes }
        var result = nodes
        switch nodes[index] {
        case .button(let label, var action):
            action[keyPath: button] = value
            result[index] = .button(label, action: action)
        case .toggle(let label, let isOn, var action):
            action[keyPath: toggle] = value
            result[index] = .toggle(label, isOn: isOn, action: action)
        case .textField(let label, let text, var action):
            action[keyPath: field] = value
            result[index] = .textField(label, text: text, action: action)
        default:
            break
        }
        return result
    }

    /// `nodes` with `suffix` after the label of their one element, or after their one text; more,
    /// or none, as they are.
    static func append(_ suffix: String, to nodes: [Node]) -> [Node] {
        var actionable: [Int] = []
        var texts: [Int] = []
        for (index, node) in nodes.enumerated() {
            switch node {
            case .button, .link, .toggle, .textField: actionable.append(index)
            case .text: texts.append(index)
            default: if node.plainText != nil { texts.append(index) }
            }
        }
        var result = nodes
        if actionable.count == 1 {
            let index = actionable[0]
            switch nodes[index] {
            case .button(let label, let action): result[index] = .button(label + suffix, action: action)
            case .link(let label, let destination, let failure): result[index] = .link(label + suffix, destination: destination, failure: failure)
            case .toggle(let label, let isOn, let action): result[index] = .toggle(label + suffix, isOn: isOn, action: action)
            case .textField(let label, let text, let action): result[index] = .textField(label + suffix, text: text, action: action)
            default: break
            }
        } else if actionable.isEmpty, texts.count == 1, let (text, looks) = nodes[texts[0]].plainText {
            result[texts[0]] = .text(text + suffix, looks: looks)
        }
        return result
    }

    /// `nodes` as one element: their one actionable element named by all their texts read together,
    /// or those texts as one text; several actionable elements, as they are.
    static func combine(_ nodes: [Node]) -> [Node] {
        func actionableCount(_ nodes: [Node]) -> Int {
            nodes.reduce(0) { count, node in
                switch node {
                case .group(let inner), .list(let inner), .section(_, let inner), .styled(_, let inner): count + actionableCount(inner)
                default: count + (node.isActionable ? 1 : 0)
                }
            }
        }
        let actionable = actionableCount(nodes)
        // One actionable element inside a group is not lifted out of it: drawn as it is.
        guard actionable <= 1, actionable == nodes.filter(\.isActionable).count else { return nodes }
        let label = nodes.texts.combinedLabel
        guard !label.isEmpty else { return nodes }
        return actionable == 1 ? relabel(nodes.filter(\.isActionable), as: label) : [.text(label)]
    }

    /// `nodes` named `label`: their one element renamed, or all their text replaced.
    static func relabel(_ nodes: [Node], as label: String) -> [Node] {
        var actionable: [Int] = []
        for (index, node) in nodes.enumerated() {
            switch node {
            case .button, .link, .toggle, .textField: actionable.append(index)
            default: break
            }
        }
        if actionable.count == 1 {
            var result = nodes
            switch nodes[actionable[0]] {
            case .button(_, let action): result[actionable[0]] = .button(label, action: action)
            case .link(_, let destination, let failure): result[actionable[0]] = .link(label, destination: destination, failure: failure)
            case .toggle(_, let isOn, let action): result[actionable[0]] = .toggle(label, isOn: isOn, action: action)
            case .textField(_, let text, let action): result[actionable[0]] = .textField(label, text: text, action: action)
            default: break
            }
            return result
        }
        if actionable.isEmpty { return [.text(label)] }
        return nodes
    }
}

// MARK: Presentations

extension View {
    /// What the view does with a URL the app is asked to open (`open myapp://…` in a session) that
    /// no feature's `url(for:)` resolves: every view drawn with one, in the tree's order, is given it.
    public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View {
        modified { context, drawContent in
            context.graph.urlHandlers.append(action)
            return drawContent(context)
        }
    }
}

extension View {
    /// While `isPresented`, draws `content` in place of the screen; `dismiss` ends it.
    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content) -> some View {
        presenting(.sheet, isPresented: isPresented, onDismiss: onDismiss, content: content)
    }

    private func presenting<Content: View>(_ kind: ViewLayer.Kind, isPresented: Binding<Bool>, onDismiss: (() -> Void)?, content: @escaping () -> Content) -> some View {
        modified { context, drawContent in
            let nodes = drawContent(context)
            if isPresented.wrappedValue {
                Presentation.cover(content(), kind: kind, in: context.child("sheet")) {
                    isPresented.wrappedValue = false
                    onDismiss?()
                }
            }
            return nodes
        }
    }

    /// While `item` holds a value, draws `content` for it in place of the screen; `dismiss` sets it to nil.
    public func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        presenting(.sheet, item: item, onDismiss: onDismiss, content: content)
    }

    private func presenting<Item: Identifiable, Content: View>(_ kind: ViewLayer.Kind, item: Binding<Item?>, onDismiss: (() -> Void)?, content: @escaping (Item) -> Content) -> some View {
        modified { context, drawContent in
            let nodes = drawContent(context)
            if let value = item.wrappedValue {
                Presentation.cover(content(value), kind: kind, label: "\(value.id)", in: context.child("sheet").child(value.id)) {
                    item.wrappedValue = nil
                    onDismiss?()
                }
            }
            return nodes
        }
    }

    /// As ``sheet(isPresented:onDismiss:content:)``.
    public func fullScreenCover<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content) -> some View {
        presenting(.cover, isPresented: isPresented, onDismiss: onDismiss, content: content)
    }

    /// As ``sheet(item:onDismiss:content:)``.
    public func fullScreenCover<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        presenting(.cover, item: item, onDismiss: onDismiss, content: content)
    }

    /// As ``sheet(isPresented:onDismiss:content:)``.
    public func popover<Content: View>(isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge? = nil, @ViewBuilder content: @escaping () -> Content) -> some View {
        presenting(.popover, isPresented: isPresented, onDismiss: nil, content: content)
    }

    /// While `isPresented`, draws `destination` in place of the screen, as a pushed view with a Back button.
    public func navigationDestination<D: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> D) -> some View {
        let destination = destination()
        return modified { context, drawContent in
            let nodes = drawContent(context)
            if isPresented.wrappedValue {
                Presentation.cover(destination, kind: .push, in: context.child("pushed"), back: true) { isPresented.wrappedValue = false }
            }
            return nodes
        }
    }

    /// While `item` holds a value, draws `destination` for it in place of the screen.
    public func navigationDestination<D: Hashable, C: View>(item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        modified { context, drawContent in
            let nodes = drawContent(context)
            if let value = item.wrappedValue {
                Presentation.cover(destination(value), kind: .push, label: "\(value)", in: context.child("pushed").child(value), back: true) { item.wrappedValue = nil }
            }
            return nodes
        }
    }

    /// What a `NavigationLink(value:)` inside pushes for a value of type `data` that is not a route.
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        modified { context, drawContent in
            var inner = context
            let make: (Any) -> AnyView = { value in AnyView(destination(value as! D)) }
            inner.destinations[ObjectIdentifier(data)] = make
            context.stack?.destinations[ObjectIdentifier(data)] = make
            return drawContent(inner)
        }
    }

    /// While `isPresented`, draws the alert in place of the screen: its title, message and buttons
    /// (`OK` if it has none); each button also dismisses it.
    public func alert<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        dialog(Text(titleKey).content, isPresented: isPresented, actions: actions(), message: EmptyView())
    }

    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        dialog(String(title), isPresented: isPresented, actions: actions(), message: EmptyView())
    }

    public func alert<A: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        dialog(title.content, isPresented: isPresented, actions: actions(), message: EmptyView())
    }

    public func alert<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> some View {
        dialog(Text(titleKey).content, isPresented: isPresented, actions: actions(), message: message())
    }

    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> some View {
        dialog(String(title), isPresented: isPresented, actions: actions(), message: message())
    }

    public func alert<A: View, M: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> some View {
        dialog(title.content, isPresented: isPresented, actions: actions(), message: message())
    }

    public func alert<A: View, T>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A) -> some View {
        let actions = data.map(actions)
        return dialog(Text(titleKey).content, isPresented: isPresented, shown: data != nil, actions: actions, message: EmptyView())
    }

    public func alert<A: View, M: View, T>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M) -> some View {
        dialog(Text(titleKey).content, isPresented: isPresented, shown: data != nil, actions: data.map(actions), message: data.map(message))
    }

    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, M: View, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M) -> some View {
        dialog(String(title), isPresented: isPresented, shown: data != nil, actions: data.map(actions), message: data.map(message))
    }

    /// As an alert: while `isPresented`, its title (when visible), message and buttons in place of the screen.
    public func confirmationDialog<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A) -> some View {
        dialog(Text(titleKey).content, kind: .dialog, isPresented: isPresented, actions: actions(), message: EmptyView())
    }

    @_disfavoredOverload
    public func confirmationDialog<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A) -> some View {
        dialog(String(title), kind: .dialog, isPresented: isPresented, actions: actions(), message: EmptyView())
    }

    public func confirmationDialog<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> some View {
        dialog(Text(titleKey).content, kind: .dialog, isPresented: isPresented, actions: actions(), message: message())
    }

    public func confirmationDialog<A: View, T>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?, @ViewBuilder actions: (T) -> A) -> some View {
        dialog(Text(titleKey).content, kind: .dialog, isPresented: isPresented, shown: data != nil, actions: data.map(actions), message: EmptyView())
    }

    /// An alert (or a confirmation dialog, `kind: .dialog`): while `isPresented` (and `shown`, false
    /// when the data it presents is nil, as SwiftUI asks both), its title, message and buttons in
    /// place of the screen. Closing it from outside (`dismiss`) presses its cancel button, as
    /// Escape does on a device; an alert with buttons but none of role `.cancel` cannot be closed
    /// but by one of them, and a confirmation dialog is cancelled by the system's own Cancel.
    private func dialog<A: View, M: View>(_ title: String, kind: ViewLayer.Kind = .alert, isPresented: Binding<Bool>, shown: Bool = true, actions: A, message: M) -> some View {
        modified { context, drawContent in
            let nodes = drawContent(context)
            guard isPresented.wrappedValue, shown else { return nodes }
            var inner = context.child("dialog")
            let dismiss: () -> Void = { isPresented.wrappedValue = false }
            inner.environment.dismiss = DismissAction { isPresented.wrappedValue = false }
            inner.dismissesOnAction = dismiss
            let collector = DialogButtons()
            inner.dialogButtons = collector
            let buttons = actions._render(in: inner.child("actions"))
            let hasButton = buttons.contains { if case .button = $0 { true } else { false } }
            let drawn = [.title(title)] + message._render(in: inner.child("message"))
                + (hasButton ? buttons : buttons + [Button<Text>.node("OK", action: {}, in: inner)])
            let close: (() -> Void)? =
                if let cancel = collector.cancel {
                    { cancel(); dismiss() }
                } else if !hasButton || kind == .dialog {
                    dismiss
                } else {
                    nil
                }
            context.graph.present(kind, label: title, close: close) { drawn }
            return nodes
        }
    }
}

/// What the buttons of an alert or dialog being drawn say of themselves: the cancel button's action.
final class DialogButtons {
    var cancel: (() -> Void)?
}

enum Presentation {
    /// Draws `content` in place of the screen, with `dismiss` in its environment (and a Back button for a pushed view).
    @MainActor
    static func cover<Content: View>(
        _ content: Content, kind: ViewLayer.Kind, label: String? = nil, in context: _RenderContext, back: Bool = false, dismiss: @escaping () -> Void
    ) {
        context.graph.present(kind, label: label ?? kind.rawValue, close: dismiss) {
            var inner = context
            inner.environment.dismiss = DismissAction { MainActor.assumeIsolated { dismiss() } }
            inner.environment.isPresented = true
            let nodes = content._render(in: inner)
            return back ? nodes + [Button<Text>.node("Back", action: dismiss, in: inner)] : nodes
        }
    }
}

// MARK: Navigation bar and toolbar

extension View {
    /// The screen's title, drawn first.
    public func navigationTitle(_ title: Text) -> some View {
        modified { context, content in [.title(title.content)] + content(context) }
    }
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { navigationTitle(Text(titleKey)) }
    @_disfavoredOverload
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { navigationTitle(Text(title)) }
    nonisolated public func navigationSubtitle(_ subtitle: Text) -> some View { self }
    nonisolated public func navigationSubtitle(_ subtitleKey: LocalizedStringKey) -> some View { self }
    @_disfavoredOverload
    nonisolated public func navigationSubtitle<S: StringProtocol>(_ subtitle: S) -> some View { self }

    /// Puts the toolbar's items, as numbered elements, where a reader of the device finds them: the
    /// navigation bar's after the layer's title (leading, then trailing), the bottom bar's after
    /// its content.
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        let items = content()
        return modified { context, drawContent in
            let nodes = drawContent(context)
            guard let bar = context.graph.bar else { return nodes + items._render(in: context.child("toolbar")) }
            var inner = context.child("toolbar")
            inner.toolbar = bar
            // What is not in a ToolbarItem is placed as SwiftUI places it: in the trailing items.
            bar.add(items._render(in: inner), at: .automatic)
            return nodes
        }
    }

    nonisolated public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View { self }
    nonisolated public func toolbarBackground<S: ShapeStyle>(_ style: S, for bars: ToolbarPlacement...) -> some View { self }
    nonisolated public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View { self }
    nonisolated public func toolbarColorScheme(_ colorScheme: ColorScheme?, for bars: ToolbarPlacement...) -> some View { self }
    nonisolated public func toolbarRole(_ role: ToolbarRole) -> some View { self }
    nonisolated public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View { self }
    nonisolated public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View { self }
    nonisolated public func navigationBarHidden(_ hidden: Bool) -> some View { self }
}

/// An item of a toolbar: its content, in the bar its placement names.
public struct ToolbarItem<ID, Content> {
    let content: Content
    let placement: ToolbarItemPlacement
}

extension ToolbarItem: View where Content: View {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) where ID == () {
        self.content = content()
        self.placement = placement
    }
    public init(id: String, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) where ID == String {
        self.content = content()
        self.placement = placement
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        let nodes = content._render(in: context)
        guard let bar = context.toolbar else { return nodes }
        bar.add(nodes, at: placement)
        return []
    }
}

/// Items of a toolbar: their content, in the bar their placement names.
public struct ToolbarItemGroup<Content> {
    let content: Content
    let placement: ToolbarItemPlacement
}

extension ToolbarItemGroup: View where Content: View {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.placement = placement
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _render(in context: _RenderContext) -> [Node] {
        var inner = context
        inner.toolbar = nil
        let nodes = content._render(in: inner)
        guard let bar = context.toolbar else { return nodes }
        bar.add(nodes, at: placement)
        return []
    }
}

public struct ToolbarItemPlacement: Sendable {
    let name: String
    public static let automatic = ToolbarItemPlacement(name: "automatic"), principal = ToolbarItemPlacement(name: "principal")
    public static let navigation = ToolbarItemPlacement(name: "navigation"), primaryAction = ToolbarItemPlacement(name: "primaryAction")
    public static let secondaryAction = ToolbarItemPlacement(name: "secondaryAction"), status = ToolbarItemPlacement(name: "status")
    public static let confirmationAction = ToolbarItemPlacement(name: "confirmationAction"), cancellationAction = ToolbarItemPlacement(name: "cancellationAction")
    public static let destructiveAction = ToolbarItemPlacement(name: "destructiveAction"), keyboard = ToolbarItemPlacement(name: "keyboard")
    public static let topBarLeading = ToolbarItemPlacement(name: "topBarLeading"), topBarTrailing = ToolbarItemPlacement(name: "topBarTrailing")
    public static let navigationBarLeading = ToolbarItemPlacement(name: "navigationBarLeading"), navigationBarTrailing = ToolbarItemPlacement(name: "navigationBarTrailing")
    public static let bottomBar = ToolbarItemPlacement(name: "bottomBar")
}

public struct ToolbarPlacement: Sendable {
    let name: String
    public static let automatic = ToolbarPlacement(name: "automatic"), navigationBar = ToolbarPlacement(name: "navigationBar")
    public static let tabBar = ToolbarPlacement(name: "tabBar"), bottomBar = ToolbarPlacement(name: "bottomBar")
}

public enum ToolbarRole: Sendable { case automatic, navigationStack, browser, editor }

public enum NavigationBarItem {
    public enum TitleDisplayMode: Sendable { case automatic, inline, large }
}

/// Shown, hidden, or as the system decides.
public enum Visibility: Sendable, Hashable, CaseIterable { case automatic, visible, hidden }

public enum HorizontalEdge: Sendable, Hashable { case leading, trailing }

public enum PopoverAttachmentAnchor: Sendable {
    case rect(Anchor)
    case point(UnitPoint)
    public enum Anchor: Sendable { case bounds }
}

public struct SearchFieldPlacement: Sendable {
    public static let automatic = SearchFieldPlacement(), toolbar = SearchFieldPlacement(), sidebar = SearchFieldPlacement()
    public static let navigationBarDrawer = SearchFieldPlacement()
    public static func navigationBarDrawer(displayMode: NavigationBarDrawerDisplayMode) -> SearchFieldPlacement { SearchFieldPlacement() }
    public enum NavigationBarDrawerDisplayMode: Sendable { case automatic, always }
}

public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}

/// How important a heading is: not drawn (every heading is read `(heading)`).
public enum AccessibilityHeadingLevel: UInt, Sendable {
    case unspecified, h1, h2, h3, h4, h5, h6
}

/// Which of a reader's gestures an action answers: `.default` is a double tap.
public struct AccessibilityActionKind: Equatable, Sendable {
    let name: String
    private init(kind: String) { name = kind }
    public static let `default` = AccessibilityActionKind(kind: "default")
    public static let escape = AccessibilityActionKind(kind: "escape")
    public static let magicTap = AccessibilityActionKind(kind: "magicTap")
    public init(named name: Text) { self.name = name.content }
}

/// The way a reader's swipe adjusts a value.
public enum AccessibilityAdjustmentDirection: Sendable {
    case increment, decrement
}

public struct AccessibilityTraits: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1), isHeader = AccessibilityTraits(rawValue: 2)
    public static let isSelected = AccessibilityTraits(rawValue: 4), isLink = AccessibilityTraits(rawValue: 8)
    public static let isImage = AccessibilityTraits(rawValue: 16), isStaticText = AccessibilityTraits(rawValue: 32)
}

/// What an accessibility element does with the elements inside it.
public struct AccessibilityChildBehavior: Sendable {
    enum Kind: Sendable { case ignore, contain, combine }
    let kind: Kind

    /// One element; its children are not read (name it with `.accessibilityLabel`).
    public static let ignore = AccessibilityChildBehavior(kind: .ignore)
    /// A group: its children are read as they are.
    public static let contain = AccessibilityChildBehavior(kind: .contain)
    /// One element whose label joins its children's, with commas.
    public static let combine = AccessibilityChildBehavior(kind: .combine)
}

/// A `.task(id:)`'s identity: any `Equatable` value, as SwiftUI asks, compared with the last one.
/// Invariant for `@unchecked Sendable`: it is made, kept and compared on the main actor, by the
/// view graph.
struct TaskIdentity: Hashable, @unchecked Sendable {
    private let value: Any
    private let isEqual: (Any) -> Bool

    init<T: Equatable>(_ value: T) {
        self.value = value
        isEqual = { ($0 as? T) == value }
    }

    static func == (lhs: TaskIdentity, rhs: TaskIdentity) -> Bool { lhs.isEqual(rhs.value) }

    /// Equal identities hash alike: every identity hashes the same, and `==` tells them apart.
    func hash(into hasher: inout Hasher) {}
}
