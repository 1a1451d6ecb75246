@_spi(Views) import AppHostKit

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
