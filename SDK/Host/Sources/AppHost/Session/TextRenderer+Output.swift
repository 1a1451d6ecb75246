// The renderer's line buffer: text wrapped to the width, measured in characters, as UTF-8 bytes.

@_spi(Host) import AppHostKit

extension TextRenderer {
    /// Lines drawn as UTF-8 bytes, each ending in a newline, with their widths in characters.
    ///
    /// Text is measured in characters (grapheme clusters), as a terminal shows them; a word of
    /// ASCII, the common case, is measured by its bytes without decoding it.
    package struct Output {
        static let space = Array(" ".utf8)
        static let singleRule = Array("─".utf8)
        static let doubleRule = Array("═".utf8)

        let width: Int
        /// Whether to write escape sequences for emphasis.
        let color: Bool
        /// Whether this is the top layer; the others are drawn dim.
        let active: Bool
        var bytes: [UInt8] = []
        /// Where each line is in ``bytes`` (without its newline) and how wide it is.
        var lines: [(start: Int, end: Int, width: Int)] = []

        /// Whether the last line is blank or a rule (a section after it needs no blank line); true with no lines.
        var lastIsBlankOrRule: Bool {
            guard let last = lines.last else { return true }
            var index = last.start
            while index < last.end {
                if bytes[index] == 0x20 {
                    index += 1
                } else if bytes[index] == 0x1B {
                    // An SGR sequence of emphasis (ESC [ … m): not part of what the line shows.
                    while index < last.end, bytes[index] != UInt8(ascii: "m") { index += 1 }
                    index += 1
                } else if index + 2 < last.end, bytes[index] == 0xE2,
                    bytes[index + 1] == 0x94 && bytes[index + 2] == 0x80 || bytes[index + 1] == 0x95 && bytes[index + 2] == 0x90 {
                    index += 3
                } else {
                    return false
                }
            }
            return true
        }

        init(width: Int, color: Bool = false, active: Bool = true, appendingTo bytes: [UInt8] = []) {
            self.width = width
            self.color = color
            self.active = active
            self.bytes = bytes
            self.bytes.reserveCapacity(self.bytes.count + 2048)
            lines.reserveCapacity(64)
        }

        /// The style a line is drawn in: its own, or dim in a layer under the top one.
        private func effective(_ style: Style?) -> Style? {
            guard color else { return nil }
            return active ? style : .inactive
        }

        /// 64 of each rule character, appended in slices rather than one character at a time.
        private static let singleRun = Array(repeating: singleRule, count: 64).flatMap { $0 }
        private static let doubleRun = Array(repeating: doubleRule, count: 64).flatMap { $0 }

        static func repeatBytes(_ unit: [UInt8], _ count: Int, into bytes: inout [UInt8]) {
            guard count > 0 else { return }
            if unit.count == 1 {
                bytes.append(contentsOf: repeatElement(unit[0], count: count))
                return
            }
            let run = unit == singleRule ? singleRun : unit == doubleRule ? doubleRun : Array(repeating: unit, count: 64).flatMap { $0 }
            var left = count
            while left > 0 {
                let taken = min(left, 64)
                bytes += run[0..<taken * unit.count]
                left -= taken
            }
        }

        /// Appends a string's UTF-8 bytes in one copy (a native string's are contiguous).
        static func append(_ text: String, to bytes: inout [UInt8]) {
            if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                bytes += text.utf8
            }
        }

        /// The width of some UTF-8 text in characters.
        static func width(_ text: some Collection<UInt8>) -> Int {
            if text.allSatisfy({ $0 < 0x80 }) { return text.count }
            return String(decoding: text, as: UTF8.self).count
        }

        private mutating func endLine(start: Int, width: Int) {
            lines.append((start, bytes.count, width))
            bytes.append(0x0A)
        }

        /// A line as it is; `width` is its width when the caller has measured it.
        mutating func line(_ text: String, width: Int? = nil) {
            let shown = text.visible
            let start = bytes.count
            let style = effective(nil)
            if let style { bytes += style.on }
            Self.append(shown, to: &bytes)
            if style != nil { bytes += Style.off }
            // Showing control characters changes the width: measured again then.
            endLine(start: start, width: width.flatMap { shown.utf8.count == text.utf8.count ? $0 : nil } ?? shown.characterCount)
        }

        mutating func blank() {
            endLine(start: bytes.count, width: 0)
        }

        /// Indentation stops growing at half the width, so deeply nested sections still fit.
        func capped(_ indent: Int) -> Int {
            min(max(indent, 0), width / 2)
        }

