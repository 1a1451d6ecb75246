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
    public init(parsing text: String) throws(RouteError) {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            throw RouteError(route: text, message: "empty route; expected NAME[/DESTINATION][?PARAMETER=VALUE&…]")
        }
        let pathAndQuery = trimmed.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let segments = pathAndQuery[0].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
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
        if pathAndQuery.count == 2, !pathAndQuery[1].isEmpty {
            for pair in pathAndQuery[1].split(separator: "&", omittingEmptySubsequences: false) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, let name = Route.percentDecoded(parts[0]), !name.isEmpty,
                    let value = Route.percentDecoded(parts[1])
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
        !segment.isEmpty && segment.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
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
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
