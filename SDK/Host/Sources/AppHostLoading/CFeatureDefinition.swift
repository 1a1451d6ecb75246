// A C feature's descriptor, read and checked before anything is registered:
// - every pointer it relies on is non-null;
// - every count is within its limit (APPHOST_MAX_DESTINATIONS, APPHOST_MAX_PARAMETERS);
// - every string ends within APPHOST_MAX_NAME_LENGTH bytes;
// - every name is a valid route segment and unique;
// - every type tag is known, and the root takes no parameters.
// Destinations are read with the stride the feature was built with (`destination_size`),
// so the struct can grow. The first problem found is reported with the file and the
// destination at fault.

@_spi(Host) import AppHostKit
import CAppHost

/// A parameter of a C destination: its name and C type.
public struct CParameter: Hashable, Sendable {
    public var name: String
    public var type: FFIType

}

/// One destination of a C feature, with its prepared render call.
/// Invariant for `@unchecked Sendable`: every stored property is immutable; `render` is a C
/// function pointer into a library that stays loaded for the life of the process, and `call` an
/// `FFIFunction`, itself immutable after it is prepared.
public struct CDestination: @unchecked Sendable {
    public var name: String
    public var parameters: [CParameter]
    package let render: @convention(c) () -> Void
    package let call: FFIFunction
}

/// A C feature's descriptor, validated.
public struct CFeatureDefinition: Sendable {
    public var name: String
    public var routeName: String
    public var rootDestination: String?
    public var destinations: [CDestination]

    // Long: the descriptor's fields checked in order, each check naming what is wrong.
    /// Reads and checks the C part of `descriptor`, loaded from `path`.
    @_spi(Fuzzing) public init(_ descriptor: apphost_feature_descriptor, name: String?, path: String) throws(FeatureLoadError) {
        func invalid(_ destination: String?, _ reason: String) -> FeatureLoadError {
            .invalidDescriptor(path: path, destination: destination, reason: reason)
        }
        func string(_ pointer: UnsafePointer<CChar>, _ destination: String?, _ what: String) throws(FeatureLoadError) -> String {
            guard let text = boundedString(pointer) else {
                throw invalid(destination, "\(what) is longer than \(APPHOST_MAX_NAME_LENGTH) bytes")
            }
            return text
        }
        guard let routeNamePointer = descriptor.route_name else {
            throw invalid(nil, "route_name is null")
        }
        let routeName = try string(routeNamePointer, nil, "route_name")
        guard Route.isValidName(routeName) else {
            throw invalid(nil, "route_name '\(routeName)' is not a valid name (letters, digits, '-', '_' and '.')")
        }
        self.routeName = routeName
        self.name = name ?? routeName
        guard descriptor.destination_count > 0 else {
            throw invalid(nil, "declares no destinations")
        }
        guard descriptor.destination_count <= UInt32(APPHOST_MAX_DESTINATIONS) else {
            throw invalid(nil, "declares \(descriptor.destination_count) destinations, at most \(APPHOST_MAX_DESTINATIONS) are allowed")
        }
        let stride = Int(descriptor.destination_size)
        let minimumStride = MemoryLayout<apphost_destination>.size
        guard (minimumStride...FeatureDescriptor.maximumSize).contains(stride) else {
            throw invalid(nil, "destination_size is \(stride) bytes; ABI \(APPHOST_ABI_VERSION) destinations have \(minimumStride) to \(FeatureDescriptor.maximumSize)")
        }
        guard let table = descriptor.destinations else {
            throw invalid(nil, "destinations is null but destination_count is \(descriptor.destination_count)")
        }
        var destinations: [CDestination] = []
        for index in 0..<Int(descriptor.destination_count) {
            let raw = UnsafeRawPointer(table).load(fromByteOffset: index * stride, as: apphost_destination.self)
            guard let namePointer = raw.name else {
                throw invalid("#\(index + 1)", "name is null")
            }
            let destination = try string(namePointer, "#\(index + 1)", "name")
            guard Route.isValidName(destination) else {
                throw invalid(destination, "name is not a valid route segment")
            }
            guard !destinations.contains(where: { $0.name == destination }) else {
                throw invalid(destination, "is declared twice")
            }
            guard let render = raw.render else {
                throw invalid(destination, "render function is null")
            }
            guard raw.parameter_count <= UInt32(APPHOST_MAX_PARAMETERS) else {
                throw invalid(destination, "declares \(raw.parameter_count) parameters, at most \(APPHOST_MAX_PARAMETERS) are allowed")
            }
            var parameters: [CParameter] = []
            if raw.parameter_count > 0 {
                guard let list = raw.parameters else {
                    throw invalid(destination, "parameters is null but parameter_count is \(raw.parameter_count)")
                }
                for position in 0..<Int(raw.parameter_count) {
                    guard let parameterNamePointer = list[position].name else {
                        throw invalid(destination, "parameter \(position + 1) has no name")
                    }
                    let parameterName = try string(parameterNamePointer, destination, "parameter \(position + 1)'s name")
                    guard Route.isValidName(parameterName) else {
                        throw invalid(destination, "parameter '\(parameterName)' is not a valid name")
                    }
                    guard !parameters.contains(where: { $0.name == parameterName }) else {
                        throw invalid(destination, "parameter '\(parameterName)' is declared twice")
                    }
                    guard let type = FFIType(tag: list[position].type) else {
                        throw invalid(destination, "parameter '\(parameterName)' has unknown type tag \(list[position].type)")
                    }
                    parameters.append(CParameter(name: parameterName, type: type))
                }
            }
            let call: FFIFunction
            do {
                call = try FFIFunction(argumentTypes: [.pointer, .pointer] + parameters.map(\.type))
            } catch {
                throw invalid(destination, error.message)
            }
            destinations.append(CDestination(name: destination, parameters: parameters, render: render, call: call))
        }
        self.destinations = destinations
        if let rootPointer = descriptor.root_destination {
            let root = try string(rootPointer, nil, "root_destination")
            guard let destination = destinations.first(where: { $0.name == root }) else {
                throw invalid(root, "root_destination names no declared destination")
            }
            guard destination.parameters.isEmpty else {
                throw invalid(root, "root_destination must take no parameters")
            }
            rootDestination = root
        }
    }
}

