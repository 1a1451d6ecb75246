// Calls C functions whose signature is known only at run time, through libffi.
// A C feature declares its destinations' parameter types in its descriptor;
// the host prepares one call interface (ffi_cif) per destination when the
// feature loads, and calls the render function through it with the decoded
// parameters each time the screen is drawn.

import AppHostSupport
import CFFI
import FoundationEssentials
import Glibc

/// A C argument type libffi can pass.
public enum FFIType: String, Hashable, Sendable, CustomStringConvertible {
    case pointer
    case int64
    case double
    case bool
    case string

    public var description: String { rawValue }

    fileprivate var descriptor: UnsafeMutablePointer<ffi_type> {
        switch self {
        case .pointer, .string: apphost_ffi_type_pointer()
        case .int64: apphost_ffi_type_sint64()
        case .double: apphost_ffi_type_double()
        case .bool: apphost_ffi_type_uint8()
        }
    }
}

/// A C argument value.
/// Invariant for `@unchecked Sendable`: a `.pointer` is only an address, passed through to C and
/// never dereferenced by Swift; the other cases are values.
public enum FFIValue: Hashable, @unchecked Sendable {
    case pointer(UnsafeMutableRawPointer?)
    case int64(Int64)
    case double(Double)
    case bool(Bool)
    case string(String)

    public var type: FFIType {
        switch self {
        case .pointer: .pointer
        case .int64: .int64
        case .double: .double
        case .bool: .bool
        case .string: .string
        }
    }
}

/// Why a call interface could not be prepared or a call could not be made.
public struct FFIError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// A prepared call interface for `void f(T1, …, Tn)`.
/// Invariant for `@unchecked Sendable`: the `ffi_cif` and its type list are written once, in
/// `init`, and only read afterwards (`ffi_call` reads them), until `deinit` frees them.
public final class FFIFunction: @unchecked Sendable {
    /// The argument types, in order.
    public let argumentTypes: [FFIType]
    private let cif: UnsafeMutablePointer<ffi_cif>
    private let typeList: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>

    /// Prepares the interface of a function returning void and taking `argumentTypes`.
    public init(argumentTypes: [FFIType]) throws(FFIError) {
        self.argumentTypes = argumentTypes
        cif = .allocate(capacity: 1)
        typeList = .allocate(capacity: max(argumentTypes.count, 1))
        for (index, type) in argumentTypes.enumerated() {
            (typeList + index).initialize(to: type.descriptor)
        }
        let status = ffi_prep_cif(cif, FFI_DEFAULT_ABI, UInt32(argumentTypes.count), apphost_ffi_type_void(), typeList)
        guard status == FFI_OK else {
            // Every stored property is set, so deinit runs and frees both: freeing them here too would free them twice.
            throw FFIError(message: "libffi cannot prepare a call with arguments \(argumentTypes) (status \(status.rawValue))")
        }
    }

    deinit {
        cif.deallocate()
        typeList.deallocate()
    }

    /// The interfaces ``prepared(argumentTypes:)`` shares, at most 256.
    private static let kept = KeptValues<[FFIType], FFIFunction>(limit: 256)

    /// An interface for `argumentTypes`, shared: a C screen's buttons are made at every draw, and
    /// preparing a call costs more than the rest of a button. A prepared interface is only read.
    public static func prepared(argumentTypes: [FFIType]) throws(FFIError) -> FFIFunction {
        try kept.value(for: argumentTypes) { () throws(FFIError) in try FFIFunction(argumentTypes: argumentTypes) }
    }

    /// Calls `function` with `values`, which must match ``argumentTypes``.
    /// Strings are passed as NUL-terminated UTF-8 copies that live for the duration of the call.
    public func call(_ function: @convention(c) () -> Void, with values: [FFIValue]) throws(FFIError) {
        guard values.map(\.type) == argumentTypes else {
            throw FFIError(message: "arguments \(values.map(\.type)) do not match the declared \(argumentTypes)")
        }
        // One temporary buffer holds every argument's 8-byte slot, the pointers libffi reads them through, and
        // the NUL-terminated copies of string arguments, which live for the duration of the call.
        let slots = values.count * 8
        let pointers = max(values.count, 1) * MemoryLayout<UnsafeMutableRawPointer?>.stride
        let stringBytes = values.reduce(0) { total, value in
            if case .string(let text) = value { return total + text.utf8.count + 1 }
            return total
        }
        withUnsafeTemporaryAllocation(byteCount: slots + pointers + stringBytes, alignment: 16) { buffer in
            let base = buffer.baseAddress!
            let arguments = (base + slots).bindMemory(to: UnsafeMutableRawPointer?.self, capacity: max(values.count, 1))
            var text = base + slots + pointers
            for (index, value) in values.enumerated() {
                let slot = base + index * 8
                switch value {
                case .pointer(let pointer):
                    slot.storeBytes(of: pointer, as: UnsafeMutableRawPointer?.self)
                case .int64(let number):
                    slot.storeBytes(of: number, as: Int64.self)
                case .double(let number):
                    slot.storeBytes(of: number, as: Double.self)
                case .bool(let flag):
                    slot.storeBytes(of: flag ? 1 : 0, as: UInt8.self)
                case .string(let string):
                    let count = string.utf8.count
                    UnsafeMutableRawBufferPointer(start: text, count: count).copyBytes(from: string.utf8)
                    text.storeBytes(of: 0, toByteOffset: count, as: UInt8.self)
                    slot.storeBytes(of: text, as: UnsafeMutableRawPointer.self)
                    text += count + 1
                }
                (arguments + index).initialize(to: slot)
            }
            ffi_call(cif, function, nil, arguments)
        }
    }
}
