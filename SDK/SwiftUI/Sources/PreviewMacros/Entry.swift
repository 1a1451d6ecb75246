/// An `@Entry` property, read from its declaration's text: `@Entry var name: Type = value`, with
/// any attributes and modifiers before `var`.
struct EntryDeclaration {
    var name: String
    var type: String
    var value: String

    struct Failure: Error { var message: String }

    /// The property's getter and setter, through its key.
    var accessors: String {
        "get { self[\(keyName).self] }\nset { self[\(keyName).self] = newValue }"
    }

    /// The key: a private type beside the property, whose default is the declared value, made
    /// again each time it is read, as SwiftUI's is.
    var key: String {
        "private struct \(keyName): SwiftUI.EnvironmentKey {\n    typealias Value = \(type)\n"
            + "    static var defaultValue: Value {\n        \(value)\n    }\n}"
    }

    private var keyName: String { "__Key_" + name.filter { $0 != "`" } }

    /// Reads a declaration; `context` is the text of the declaration it is in (an extension).
    static func parse(_ source: String, context: String) -> Result<EntryDeclaration, Failure> {
        let container = context.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "{" || $0 == ":" })
            .drop { $0 != "extension" }.dropFirst().first.map(String.init) ?? ""
        guard container == "EnvironmentValues" || container == "SwiftUI.EnvironmentValues" else {
            let place = container.isEmpty ? "outside an extension" : "in \(container)"
            return .failure(Failure(message: "@Entry \(place) is not available in AppHost's SwiftUI: it declares "
                + "environment values (extension EnvironmentValues { @Entry var name: Type = value }); write the key type yourself"))
        }
        var rest = Substring(source).drop(while: \.isWhitespace)
        // Attributes, each with its arguments, then modifiers, up to `var`.
        while true {
            if rest.first == "@" {
                rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                if rest.first == "(" { rest = skipBalanced(rest) }
            } else if rest.hasPrefix("var ") || rest.hasPrefix("var\t") || rest.hasPrefix("var\n") {
                rest = rest.dropFirst(3)
                break
            } else if rest.hasPrefix("let ") {
                return .failure(Failure(message: "@Entry needs a 'var': an environment value can be set"))
            } else if let word = rest.firstIndex(where: { $0.isWhitespace || $0 == "(" }), word != rest.startIndex {
                rest = rest[word...]
                if rest.first == "(" { rest = skipBalanced(rest) }
            } else {
                return .failure(Failure(message: "@Entry is for a property: @Entry var name: Type = value"))
            }
            rest = rest.drop(while: \.isWhitespace)
        }
        rest = rest.drop(while: \.isWhitespace)
        let name: Substring
        if rest.first == "`" {
            guard let close = rest.dropFirst().firstIndex(of: "`") else { return .failure(Failure(message: "@Entry: unclosed name")) }
            name = rest[...close]
        } else {
            name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        }
        guard !name.isEmpty else { return .failure(Failure(message: "@Entry is for a property: @Entry var name: Type = value")) }
        rest = rest.dropFirst(name.count).drop(while: \.isWhitespace)
        guard rest.first == ":" else {
            return .failure(Failure(message: "@Entry needs the property's type, as SwiftUI's does: @Entry var \(name): Type = value"))
        }
        rest = rest.dropFirst()
        let (type, initializer) = splitAtTopLevelEquals(rest)
        let typeText = type.trimmingWhitespace
        guard !typeText.isEmpty else { return .failure(Failure(message: "@Entry: '\(name)' has no type")) }
        var value = initializer?.trimmingWhitespace ?? ""
        if value.isEmpty {
            guard typeText.hasSuffix("?") else {
                return .failure(Failure(message: "@Entry needs a default value for '\(name)': @Entry var \(name): \(typeText) = value"))
            }
            value = "nil"
        }
        return .success(EntryDeclaration(name: String(name), type: typeText, value: value))
    }

    /// The text after the bracket `text` starts with and its match.
    private static func skipBalanced(_ text: Substring) -> Substring {
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            switch text[index] {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return text[text.index(after: index)...] }
            default: break
            }
            index = text.index(after: index)
        }
        return text[text.endIndex...]
    }

    /// A type and its initializer, split at the first `=` outside brackets (`->` is not a bracket).
    private static func splitAtTopLevelEquals(_ text: Substring) -> (Substring, Substring?) {
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            switch character {
            case "(", "[", "{", "<": depth += 1
            case ")", "]", "}": depth -= 1
            case ">" where index > text.startIndex && text[text.index(before: index)] == "-": break
            case ">": depth -= 1
            case "=" where depth == 0: return (text[..<index], text[text.index(after: index)...])
            default: break
            }
            index = text.index(after: index)
        }
        return (text, nil)
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
