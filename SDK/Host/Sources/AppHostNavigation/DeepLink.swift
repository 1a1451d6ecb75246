@_spi(Host) import AppHostKit

// The one-line text form of a whole navigation state, printed by `state`,
// accepted by `open` and `--open`, and readable by people:
//
//   home/main>character/list>character/detail?identifier=2
//   settings/main!sheet(settings/profile)
//   settings/main!dialog(title=Reset%20settings%3F&button=Reset,destructive,settings-result%2Freset&button=Cancel,cancel)
//   @main:characters(home:home/main|characters:character/list>character/detail?identifier=2|settings:settings/main)
//
// A stack is routes joined by `>`, optionally followed by `!` and one
// presentation: `sheet(STACK)`, `cover(STACK)`, `alert(DIALOG)` or
// `dialog(DIALOG)`. A shell state is `@SHELL:SELECTED(ITEM:STACK|…)`. Routes
// percent-encode every character that is not a letter, digit, `-`, `.`, `_` or
// `~`, so the separators `>`, `!`, `(`, `)`, `|`, `@`, `:` and `,` never occur
// inside one.

/// A parsed deep link: a single stack, or a shell with stacks for some of its items.
public enum DeepLink: Hashable, Sendable, CustomStringConvertible {
    /// A stack and what is presented over it; its first route is the root.
    case stack(NavigationState)
    /// A shell, its selected item's name, and stacks for the items named, in order.
    case shell(name: String, selected: String, items: [ShellStack])

    /// One shell item's stack in a link.
    public struct ShellStack: Hashable, Sendable {
        /// The item's name (its destination name).
        public var item: String
        /// The item's stack.
        public var stack: NavigationState

        /// Creates an item's stack.
        public init(item: String, stack: NavigationState) {
            self.item = item
            self.stack = stack
        }
    }

    /// The deepest nesting of parentheses a link may have (a presentation in a presentation…):
    /// deeper links are refused before they are parsed, so reading one costs time in proportion to its length.
    public static let maximumNesting = 32

    /// Reads a link; the error names the segment at fault.
    public init(parsing text: String) throws(RouteError) {
        let text = text.trimmingWhitespace()
        guard !text.isEmpty else {
            throw RouteError(route: text, message: "empty deep link")
        }
        // Balance is checked for the whole text first, so that the error names all of it.
        _ = try DeepLink.firstTopLevel(Substring(text), nil)
        guard text.hasPrefix("@") else {
            self = .stack(try DeepLink.parseStack(Substring(text)))
            return
        }
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else {
            throw RouteError(route: text, message: "a shell link reads @SHELL:ITEM(ITEM:STACK|…)")
        }
        let head = text[text.index(after: text.startIndex)..<open].split(separator: ":", omittingEmptySubsequences: false)
        guard head.count == 2, Route.isValidName(String(head[0])), Route.isValidName(String(head[1])) else {
            throw RouteError(route: String(text[..<open]), message: "a shell link starts with @SHELL:ITEM")
        }
        let body = text[text.index(after: open)..<text.index(before: text.endIndex)]
        var items: [ShellStack] = []
        for part in try DeepLink.splitTopLevel(body, at: UInt8(ascii: "|")) {
            guard let colon = part.firstIndex(of: ":") else {
                throw RouteError(route: String(part), message: "a shell item reads ITEM:STACK")
            }
            let item = String(part[..<colon])
            guard Route.isValidName(item) else {
                throw RouteError(route: String(part), message: "'\(item)' is not a valid item name")
            }
            guard !items.contains(where: { $0.item == item }) else {
                throw RouteError(route: String(part), message: "item '\(item)' is given twice")
            }
            items.append(ShellStack(item: item, stack: try DeepLink.parseStack(part[part.index(after: colon)...])))
        }
        self = .shell(name: String(head[0]), selected: String(head[1]), items: items)
    }

    /// The link's text form.
    public var description: String {
        switch self {
        case .stack(let state):
            return DeepLink.text(of: state)
        case .shell(let name, let selected, let items):
            let parts = items.map { "\($0.item):\(DeepLink.text(of: $0.stack))" }
            return "@\(name):\(selected)(\(parts.joined(separator: "|")))"
        }
    }

    /// The text form of one stack and its presentations.
    public static func text(of state: NavigationState) -> String {
        var text = state.stack.map(\.description).joined(separator: ">")
        switch state.presentation {
        case nil: break
        case .sheet(let presented)?: text += "!sheet(\(Self.text(of: presented)))"
        case .fullScreenCover(let presented)?: text += "!cover(\(Self.text(of: presented)))"
        case .alert(let alert)?: text += "!alert(\(Self.text(of: alert)))"
        case .confirmationDialog(let dialog)?: text += "!dialog(\(Self.text(of: dialog)))"
        }
        return text
    }

