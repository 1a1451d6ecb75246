@_spi(Host) import AppHostKit
import Foundation

/// Draws a laid-out screen (``ScreenLayout``) as one line of JSON, for scripts and tools.
///
/// Every render is one JSON object on a line of its own (JSON Lines), with keys
/// sorted, so the same state gives the same bytes. Buttons, links, toggles, text
/// fields and dialog buttons of the top layer carry the `number` that `tap` takes,
/// the same numbers the text form shows: both come from the layout pass. A stack
/// deeper than ``Breadcrumbs/kept`` lists its last titles and `omittedBreadcrumbs`.
public struct JSONRenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// Lays out `layers` under `chrome` and writes the JSON line.
    public func render(_ layers: [RenderLayer], chrome: ShellChrome?) -> String {
        draw(ScreenLayout(layers, chrome: chrome))
    }

    /// The JSON line of a laid-out screen.
    public func draw(_ layout: ScreenLayout) -> String {
        var document: [String: Value] = ["layers": .array(layout.layers.map(encode))]
        if let chrome = layout.chrome {
            document["shell"] = .object([
                "style": .string(chrome.style.rawValue),
                "items": .array(chrome.titles.map(Value.string)),
                "selected": .number(chrome.selected),
            ])
        }
        return Value.object(document).text + "\n"
    }

    private func encode(_ layer: ScreenLayout.Layer) -> Value {
        var object: [String: Value] = ["kind": .string(layer.kind.rawValue), "title": .string(layer.title)]
        switch layer.kind {
        case .screen, .sheet:
            object["breadcrumbs"] = .array(layer.breadcrumbs.titles.map(Value.string))
            if layer.breadcrumbs.omitted > 0 {
                object["omittedBreadcrumbs"] = .number(layer.breadcrumbs.omitted)
            }
            object["nodes"] = .array(layer.items.map(encode))
        case .alert, .confirmationDialog:
            object["buttons"] = .array(layer.items.map(encode))
            if let message = layer.message { object["message"] = .string(message) }
        }
        return .object(object)
    }

    private func encode(_ item: ScreenLayout.Item) -> Value {
        switch item {
        case .text(let text):
            return .object(["type": .string("text"), "text": .string(text)])
        case .action(let action, let number):
            var fields: [String: Value] = ["label": .string(action.label)]
            switch action {
            case .button:
                fields["type"] = .string("button")
            case .link(_, let destination, let failure):
                fields["type"] = .string("link")
                if let destination { fields["route"] = .string(destination.description) }
                if let failure { fields["failure"] = .string(failure) }
            case .toggle(_, let isOn, _):
                fields["type"] = .string("toggle")
                fields["isOn"] = .bool(isOn)
            case .textField(_, let text, _):
                fields["type"] = .string("textField")
                fields["text"] = .string(text)
            case .dialogButton(let button, _):
                fields["role"] = .string(button.role.rawValue)
            }
            if let number { fields["number"] = .number(number) }
            return .object(fields)
        case .list(let rows):
            return .object(["type": .string("list"), "rows": .array(rows.map(encode))])
        case .section(let header, let content):
            var fields: [String: Value] = ["type": .string("section"), "nodes": .array(content.map(encode))]
            if let header { fields["header"] = .string(header) }
            return .object(fields)
        case .divider:
            return .object(["type": .string("divider")])
        case .progress(let label):
            return .object(["type": .string("progress"), "label": .string(label)])
        case .error(let message):
            return .object(["type": .string("error"), "message": .string(message)])
        case .unsupported:
            // A kind of element added to a newer kit than this host was built against.
            return .object(["type": .string("unsupported")])
        }
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
