import SwiftUI

/// A title and its value on one line.
public struct InfoRow: View {
    let title: LocalizedStringKey
    let value: String

    public init(_ title: LocalizedStringKey, value: String) {
        self.title = title
        self.value = value
    }

    public var body: some View {
        HStack {
            Text(title)
            Spacer()
            Text(value)
                .foregroundStyle(.secondary)
                .monospacedDigit()
        }
    }
}

/// A search field with a button that clears it.
public struct SearchBar: View {
    @Binding var text: String
    @FocusState private var isFocused: Bool
    let prompt: String

    public init(text: Binding<String>, prompt: String = "Search") {
        _text = text
        self.prompt = prompt
    }

    public var body: some View {
        HStack(spacing: 8) {
            Image(systemName: "magnifyingglass")
                .foregroundStyle(.secondary)
            TextField(prompt, text: $text)
                .focused($isFocused)
                .textInputAutocapitalization(.never)
                .autocorrectionDisabled()
                .submitLabel(.search)
            if !text.isEmpty {
                Button {
                    text = ""
                    isFocused = false
                } label: {
                    Image(systemName: "xmark.circle.fill")
                }
                .accessibilityLabel("Clear search")
            }
        }
        .padding(8)
        .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 10))
    }
}

/// What a screen shows when there is nothing to show, with a way out.
public struct EmptyStateView: View {
    let title: String
    let message: String
    let actionTitle: String
    let action: () -> Void

    public init(title: String, message: String, actionTitle: String, action: @escaping () -> Void) {
        self.title = title
        self.message = message
        self.actionTitle = actionTitle
        self.action = action
    }

    public var body: some View {
        ContentUnavailableView {
            Label(title, systemImage: "tray")
        } description: {
            Text(message)
        } actions: {
            Button(actionTitle, action: action)
                .buttonStyle(.primary)
        }
    }
}

/// A quantity from one to ten.
public struct QuantityStepper: View {
    @Binding var value: Int

    public init(value: Binding<Int>) {
        _value = value
    }

    public var body: some View {
        Stepper("Quantity: \(value)", value: $value, in: 1...10)
    }
}

#if DEBUG
#Preview {
    VStack {
        InfoRow("Episodes", value: "51")
        QuantityStepper(value: .constant(2))
    }
}
#endif
