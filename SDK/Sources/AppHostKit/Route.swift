/// A type-erased navigation value: the form in which destinations cross features,
/// appear in deep links and state files, and are typed by people.
///
/// Its text form is `name[/destination][?parameter=value&…]`, for example
/// `character/detail?identifier=2`. Values are percent-encoded where needed.
public struct Route: Hashable, Sendable, CustomStringConvertible {
    /// One named parameter of a route, its value kept as text.
    public struct Parameter: Hashable, Sendable {
        /// The parameter's name, e.g. `identifier`.
        public var name: String
        /// The parameter's value as text, e.g. `2`.
        public var value: String

        /// Creates a parameter.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The registered name of the navigation type, e.g. `character`.
    public var name: String
    /// The destination within that type (an enum case), e.g. `detail`; `nil` for a struct.
    public var destination: String?
    /// The parameters, in the order the navigation value declares them.
    public var parameters: [Parameter]

    /// Creates a route from its parts.
    public init(name: String, destination: String? = nil, parameters: [Parameter] = []) {
        self.name = name
        self.destination = destination
        self.parameters = parameters
    }

    /// Creates the route of a navigation value or a result.
    public init(_ navigation: some RouteCodable) throws(RouteError) {
        self = try RouteEncoding.encode(navigation)
    }

    /// Reads a route from its text form, e.g. `character/detail?identifier=2`.
    ///
    /// The separators (`/`, `?`, `&`, `=`) are ASCII and found in the UTF-8 bytes, as in a URL.
    public init(parsing text: String) throws(RouteError) {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            throw RouteError(route: text, message: "empty route; expected NAME[/DESTINATION][?PARAMETER=VALUE&…]")
        }
        let question = trimmed.utf8.firstIndex(of: UInt8(ascii: "?"))
        let path = trimmed[..<(question ?? trimmed.endIndex)]
        let segments = Route.split(path, at: UInt8(ascii: "/")).map(String.init)
        guard segments.count <= 2 else {
            throw RouteError(route: trimmed, message: "too many path segments; expected NAME or NAME/DESTINATION")
        }
        for segment in segments where !Route.isValidName(segment) {
            throw RouteError(
                route: trimmed,
                message: "segment '\(segment)' is not a valid name (letters, digits, '-', '_' and '.')"
            )
        }
        var parameters: [Parameter] = []
        if let question, trimmed.utf8.index(after: question) != trimmed.endIndex {
            for pair in Route.split(trimmed[trimmed.utf8.index(after: question)...], at: UInt8(ascii: "&")) {
                let equals = pair.utf8.firstIndex(of: UInt8(ascii: "="))
                guard let equals, let name = Route.percentDecoded(pair[..<equals]), !name.isEmpty,
                    let value = Route.percentDecoded(pair[pair.utf8.index(after: equals)...])
                else {
                    throw RouteError(route: trimmed, message: "parameter '\(pair)' is not of the form NAME=VALUE")
                }
                guard !parameters.contains(where: { $0.name == name }) else {
                    throw RouteError(route: trimmed, message: "parameter '\(name)' is given twice")
                }
                parameters.append(Parameter(name: name, value: value))
            }
        }
        self.init(name: segments[0], destination: segments.count == 2 ? segments[1] : nil, parameters: parameters)
    }

    /// `text` split at every `separator` byte (an ASCII character), empty pieces kept.
    private static func split(_ text: Substring, at separator: UInt8) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        var index = start
        let utf8 = text.utf8
        while index != utf8.endIndex {
            if utf8[index] == separator {
                pieces.append(text[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        pieces.append(text[start..<text.endIndex])
        return pieces
    }

    /// The route's path without parameters, e.g. `character/detail`.
    public var path: String {
        destination.map { "\(name)/\($0)" } ?? name
    }

    /// The text form, e.g. `character/detail?identifier=2`.
    public var description: String {
        guard !parameters.isEmpty else { return path }
        let query = parameters.map { "\(Route.percentEncoded($0.name))=\(Route.percentEncoded($0.value))" }
        return path + "?" + query.joined(separator: "&")
    }

    /// Decodes this route as a value of the given navigation type.
    public func decode<Value: RouteCodable>(as type: Value.Type) throws(RouteError) -> Value {
        try RouteDecoding.decode(type, from: self)
    }

    /// A boolean parameter's value: `true`/`false`, `1`/`0` or `yes`/`no`, in any case; nil otherwise.
    @_spi(Host)
    public static func bool(from text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "1", "yes": true
        case "false", "0", "no": false
        default: nil
        }
    }

    /// A number parameter's value, if it is a finite number.
    @_spi(Host)
    public static func double(from text: String) -> Double? {
        Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// Whether `segment` can stand in a route: letters, digits, `-`, `_` and `.`, not empty.
    @_spi(Host)
    public static func isValidName(_ segment: String) -> Bool {
        // Nearly every name is ASCII: checked byte by byte, without looking up Unicode properties.
        if !segment.isEmpty, segment.utf8.allSatisfy({ isNameByte($0) }) { return true }
        return !segment.isEmpty && segment.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// `text` with every byte but letters, digits, `-`, `.`, `_` and `~` percent-encoded.
    @_spi(Host)
    public static func percentEncoded(_ text: String) -> String {
        // Most names and values need no escape: then the text is its own encoding.
        if text.utf8.allSatisfy(isUnreserved) { return text }
        var result = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += hex.count == 1 ? "%0\(hex)" : "%\(hex)"
            }
        }
        return result
    }

    /// Decodes percent-encoded UTF-8; nil if it is malformed.
    @_spi(Host)
    public static func percentDecoded(_ text: Substring) -> String? {
        // Substrings of a String are valid UTF-8 already: without a `%` there is nothing to decode.
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

extension Route: Codable {
    /// Decodes a route from its text form.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(parsing: text)
    }

    /// Encodes a route as its text form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension String {
    /// The string without leading and trailing whitespace.
    @_spi(Host)
    public func trimmingWhitespace() -> String {
        // The usual case, visible ASCII at both ends, is the string itself.
        if let first = utf8.first, let last = utf8.last, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

extension Route {
    /// The route of `value` when it is a route or a navigation value, nil for anything else: what a
    /// view's link to a value pushes.
    @_spi(Views)
    public static func destination(of value: Any) throws(RouteError) -> Route? {
        if let route = value as? Route { return route }
        if let navigation = value as? any Navigation { return try Route(navigation) }
        return nil
    }
}