extension FFIType {
    /// The type of an `apphost_type` tag; nil for an unknown tag.
    package init?(tag: UInt32) {
        switch tag {
        case UInt32(APPHOST_TYPE_INT64.rawValue): self = .int64
        case UInt32(APPHOST_TYPE_DOUBLE.rawValue): self = .double
        case UInt32(APPHOST_TYPE_BOOL.rawValue): self = .bool
        case UInt32(APPHOST_TYPE_STRING.rawValue): self = .string
        default: return nil
        }
    }
}

extension CDestination {
    /// Converts a route's parameters to this destination's declared C values, in declared order.
    package func arguments(for route: Route, origin: String) throws(RouteError) -> [FFIValue] {
        func fail(_ message: String) -> RouteError {
            RouteError(route: route.description, message: "\(message) (C destination '\(name)' of \(origin))")
        }
        if let unknown = route.parameters.first(where: { given in !parameters.contains { $0.name == given.name } }) {
            throw fail("unknown parameter '\(unknown.name)' for \(route.path)")
        }
        var values: [FFIValue] = []
        for parameter in parameters {
            guard let text = route.parameters.first(where: { $0.name == parameter.name })?.value else {
                throw fail("missing parameter '\(parameter.name)' for \(route.path)")
            }
            switch parameter.type {
            case .int64:
                guard let number = Int64(text) else { throw fail("parameter '\(parameter.name)' expects an int64, got '\(text)'") }
                values.append(.int64(number))
            case .double:
                guard let number = Route.double(from: text) else {
                    throw fail("parameter '\(parameter.name)' expects a double, got '\(text)'")
                }
                values.append(.double(number))
            case .bool:
                guard let flag = Route.bool(from: text) else {
                    throw fail("parameter '\(parameter.name)' expects a bool (true or false), got '\(text)'")
                }
                values.append(.bool(flag))
            case .string:
                guard !text.utf8.contains(0) else {
                    throw fail("parameter '\(parameter.name)' contains a NUL character (%00), which a C string cannot carry")
                }
                values.append(.string(text))
            case .pointer:
                throw fail("parameter '\(parameter.name)' has a type routes cannot carry")
            }
        }
        return values
    }
}
