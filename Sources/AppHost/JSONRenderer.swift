@_spi(Host) import AppHostKit
import Foundation

/// Draws the same layers as ``TextRenderer`` as one line of JSON, for scripts and tools.
///
/// Every render is one JSON object on a line of its own (JSON Lines), with keys
/// sorted, so the same state gives the same bytes. Buttons, links, toggles, text
/// fields and dialog buttons of the top layer carry the `number` that `tap` takes,
/// in the same order as the text form.
public struct JSONRenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// The JSON line of `layers` under `chrome`.
    public func render(_ layers: [RenderLayer], chrome: ShellChrome?) -> String {
        var document: [String: Value] = [:]
        var counter = 0
        document["layers"] = .array(layers.enumerated().map { index, layer in
            encode(layer, numbering: index == layers.count - 1, counter: &counter)
        })
        if let chrome {
            document["shell"] = .object([
                "style": .string(chrome.style.rawValue),
                "items": .array(chrome.titles.map(Value.string)),
                "selected": .number(chrome.selected),
            ])
        }
        return Value.object(document).text + "\n"
    }

    private func encode(_ layer: RenderLayer, numbering: Bool, counter: inout Int) -> Value {
        switch layer {
        case .screen(let body, let breadcrumbs), .sheet(let body, let breadcrumbs):
            let kind = if case .sheet = layer { "sheet" } else { "screen" }
            return .object([
                "kind": .string(kind),
                "title": .string(body.firstTitle ?? breadcrumbs.last ?? ""),
                "breadcrumbs": .array(breadcrumbs.map(Value.string)),
                "nodes": .array(encode(body, numbering: numbering, counter: &counter)),
            ])
        case .dialog(let alert, let confirmation, _):
            var object: [String: Value] = [
                "kind": .string(confirmation ? "confirmationDialog" : "alert"),
                "title": .string(alert.title),
                "buttons": .array(alert.buttons.map { button in
                    var fields: [String: Value] = ["label": .string(button.label), "role": .string(button.role.rawValue)]
                    if numbering {
                        counter += 1
                        fields["number"] = .number(counter)
                    }
                    return .object(fields)
                }),
            ]
            if let message = alert.message { object["message"] = .string(message) }
            return .object(object)
        }
    }

    private func encode(_ nodes: [Node], numbering: Bool, counter: inout Int) -> [Value] {
        var values: [Value] = []
        func actionable(_ type: String, _ fields: [String: Value]) {
            var fields = fields
            fields["type"] = .string(type)
            if numbering {
                counter += 1
                fields["number"] = .number(counter)
            }
            values.append(.object(fields))
        }
        for node in nodes {
            switch node {
            case .title:
                continue  // the layer's title
            case .text(let text):
                values.append(.object(["type": .string("text"), "text": .string(text)]))
            case .button(let label, _):
                actionable("button", ["label": .string(label)])
            case .link(let label, let destination, let failure):
                var fields: [String: Value] = ["label": .string(label)]
                if let destination { fields["route"] = .string(destination.description) }
                if let failure { fields["failure"] = .string(failure) }
                actionable("link", fields)
            case .toggle(let label, let isOn, _):
                actionable("toggle", ["label": .string(label), "isOn": .bool(isOn)])
            case .textField(let label, let text, _):
                actionable("textField", ["label": .string(label), "text": .string(text)])
            case .list(let rows):
                values.append(.object(["type": .string("list"), "rows": .array(encode(rows, numbering: numbering, counter: &counter))]))
            case .section(let header, let content):
                var fields: [String: Value] = ["type": .string("section"), "nodes": .array(encode(content, numbering: numbering, counter: &counter))]
                if let header { fields["header"] = .string(header) }
                values.append(.object(fields))
            case .divider:
                values.append(.object(["type": .string("divider")]))
            case .progress(let label):
                values.append(.object(["type": .string("progress"), "label": .string(label)]))
            case .error(let message):
                values.append(.object(["type": .string("error"), "message": .string(message)]))
            case .group(let content):
                values += encode(content, numbering: numbering, counter: &counter)
            @unknown default:
                // A kind of element added to a newer kit than this host was built against.
                values.append(.object(["type": .string("unsupported")]))
            }
        }
        return values
    }

    /// A JSON value, written with sorted keys and no spaces (also how a probe writes a feature's description).
    indirect enum Value {
        case string(String)
        case number(Int)
        case bool(Bool)
        case array([Value])
        case object([String: Value])

        var text: String {
            switch self {
            case .string(let string): Self.quoted(string)
            case .number(let number): String(number)
            case .bool(let flag): String(flag)
            case .array(let values): "[" + values.map(\.text).joined(separator: ",") + "]"
            case .object(let fields):
                "{" + fields.keys.sorted().map { "\(Self.quoted($0)):\(fields[$0]?.text ?? "null")" }.joined(separator: ",") + "}"
            }
        }

        static func quoted(_ string: String) -> String {
            var result = "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "\""
        }
    }
}