        mutating func rule(_ unit: [UInt8], indent: Int = 0) {
            let indent = capped(indent)
            let start = bytes.count
            Self.repeatBytes(Self.space, indent, into: &bytes)
            let style = effective(nil)
            if let style { bytes += style.on }
            Self.repeatBytes(unit, width - indent, into: &bytes)
            if style != nil { bytes += Style.off }
            endLine(start: start, width: width)
        }

        mutating func header(title: String, breadcrumbs: Breadcrumbs) {
            // A screen with no title has none, as its navigation bar on a device: no route stands in.
            if !title.isEmpty { wrap(title, indent: 0, style: .title) }
            if breadcrumbs.count > 1 {
                let trail = TextRenderer.measuredTrail(breadcrumbs, width: width)
                line(trail.text, width: trail.width)
            }
        }

        // Long: one pass over the text's words that keeps the line being filled in locals.
        /// Wraps `text` at spaces; continuation lines are indented by `hanging` more. A word longer
        /// than a line is cut into lines of its own, each cut costing only the characters it walks.
        mutating func wrap(_ text: String, indent: Int, prefix: String = "", hanging: Int = 0, style: Style? = nil) {
            let style = effective(style)
            // Control characters from features are shown (`^[`), never sent raw, and measured as shown.
            var text = text.visible
            let indent = capped(indent)
            let prefixWidth = prefix.characterCount
            let available = max(width - indent - prefixWidth, 8)
            text.withUTF8 { utf8 in
                // The line being filled: a range of `utf8` (words and the single spaces between them) and its width.
                var current: Range<Int>? = nil
                var currentWidth = 0
                var first = true
                func flush() {
                    let start = bytes.count
                    let lead = first ? indent + prefixWidth : indent + hanging
                    Self.repeatBytes(Self.space, first ? indent : indent + hanging, into: &bytes)
                    if let style { bytes += style.on }
                    if first { Self.append(prefix, to: &bytes) }
                    if let current { bytes += utf8[current] }
                    if style != nil { bytes += Style.off }
                    endLine(start: start, width: lead + currentWidth)
                    first = false
                    current = nil
                    currentWidth = 0
                }
                var index = 0
                let end = utf8.count
                while index < end {
                    guard utf8[index] != 0x20 else {
                        index += 1
                        continue
                    }
                    var wordEnd = index
                    var ascii = true
                    while wordEnd < end, utf8[wordEnd] != 0x20 {
                        if utf8[wordEnd] >= 0x80 { ascii = false }
                        wordEnd += 1
                    }
                    var word = index..<wordEnd
                    index = wordEnd
                    var wordWidth = ascii ? word.count : Self.width(utf8[word])
                    while wordWidth > available {
                        if current != nil { flush() }
                        let cut = ascii ? word.lowerBound + available : Self.offset(ofCharacter: available, in: utf8, word)
                        current = word.lowerBound..<cut
                        currentWidth = available
                        flush()
                        word = cut..<word.upperBound
                        wordWidth -= available
                    }
                    if let line = current {
                        if currentWidth + 1 + wordWidth <= available {
                            current = line.lowerBound..<word.upperBound
                            currentWidth += 1 + wordWidth
                            continue
                        }
                        flush()
                    }
                    current = word
                    currentWidth = wordWidth
                }
                if current != nil || first { flush() }
            }
        }

        /// The byte offset in `utf8` of the character `count` characters into `range`.
        private static func offset(ofCharacter count: Int, in utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
            let word = String(decoding: utf8[range], as: UTF8.self)
            let index = word.index(word.startIndex, offsetBy: count)
            return range.lowerBound + word.utf8.distance(from: word.startIndex, to: index)
        }

        mutating func numbered(_ element: ScreenLayout.Element, number: Int?, indent: Int) {
            if let number, !color, element.kind == .button || element.kind == .link,
                oneLine(element.text ?? "", number: number, indent: indent, link: element.kind == .link)
            {
                return
            }
            numbered(element, number: number, indent: indent, after: "")
        }

        /// An element with its number, and `after` after its label (a row's actions).
        private mutating func numbered(_ element: ScreenLayout.Element, number: Int?, indent: Int, after: String) {
            let digits = number.map { String($0) }
            let marker = digits.map { "[" + $0 + "] " } ?? "[·] "
            // The marker's width: its digits and three ASCII characters, or `[·] `, four characters.
            let hanging = digits.map { $0.utf8.count + 3 } ?? 4
            let style: Style? = element.kind == .dialogButton && element.flag ? .destructive : nil
            wrap(Self.said(element) + after, indent: indent, prefix: marker, hanging: hanging, style: style)
        }

