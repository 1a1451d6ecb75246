// What the fuzzers feed, and what the regression tests replay: each target takes
// arbitrary bytes and runs them through one of the host's readers of untrusted
// input. A target never throws for bad input (that is the readers' job: an
// error value); it stops the process only when a property the host promises is
// broken, which is what a fuzzer reports. `Fuzz/` builds these into a libFuzzer
// binary; `Tests/AppHostTests/FuzzRegressionTests.swift` replays every corpus file.

@_spi(Host) import AppHostKit
@_spi(Fuzzing) import AppHost
import AppHostSupport
import CAppHost
import FoundationEssentials
import Glibc

/// A reader of untrusted input, driven by bytes.
@_spi(Fuzzing)
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A session command line (`SessionCommand.parse`).
    case command
    /// A deep link: parsed, printed, parsed again to the same link; and the same bytes as a URL deep
    /// link, as a feature's handler reads it.
    case deepLink
    /// A route: parsed, printed and parsed again, and decoded into a `Navigation` value with every parameter type.
    case route
    /// The bytes of a state file.
    case stateFile
    /// A C feature's descriptor, laid out from the bytes, as the loader checks it.
    case cDescriptor
    /// A whole session over a real registry, driven by a sequence of commands drawn from the bytes.
    case session
    /// JSON text (`JSONValue(parsing:)`): what reads is written and reads back the same; and as a
    /// feature's description (`FeatureDescription.decode`), which it writes and reads back the same.
    case json

    /// Runs the target on `data`.
    @MainActor
    public func run(_ data: [UInt8]) async {
        switch self {
        case .command:
            _ = try? SessionCommand.parse(String(decoding: data, as: UTF8.self))
        case .deepLink:
            Self.deepLink(String(decoding: data, as: UTF8.self))
        case .route:
            Self.route(String(decoding: data, as: UTF8.self))
        case .stateFile:
            await Self.stateFile(data)
        case .cDescriptor:
            CDescriptorFuzzing.run(data)
        case .session:
            await SessionFuzzing.run(data)
        case .json:
            Self.json(data)
        }
    }

    private static func json(_ data: [UInt8]) {
        let parsed = data.withUnsafeBufferPointer { try? JSONValue(parsing: $0) }
        if let parsed {
            let written = parsed.text
            guard let again = try? JSONValue(parsing: written), again == parsed else {
                fatalError("JSON written as '\(written)' does not read back as the value it was written from")
            }
        }
        guard let description = FeatureDescription.decode(String(decoding: data, as: UTF8.self)[...]) else { return }
        guard FeatureDescription.decode(description.json[...]) == description else {
            fatalError("a feature description written as '\(description.json)' does not read back the same")
        }
    }

    private static func deepLink(_ text: String) {
        url(text)
        guard let link = try? DeepLink(parsing: text) else { return }
        let printed = link.description
        do {
            let again = try DeepLink(parsing: printed)
            guard again == link else { fatalError("deep link '\(text)' printed as '\(printed)' reads back as another link") }
        } catch {
            fatalError("deep link '\(text)' printed as '\(printed)', which does not parse: \(error)")
        }
    }

    /// A URL deep link: what reads as one has a scheme and host that are names, and path components
    /// and query items that were percent-decoded; its reserved handler name reads back as its scheme and host.
    private static func url(_ text: String) {
        guard let url = DeepLinkURL(parsing: text) else { return }
        guard DeepLinkURL.looksLikeURL(text), Route.isValidName(url.host), !url.scheme.contains("_"), !url.pathComponents.contains("") else {
            fatalError("URL '\(text)' read as \(url.scheme)://\(url.host) \(url.pathComponents), which it is not")
        }
        let name = DeepLinkURL.registeredName(scheme: url.scheme, host: url.host)
        guard DestinationRegistry.deepLinkHost(ofName: name) == "\(url.scheme)://\(url.host)" else {
            fatalError("URL '\(text)': the handler name \(name) does not read back as its scheme and host")
        }
    }

    private static func route(_ text: String) {
        guard let route = try? Route(parsing: text) else { return }
        let printed = route.description
        guard let again = try? Route(parsing: printed), again == route else {
            fatalError("route '\(text)' printed as '\(printed)' does not read back as the same route")
        }
        // Decoding into a typed value either works or throws; a decoded value prints as a route that reads back.
        if let value = try? route.decode(as: FuzzNavigation.self) {
            guard let encoded = try? Route(value), (try? encoded.decode(as: FuzzNavigation.self)) == value else {
                fatalError("route '\(text)' decoded to \(value), which does not encode back")
            }
        }
    }

    /// Decodes the bytes as a state file and, if they are one, restores it as a start does
    /// (routes that do not resolve dropped) and draws the first screen.
    @MainActor
    private static func stateFile(_ data: [UInt8]) async {
        guard case .success(var state) = StateStore.decode(Data(data)) else { return }
        guard state.stacks.indices.contains(state.selected) else {
            fatalError("a decoded state selects stack \(state.selected) of \(state.stacks.count)")
        }
        let registry = SessionFuzzing.registry
        for index in state.stacks.indices {
            state.stacks[index] = Launch.prune(state.stacks[index], registry: registry, report: { _ in })
                ?? NavigationState(root: Route(name: "fuzz", destination: "plain"))
        }
        let session = Session(registry: registry, state: state, output: { _ in }, errorOutput: { _ in })
        await session.start()
        _ = session.deepLink.description
    }
}

