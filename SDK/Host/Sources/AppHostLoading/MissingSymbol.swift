import FoundationEssentials
import Glibc

/// A symbol the dynamic loader could not resolve, read from its error text
/// (`…: undefined symbol: $s10AppHostKit5ImageVAA7ElementAAWP`).
public struct MissingSymbol: Equatable {
    /// The symbol as the loader named it.
    public let mangled: String

    /// Reads the symbol out of a `dlerror` text; nil if the error is not about an undefined symbol.
    public init?(loaderError: String) {
        let marker = "undefined symbol: "
        guard let range = loaderError.firstRange(of: marker) else { return nil }
        let rest = loaderError[range.upperBound...]
        let symbol = rest.prefix { !$0.isWhitespace && $0 != "," && $0 != "(" }
        guard !symbol.isEmpty else { return nil }
        mangled = String(symbol)
    }

    /// Whether the symbol belongs to AppHostKit: a missing one means the kit is older than the feature needs.
    public var isKitSymbol: Bool {
        mangled.hasPrefix("$s10AppHostKit") || mangled.hasPrefix("apphost_kit_") || readableName.contains("AppHostKit.")
    }

    /// Whether the symbol belongs to the SDK's SwiftUI library (its SwiftUI, Combine or UIKit module).
    public var isSwiftUISymbol: Bool {
        ["$s7SwiftUI", "$s7Combine", "$s5UIKit"].contains { mangled.hasPrefix($0) } || mangled.hasPrefix("apphost_swiftui_")
    }

    /// The demangled name, e.g. `protocol witness table for AppHostKit.Image : AppHostKit.Element in AppHostKit`.
    public var readableName: String {
        Self.demangle(mangled) ?? mangled
    }

    /// Demangles a Swift symbol with the Swift runtime's demangler; nil if it is not a Swift symbol.
    package static func demangle(_ symbol: String) -> String? {
        guard symbol.hasPrefix("$s") || symbol.hasPrefix("_$s") else { return nil }
        return symbol.withCString { text in
            guard let demangled = swift_demangle(text, strlen(text), nil, nil, 0) else { return nil }
            defer { free(demangled) }
            return String(cString: demangled)
        }
    }
}

/// The Swift runtime's demangler (libswiftCore exports it); returns a string the caller frees.
@_silgen_name("swift_demangle")
private func swift_demangle(
    _ mangledName: UnsafePointer<CChar>,
    _ mangledNameLength: Int,
    _ outputBuffer: UnsafeMutablePointer<CChar>?,
    _ outputBufferSize: UnsafeMutablePointer<Int>?,
    _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?