        /// What an actionable element's line says after its number.
        private static func said(_ element: ScreenLayout.Element) -> String {
            let label = element.text ?? ""
            switch element.kind {
            case .link: return label + " ›"
            case .toggle: return (element.flag ? "[x] " : "[ ] ") + label
            case .textField: return label + ": " + (element.detail ?? "") + "_"
            case .dialogButton: return label + (element.detail.map { " (" + $0 + ")" } ?? "")
            default: return label
            }
        }

        /// A row and the actions that follow it (its swipe actions, its context menu), on the row's
        /// line as a reader offers them on the row: `Tiramisu (actions: [4] Delete, [5] Favorite)`.
        private mutating func row(_ row: ScreenLayout.Element, actions: ArraySlice<ScreenLayout.Element>, of layer: ScreenLayout.Layer, indent: Int) {
            let listed = actions.map { action in
                (layer.number(of: action).map { "[\($0)] " } ?? "[·] ") + Self.said(action)
            }
            let after = " (actions: " + listed.joined(separator: ", ") + ")"
            if row.kind == .text {
                wrap((row.text ?? "") + after, indent: indent, hanging: 2)
            } else {
                numbered(row, number: layer.number(of: row), indent: indent, after: after)
            }
        }

        /// A numbered button or link written as one line, `[N] label` (and ` ›` for a link), when the
        /// label is printable ASCII with single spaces between words and the line fits: what
        /// ``wrap(_:indent:prefix:hanging:style:)`` would write, without its work. False, writing
        /// nothing, otherwise.
        private mutating func oneLine(_ label: String, number: Int, indent: Int, link: Bool) -> Bool {
            let indent = capped(indent)
            var digits = 1
            var power = 10
            while power <= number, digits < 19 {
                digits += 1
                power &*= 10
            }
            let suffix = link ? 2 : 0
            let fits: Bool? = label.utf8.withContiguousStorageIfAvailable { utf8 in
                guard let first = utf8.first, let last = utf8.last, first != 0x20, last != 0x20,
                    indent + digits + 3 + utf8.count + suffix <= width
                else { return false }
                var previous: UInt8 = 0
                for byte in utf8 {
                    guard byte >= 0x20, byte < 0x7F, !(byte == 0x20 && previous == 0x20) else { return false }
                    previous = byte
                }
                return true
            }
            guard fits == true else { return false }
            let start = bytes.count
            Self.repeatBytes(Self.space, indent, into: &bytes)
            bytes.append(UInt8(ascii: "["))
            var divisor = power / 10
            var rest = number
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
            bytes.append(UInt8(ascii: "]"))
            bytes.append(0x20)
            Self.append(label, to: &bytes)
            if link { bytes += Self.linkSuffix }
            endLine(start: start, width: indent + digits + 3 + label.utf8.count + suffix)
            return true
        }

        /// ` ›`, after a link's label.
        private static let linkSuffix = Array(" ›".utf8)

        /// Draws a layer's elements front to back; lists and sections indent what they hold by two.
        mutating func draw(_ layer: ScreenLayout.Layer) {
            let elements = layer.elements
            var indent = 0
            var index = 0
            while index < elements.count {
                let element = elements[index]
                index += 1
                // A row followed by its actions is drawn with them, on its line.
                if index < elements.count, elements[index].isRowAction, !element.isRowAction, element.isRow {
                    var end = index
                    while end < elements.count, elements[end].isRowAction { end += 1 }
                    row(element, actions: elements[index..<end], of: layer, indent: indent)
                    index = end
                    continue
                }
                switch element.kind {
                case .text:
                    wrap(element.text ?? "", indent: indent)
                case .button, .link, .toggle, .textField, .dialogButton:
                    numbered(element, number: layer.number(of: element), indent: indent)
                case .list:
                    if index < elements.count, elements[index].kind == .endList {
                        wrap("(none)", indent: indent + 2)
                    }
                    indent += 2
                case .section:
                    if !lastIsBlankOrRule {
                        blank()
                    }
                    if let header = element.text {
                        wrap(header.uppercased(), indent: indent)
                    }
                    indent += 2
                case .endList, .endSection:
                    indent -= 2
                case .divider:
                    rule(Output.singleRule, indent: indent)
                case .progress:
                    wrap(element.text ?? "", indent: indent, prefix: "… ", hanging: 2)
                case .error:
                    wrap(element.text ?? "", indent: indent, prefix: "error: ", hanging: 7, style: .error)
                case .unsupported:
                    wrap("(an element this host cannot draw; update the host)", indent: indent)
                }
            }
        }
    }
}