/// A destination type with every kind of parameter a route can carry.
enum FuzzNavigation: Navigation, Equatable {
    case plain
    case numbers(count: Int, ratio: Double, on: Bool)
    case named(text: String, note: String?)

    static let routeName = "fuzz"
}

/// Lays out a C feature descriptor from bytes: the header fields, names (some of them not
/// terminated within the bound), destinations and their parameters, then checks it as the
/// loader does. Every pointer in it points into buffers this code owns.
enum CDescriptorFuzzing {
    // Long: reads a descriptor from the bytes field by field, in the order the loader checks them.
    static func run(_ data: [UInt8]) {
        var reader = ByteReader(data)
        // Every string buffer is longer than the host's bound, so a missing terminator is caught by the bound.
        var strings: [UnsafeMutablePointer<CChar>] = []
        func string() -> UnsafePointer<CChar>? {
            let length = Int(reader.byte())
            if length == 255 { return nil }
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(APPHOST_MAX_NAME_LENGTH) + 256)
            buffer.initialize(repeating: 0, count: Int(APPHOST_MAX_NAME_LENGTH) + 256)
            for index in 0..<min(length, Int(APPHOST_MAX_NAME_LENGTH) + 200) { buffer[index] = CChar(bitPattern: reader.byte() | (length > 200 ? 0x61 : 0)) }
            strings.append(buffer)
            return UnsafePointer(buffer)
        }
        defer { strings.forEach { $0.deallocate() } }

        let destinationCount = Int(reader.byte() % 12)
        var parameterArrays: [UnsafeMutablePointer<apphost_parameter>] = []
        defer { parameterArrays.forEach { $0.deallocate() } }
        let destinations = UnsafeMutablePointer<apphost_destination>.allocate(capacity: max(destinationCount, 1))
        defer { destinations.deallocate() }
        for index in 0..<destinationCount {
            let parameterCount = Int(reader.byte() % 11)
            // Room for any count the loader accepts, so a lying count reads zeroed entries, not past the array.
            let parameters = UnsafeMutablePointer<apphost_parameter>.allocate(capacity: 16)
            parameters.initialize(repeating: apphost_parameter(name: nil, type: 0), count: 16)
            parameterArrays.append(parameters)
            for parameter in 0..<parameterCount {
                parameters[parameter] = apphost_parameter(name: string(), type: UInt32(reader.byte() % 6))
            }
            let render: apphost_render_fn? = reader.byte() % 8 == 0 ? nil : { }
            destinations[index] = apphost_destination(
                name: string(),
                parameter_count: reader.byte() % 16 == 0 ? UInt32(reader.byte()) : UInt32(parameterCount),
                parameters: reader.byte() % 16 == 0 ? nil : UnsafePointer(parameters),
                render: render
            )
        }
        var descriptor = apphost_feature_descriptor()
        descriptor.abi_version = reader.byte() % 16 == 0 ? UInt32(reader.byte()) : UInt32(APPHOST_ABI_VERSION)
        descriptor.size = reader.byte() % 16 == 0 ? UInt32(reader.byte()) << 4 : UInt32(MemoryLayout<apphost_feature_descriptor>.size)
        descriptor.kind = reader.byte() % 16 == 0 ? UInt32(reader.byte()) : UInt32(APPHOST_FEATURE_KIND_C.rawValue)
        descriptor.sdk_major = reader.byte() % 16 == 0 ? UInt32(reader.byte()) : UInt32(APPHOST_SDK_VERSION_MAJOR)
        descriptor.sdk_minor = reader.byte() % 16 == 0 ? UInt32(reader.byte()) : UInt32(APPHOST_SDK_VERSION_MINOR)
        descriptor.name = string()
        descriptor.route_name = string()
        descriptor.root_destination = string()
        descriptor.destination_count = reader.byte() % 16 == 0 ? UInt32(reader.byte()) << 2 : UInt32(destinationCount)
        descriptor.destination_size = reader.byte() % 16 == 0 ? UInt32(reader.byte()) : UInt32(MemoryLayout<apphost_destination>.size)
        descriptor.destinations = reader.byte() % 32 == 0 ? nil : UnsafePointer(destinations)
        // A count or stride the bytes chose beyond the array would make the loader read past it, as it
        // would for a real library that lies; the fuzzer keeps to what a library's memory could hold.
        let stride = Int(descriptor.destination_size)
        let claimed = Int(descriptor.destination_count)
        if claimed > 0, stride > 0, (claimed - 1) * stride + MemoryLayout<apphost_destination>.size > destinationCount * MemoryLayout<apphost_destination>.stride {
            descriptor.destination_count = UInt32(destinationCount)
            descriptor.destination_size = UInt32(MemoryLayout<apphost_destination>.size)
        }
        withUnsafePointer(to: &descriptor) { pointer in
            guard let header = try? FeatureDescriptor(UnsafeRawPointer(pointer), path: "fuzz.so"), header.kind == .c else { return }
            _ = try? CFeatureDefinition(pointer.pointee, name: header.name, path: "fuzz.so")
        }
    }
}

