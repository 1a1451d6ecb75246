import Foundation

/// One asset catalog's images and colours, and the symbols Xcode generates for them.
struct AssetCatalog {
    enum Kind { case image, color }

    struct Asset {
        var kind: Kind
        /// The asset's name: its folder's, less the extension, after the names of folders that
        /// provide a namespace (`Icons/Star`).
        var name: String
        /// A colour's red, green, blue and opacity in sRGB, for any appearance; nil if it has none
        /// that can be read (a reference to a system colour).
        var components: [Double]?
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let url: URL
    private(set) var assets: [Asset] = []

    init(reading url: URL) throws {
        self.url = url
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure(description: "\(url.path): no such asset catalog folder")
        }
        try read(folder: url, namespace: "")
    }

    private mutating func read(folder: URL, namespace: String) throws {
        let items = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isDirectoryKey])
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        for item in items where (try? item.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
            let name = namespace + item.deletingPathExtension().lastPathComponent
            switch item.pathExtension {
            case "imageset", "symbolset":
                assets.append(Asset(kind: .image, name: name, components: nil))
            case "colorset":
                assets.append(Asset(kind: .color, name: name, components: try Self.components(of: item)))
            case "":
                // A group: its assets are named within it only if it says it provides a namespace.
                let contents = try? Self.json(item.appendingPathComponent("Contents.json"))
                let properties = contents?["properties"] as? [String: Any]
                let provides = properties?["provides-namespace"] as? Bool == true
                try read(folder: item, namespace: provides ? name + "/" : namespace)
            default:
                // App icons, data sets, launch images: Xcode makes no symbols for them.
                break
            }
        }
    }

    private static func json(_ url: URL) throws -> [String: Any] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw Failure(description: "\(url.path): cannot be read") }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(description: "\(url.path): not a JSON object")
        }
        return object
    }

    /// The colour for any appearance (the entry with no `appearances`), in sRGB with opacity.
    static func components(of colorSet: URL) throws -> [Double]? {
        let file = colorSet.appendingPathComponent("Contents.json")
        let contents = try json(file)
        guard let colors = contents["colors"] as? [[String: Any]], !colors.isEmpty else {
            throw Failure(description: "\(file.path): a colour set with no \"colors\"")
        }
        let entry = colors.first { $0["appearances"] == nil } ?? colors[0]
        guard let color = entry["color"] as? [String: Any], let values = color["components"] as? [String: Any] else {
            return nil
        }
        func component(_ key: String) throws -> Double? {
            guard let value = values[key] else { return nil }
            guard let number = number(value) else {
                throw Failure(description: "\(file.path): component '\(key)' is \(value), not a number from 0 to 1, 0 to 255 or 0x00 to 0xFF")
            }
            return number
        }
        let opacity = try component("alpha") ?? 1
        if let white = try component("white") { return [white, white, white, opacity] }
        guard let red = try component("red"), let green = try component("green"), let blue = try component("blue") else {
            throw Failure(description: "\(file.path): a colour needs red, green and blue components, or white")
        }
        return [red, green, blue, opacity]
    }

    /// A component as the catalog writes one: `0.529`, `135` (of 255) or `0x87`.
    static func number(_ value: Any) -> Double? {
        let text = (value as? String) ?? (value as? NSNumber)?.stringValue ?? ""
        let number: Double?
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            number = Int(text.dropFirst(2), radix: 16).map { Double($0) / 255 }
        } else if let integer = Int(text), integer > 1 {
            number = Double(integer) / 255
        } else {
            number = Double(text)
        }
        guard let number, number >= 0, number <= 1 else { return nil }
        return number
    }

    /// The symbol Xcode generates for an asset: lower camel case of its last name, less a trailing
    /// `Color` (colours) or `Image` (images): `sky-blue` and `SkyBlueColor` are `skyBlue`.
    static func identifier(for name: String, kind: Kind) -> String {
        let last = name.split(separator: "/").last.map(String.init) ?? name
        var words = last.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard !words.isEmpty else { return "_" }
        let suffix = kind == .color ? "Color" : "Image"
        if let lastWord = words.last, lastWord.hasSuffix(suffix), lastWord.count > suffix.count || words.count > 1 {
            words[words.count - 1] = String(lastWord.dropLast(suffix.count))
            if words[words.count - 1].isEmpty { words.removeLast() }
        }
        var identifier = lowerFirstWord(words[0])
        for word in words.dropFirst() { identifier += word.prefix(1).uppercased() + word.dropFirst() }
        if identifier.first?.isNumber == true { identifier = "_" + identifier }
        return keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// `Logo` → `logo`, `URLIcon` → `urlIcon`, `URL` → `url`.
    private static func lowerFirstWord(_ word: String) -> String {
        let characters = Array(word)
        let capitals = characters.prefix { $0.isUppercase }.count
        if capitals <= 1 || capitals == characters.count {
            return capitals == characters.count ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
        }
        // The last capital of a run begins the next word.
        return String(characters[..<(capitals - 1)]).lowercased() + String(characters[(capitals - 1)...])
    }

    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init", "inout", "let", "operator",
        "protocol", "static", "struct", "subscript", "typealias", "var", "break", "case", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as",
        "catch", "false", "is", "nil", "self", "Self", "super", "throw", "throws", "true", "try", "any", "some",
    ]

    /// The generated file: one extension of `ColorResource` and one of `ImageResource`; and a
    /// warning for each asset whose symbol an earlier one has (`sky-blue` after `SkyBlue`).
    static func symbols(of catalogs: [AssetCatalog]) -> (source: String, warnings: [String]) {
        var warnings: [String] = []
        var lines = [
            "// Generated by the AssetSymbols plugin from "
                + catalogs.map(\.url.lastPathComponent).joined(separator: ", ") + ": do not edit.",
            "import Foundation",
            "import SwiftUI",
        ]
        var seen: Set<String> = []
        for kind in [Kind.color, .image] {
            let type = kind == .color ? "ColorResource" : "ImageResource"
            var members: [String] = []
            for asset in catalogs.flatMap(\.assets) where asset.kind == kind {
                let name = identifier(for: asset.name, kind: kind)
                guard seen.insert("\(type).\(name)").inserted else {
                    warnings.append("asset '\(asset.name)' would be \(type).\(name), which an earlier asset is; it has no symbol")
                    continue
                }
                let literal = asset.name.unicodeScalars.map { $0.escaped(asASCII: false) }.joined()
                let components = asset.components.map { ", _components: [" + $0.map { "\($0)" }.joined(separator: ", ") + "]" } ?? ""
                members.append("    /// The \"\(literal)\" asset catalog \(kind == .color ? "color" : "image") resource.")
                members.append("    nonisolated static let \(name) = \(type)(name: \"\(literal)\", bundle: .main\(components))")
            }
            guard !members.isEmpty else { continue }
            lines += ["", "extension \(type) {"] + members + ["}"]
        }
        return (lines.joined(separator: "\n") + "\n", warnings)
    }
}