    private static func text(of alert: Alert) -> String {
        var fields = ["title=\(Route.percentEncoded(alert.title))"]
        if let message = alert.message {
            fields.append("message=\(Route.percentEncoded(message))")
        }
        for button in alert.buttons {
            var parts = [Route.percentEncoded(button.label), button.role.rawValue]
            if let result = button.result {
                parts.append(Route.percentEncoded(result.description))
            }
            fields.append("button=\(parts.joined(separator: ","))")
        }
        return fields.joined(separator: "&")
    }

    // MARK: Parsing

    package static func parseStack(_ text: Substring) throws(RouteError) -> NavigationState {
        let routesPart: Substring
        var presentation: Presentation?
        if let bang = try firstTopLevel(text, UInt8(ascii: "!")) {
            routesPart = text[..<bang]
            presentation = try parsePresentation(text[text.utf8.index(after: bang)...])
        } else {
            routesPart = text
        }
        let routes = try routesPart.utf8.split(separator: UInt8(ascii: ">"), omittingEmptySubsequences: false).map {
            (part: Substring.UTF8View.SubSequence) throws(RouteError) -> Route in try Route(parsing: String(Substring(part)))
        }
        guard let root = routes.first else {
            throw RouteError(route: String(text), message: "a stack needs at least one route")
        }
        return NavigationState(root: root, path: Array(routes.dropFirst()), presentation: presentation)
    }

    private static func parsePresentation(_ text: Substring) throws(RouteError) -> Presentation {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else {
            throw RouteError(route: String(text), message: "a presentation reads sheet(…), cover(…), alert(…) or dialog(…)")
        }
        let kind = text[..<open]
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        switch kind {
        case "sheet": return .sheet(try parseStack(inner))
        case "cover": return .fullScreenCover(try parseStack(inner))
        case "alert": return .alert(try parseAlert(inner))
        case "dialog": return .confirmationDialog(try parseAlert(inner))
        default:
            throw RouteError(route: String(text), message: "unknown presentation '\(kind)'; expected sheet, cover, alert or dialog")
        }
    }

    private static func parseAlert(_ text: Substring) throws(RouteError) -> Alert {
        var title: String?
        var message: String?
        var buttons: [AlertButton] = []
        for field in text.split(separator: "&") {
            let pair = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else {
                throw RouteError(route: String(field), message: "a dialog field reads NAME=VALUE")
            }
            switch pair[0] {
            case "title":
                title = try decoded(pair[1], in: field)
            case "message":
                message = try decoded(pair[1], in: field)
            case "button":
                let parts = pair[1].split(separator: ",", omittingEmptySubsequences: false)
                guard (2...3).contains(parts.count), let role = AlertButton.Role(rawValue: String(parts[1])) else {
                    throw RouteError(route: String(field), message: "a button reads LABEL,ROLE[,RESULT] with ROLE default, cancel or destructive")
                }
                var button = AlertButton(try decoded(parts[0], in: field), role: role)
                if parts.count == 3 {
                    button.result = try Route(parsing: try decoded(parts[2], in: field))
                }
                buttons.append(button)
            default:
                throw RouteError(route: String(field), message: "unknown dialog field '\(pair[0])'")
            }
        }
        guard let title else {
            throw RouteError(route: String(text), message: "a dialog needs a title")
        }
        return Alert(title: title, message: message, buttons: buttons)
    }

    private static func decoded(_ text: Substring, in field: Substring) throws(RouteError) -> String {
        guard let value = Route.percentDecoded(text) else {
            throw RouteError(route: String(field), message: "'\(text)' is not valid percent-encoded UTF-8")
        }
        return value
    }

    /// The first `character` outside parentheses (nil: none, just check); throws on unbalanced parentheses.
    /// Where `separator` (an ASCII character) first stands outside every parenthesis, if anywhere;
    /// with none, only checks that the parentheses balance and nest at most ``maximumNesting`` deep.
    /// Every character it looks for is ASCII, so it reads bytes, not characters.
    private static func firstTopLevel(_ text: Substring, _ separator: UInt8?) throws(RouteError) -> Substring.Index? {
        var depth = 0
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index != utf8.endIndex {
            switch utf8[index] {
            case UInt8(ascii: "("):
                depth += 1
                if separator == nil && depth > maximumNesting {
                    throw RouteError(
                        route: String(text.prefix(80)) + (text.count > 80 ? "…" : ""),
                        message: "nested more than \(maximumNesting) deep (DeepLink.maximumNesting)"
                    )
                }
            case UInt8(ascii: ")"):
                depth -= 1
                if depth < 0 { throw RouteError(route: String(text), message: "unbalanced ')'") }
            case let byte where depth == 0 && byte == separator:
                return index
            default:
                break
            }
            utf8.formIndex(after: &index)
        }
        guard depth == 0 else { throw RouteError(route: String(text), message: "unbalanced '('") }
        return nil
    }

    private static func splitTopLevel(_ text: Substring, at separator: UInt8) throws(RouteError) -> [Substring] {
        var parts: [Substring] = []
        var rest = text
        while let index = try firstTopLevel(rest, separator) {
            parts.append(rest[..<index])
            rest = rest[rest.utf8.index(after: index)...]
        }
        parts.append(rest)
        return parts
    }
}
