@_spi(Host) import AppHostKit
import AppHostSupport
import FoundationEssentials
import Glibc

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

    /// The JSON line of a laid-out screen, written straight into bytes: every object's keys are
    /// written in sorted order by construction, as ``Value`` would sort them.
    public func draw(_ layout: ScreenLayout) -> String {
        String(decoding: drawBytes(layout), as: UTF8.self)
    }

    /// The JSON line of a laid-out screen as UTF-8, the form a session writes.
    public func drawBytes(_ layout: ScreenLayout) -> [UInt8] {
        var json = Writer()
        json.open("{")
        json.key("layers")
        json.open("[")
        for layer in layout.layers {
            json.comma()
            encode(layer, into: &json)
        }
        json.close("]")
        if let chrome = layout.chrome {
            json.key("shell")
            json.open("{")
            json.key("items")
            json.open("[")
            for title in chrome.titles {
                json.comma()
                json.string(title)
            }
            json.close("]")
            json.key("selected")
            json.number(chrome.selected)
            json.key("style")
            json.string(chrome.style.rawValue)
            json.close("}")
        }
        json.close("}")
        json.bytes.append(0x0A)
        return json.bytes
    }

    private func encode(_ layer: ScreenLayout.Layer, into json: inout Writer) {
        json.open("{")
        switch layer.kind {
        case .screen, .sheet:
            json.key("breadcrumbs")
            json.open("[")
            for title in layer.breadcrumbs.titles {
                json.comma()
                json.string(title)
            }
            json.close("]")
            json.key("kind")
            json.string(layer.kind.rawValue)
            json.key("nodes")
            encodeElements(layer, into: &json)
            if layer.breadcrumbs.omitted > 0 {
                json.key("omittedBreadcrumbs")
                json.number(layer.breadcrumbs.omitted)
            }
        case .alert, .confirmationDialog:
            json.key("buttons")
            encodeElements(layer, into: &json)
            json.key("kind")
            json.string(layer.kind.rawValue)
            if let message = layer.message {
                json.key("message")
                json.string(message)
            }
        }
        json.key("title")
        json.string(layer.title)
        json.close("}")
    }

    /// A layer's elements as an array of objects; a list or a section holds its content in an array of its own.
    private func encodeElements(_ layer: ScreenLayout.Layer, into json: inout Writer) {
        json.open("[")
        // A link's route and failure are read from its action; the actions are read once, at the first link.
        var actions: [ScreenAction]?
        // The row the next row actions belong to: the last text or element that is no row action.
        var row: String?
        for element in layer.elements {
            if !element.isRowAction { row = element.isRow ? element.text : nil }
            switch element.kind {
            case .text:
                json.element(type: "text", "text", element.text ?? "", looks: element.looks)
            case .button, .link, .toggle, .textField, .dialogButton:
                json.comma()
                encodeActionable(element, of: layer, row: element.isRowAction ? row : nil, actions: &actions, into: &json)
            case .list:
                json.comma()
                json.open("{")
                json.key("rows")
                json.open("[")
            case .endList:
                json.close("]")
                json.field("type", "list")
                json.close("}")
            case .section:
                json.comma()
                json.open("{")
                if let color = element.looks?.color { json.field("color", color) }
                if let font = element.looks?.font { json.field("font", font) }
                if let header = element.text { json.field("header", header) }
                json.key("nodes")
                json.open("[")
            case .endSection:
                json.close("]")
                json.field("type", "section")
                json.close("}")
            case .divider:
                json.element(type: "divider")
            case .progress:
                json.element(type: "progress", "label", element.text ?? "", looks: element.looks)
            case .error:
                json.element(type: "error", "message", element.text ?? "", looks: element.looks)
            case .unsupported:
                // A kind of element added to a newer kit than this host was built against.
                json.element(type: "unsupported")
            }
        }
        json.close("]")
    }

    // Long: one switch over the kinds of actionable element, each case its few fields.
    /// An actionable element from what the layout kept of it; only a link's route and failure are
    /// read from its action.
    private func encodeActionable(
        _ element: ScreenLayout.Element,
        of layer: ScreenLayout.Layer,
        row: String?,
        actions: inout [ScreenAction]?,
        into json: inout Writer
    ) {
        let label = element.text ?? ""
        let number = layer.number(of: element)
        json.open("{")
        // Keys in order: a link's failure falls between its colour and its font.
        if let color = element.looks?.color { json.field("color", color) }
        if element.kind != .link, let font = element.looks?.font { json.field("font", font) }
        // Its identifier (`accessibilityIdentifier`), read from its action.
        if element.kind == .button || element.kind == .toggle || element.kind == .textField {
            if actions == nil { actions = layer.actions }
            if let action = actions?[element.action] {
                if let hint = action.hint { json.field("hint", hint) }
                if let identifier = action.identifier { json.field("identifier", identifier) }
            }
        }
        func numbered() {
            if let number {
                json.key("number")
                json.number(number)
            }
            if let row { json.field("row", row) }
        }
        switch element.kind {
        case .link:
            var destination: Route?
            var failure: String?
            if actions == nil { actions = layer.actions }
            if case .link(_, let linked, let reason)? = actions?[element.action] {
                destination = linked
                failure = reason
            }
            if let failure { json.field("failure", failure) }
            if let font = element.looks?.font { json.field("font", font) }
            json.field("label", label)
            numbered()
            if let destination { json.field("route", destination.description) }
            json.field("type", "link")
        case .toggle:
            json.key("isOn")
            json.bool(element.flag)
            json.field("label", label)
            numbered()
            json.field("type", "toggle")
        case .textField:
            json.field("label", label)
            numbered()
            json.field("text", element.detail ?? "")
            json.field("type", "textField")
        case .dialogButton:
            json.field("label", label)
            numbered()
            json.field("role", element.detail ?? AlertButton.Role.default.rawValue)
        default:
            json.field("label", label)
            numbered()
            json.field("type", "button")
        }
        json.close("}")
    }

    /// Writes JSON into bytes, putting commas between members and elements.
    private struct Writer {
        var bytes: [UInt8] = []
        /// Whether the innermost open object or array has no member yet.
        private var empty = true

        init() {
            bytes.reserveCapacity(4096)
        }

        mutating func open(_ bracket: Unicode.Scalar) {
            bytes.append(UInt8(bracket.value))
            empty = true
        }

        mutating func close(_ bracket: Unicode.Scalar) {
            bytes.append(UInt8(bracket.value))
            empty = false
        }

        /// Before an array element.
        mutating func comma() {
            if !empty { bytes.append(UInt8(ascii: ",")) }
            empty = true
        }

        /// A member's name: always one of the renderer's own ASCII names, written without escaping.
        mutating func key(_ name: StaticString) {
            comma()
            bytes.append(UInt8(ascii: "\""))
            name.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
        }

        /// An element of an array with one member and its type, `{"NAME":"VALUE","type":"TYPE"}`
        /// (every NAME sorts before `type`), or its type alone.
        mutating func element(type: StaticString, _ name: StaticString? = nil, _ value: String = "", looks: TextLooks? = nil) {
            comma()
            open("{")
            if let color = looks?.color { field("color", color) }
            if let font = looks?.font { field("font", font) }
            if let name { field(name, value) }
            field("type", type)
            close("}")
        }

        mutating func field(_ name: StaticString, _ value: StaticString) {
            key(name)
            bytes.append(UInt8(ascii: "\""))
            value.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "\""))
            empty = false
        }

        mutating func field(_ name: StaticString, _ value: String) {
            key(name)
            string(value)
        }

        mutating func bool(_ value: Bool) {
            bytes += (value ? "true" : "false").utf8
            empty = false
        }

        mutating func number(_ value: Int) {
            if value >= 0 && value < 10 {
                bytes.append(UInt8(ascii: "0") + UInt8(value))
            } else {
                var text = String(value)
                text.withUTF8 { bytes.append(contentsOf: $0) }
            }
            empty = false
        }

        mutating func string(_ value: String) {
            bytes.append(UInt8(ascii: "\""))
            var value = value
            value.withUTF8 { utf8 in
                // Runs of bytes that need no escape are copied whole.
                var start = 0
                for index in 0..<utf8.count {
                    let byte = utf8[index]
                    guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                    start = index + 1
                    switch byte {
                    case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                    case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                    case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                    case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                    case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                    default:
                        let hex = Array("0123456789abcdef".utf8)
                        bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                    }
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
            }
            bytes.append(UInt8(ascii: "\""))
            empty = false
        }
    }

    /// A JSON value (``JSONValue``): the renderer's, a probe's and the loading side's one model.
    package typealias Value = JSONValue
}