/// Bytes read one at a time; zeros once they run out.
struct ByteReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }
}

/// A session over a registry of small features with every kind of navigation (stacks, sheets, covers,
/// alerts, dialogs, results, a shell, loads that navigate), driven by commands drawn from the bytes.
@MainActor
@_spi(Fuzzing) public enum SessionFuzzing {
    /// The fuzz feature's registry, for the tests that replay the session target's findings.
    public static let registry: DestinationRegistry = {
        let registry = DestinationRegistry()
        do {
            try registry.register(FuzzFeature.self)
        } catch {
            fatalError("the fuzzing feature does not register: \(error)")
        }
        return registry
    }()

    /// Command words and arguments the bytes choose from; numbers and texts come from the bytes too.
    private static let words = ["tap", "type", "back", "root", "dismiss", "pop", "replace", "tab", "open", "state", "help", "tpa", ""]
    private static let pieces = [
        "fuzz/plain", "fuzz/numbers?count=3&ratio=0.5&on=true", "fuzz/named?text=a%20b", "fuzz", "nowhere/at-all",
        "!sheet(", "!cover(", ")", ">", "|", "@tabs:app(", "app:", "fuzz:", "!alert(title=T&button=OK,cancel)",
        "fuzz/named?text=%1B%5B2J", "-9223372036854775808", "1000001", "Go", "Pick", "OK", " ", "\t", "%00",
    ]

    static func run(_ data: [UInt8]) async {
        var reader = ByteReader(data)
        let state: AppState = reader.byte() % 2 == 0
            ? Navigator.startState(named: "tabs", in: registry) ?? AppState(NavigationState(root: Route(name: "fuzz", destination: "plain")))
            : AppState(NavigationState(root: Route(name: "fuzz", destination: "plain")))
        var written = 0
        let options = Session.Options(width: 20 + Int(reader.byte()), format: reader.byte() % 4 == 0 ? .json : .text)
        let session = Session(
            registry: registry,
            state: state,
            options: options,
            output: { written += $0.utf8.count },
            errorOutput: { line in
                guard line.hasPrefix("error: "), line.hasSuffix("\n"), line.count <= Session.maximumErrorLength + 16 else {
                    fatalError("an error line is not one bounded line: \(line.prefix(200))")
                }
            }
        )
        await session.start()
        var commands = 0
        while !reader.isAtEnd, commands < 64 {
            var line = words[Int(reader.byte()) % words.count]
            let parts = Int(reader.byte() % 4)
            for _ in 0..<parts {
                let choice = reader.byte()
                if choice < 128 {
                    line += " " + String(Int(choice % 12))
                } else {
                    line += (choice % 3 == 0 ? "" : " ") + pieces[Int(choice) % pieces.count]
                }
            }
            if await session.execute(line) == .quit { break }
            commands += 1
            guard let current = session.current, !current.text.isEmpty else {
                fatalError("after '\(line)' there is no screen")
            }
            // The numbering the renderers show is the one `tap` uses: every number names an element.
            guard current.actions.count == current.layout.actionCount else {
                fatalError("after '\(line)' the screen numbers \(current.layout.actionCount) elements but has \(current.actions.count) actions")
            }
            // A screen reused from one drawn before is, byte for byte, the screen its bodies draw afresh.
            guard drawnAfresh(current.layout, options) == current.bytes else {
                fatalError("after '\(line)' the screen written is not the one its bodies draw:\n\(current.text)")
            }
        }
        if written == 0 { fatalError("the session wrote nothing") }
        // What `state` prints reads back as a link.
        let printed = session.deepLink.description
        guard (try? DeepLink(parsing: printed)) != nil else {
            fatalError("the session's state prints as '\(printed)', which does not parse")
        }
    }

    /// The bytes `layout`'s layers draw when laid out and drawn again from their bodies and dialogs.
    static func drawnAfresh(_ layout: ScreenLayout, _ options: Session.Options) -> [UInt8] {
        let layers: [RenderLayer] = layout.layers.map { layer in
            switch layer.source {
            case .body(let body) where layer.kind == .sheet:
                .sheet(body: body, breadcrumbs: layer.breadcrumbs)
            case .body(let body):
                .screen(body: body, breadcrumbs: layer.breadcrumbs)
            case .dialog(let buttons, let depth):
                .dialog(title: layer.title, message: layer.message, buttons: buttons, confirmation: layer.kind == .confirmationDialog, depth: depth)
            }
        }
        let fresh = ScreenLayout(layers, chrome: layout.chrome)
        return switch options.format {
        case .text: TextRenderer(width: options.width, color: options.color).drawBytes(fresh)
        case .json: JSONRenderer().drawBytes(fresh)
        }
    }
}
