// Calls C functions whose signature is known only at run time, through libffi.
// A C feature declares its destinations' parameter types in its descriptor;
// the host prepares one call interface (ffi_cif) per destination when the
// feature loads, and calls the render function through it with the decoded
// parameters each time the screen is drawn.

import CFFI
import Foundation

/// A C argument type libffi can pass.
package enum FFIType: String, Hashable, Sendable, CustomStringConvertible {
    case pointer
    case int64
    case double
    case bool
    case string

    package var description: String { rawValue }

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
package enum FFIValue: Hashable, @unchecked Sendable {
    case pointer(UnsafeMutableRawPointer?)
    case int64(Int64)
    case double(Double)
    case bool(Bool)
    case string(String)

    package var type: FFIType {
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
package struct FFIError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

/// A prepared call interface for `void f(T1, …, Tn)`.
package final class FFIFunction: @unchecked Sendable {
    /// The argument types, in order.
    package let argumentTypes: [FFIType]
    private let cif: UnsafeMutablePointer<ffi_cif>
    private let typeList: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>

    /// Prepares the interface of a function returning void and taking `argumentTypes`.
    package init(argumentTypes: [FFIType]) throws(FFIError) {
        self.argumentTypes = argumentTypes
        cif = .allocate(capacity: 1)
        typeList = .allocate(capacity: max(argumentTypes.count, 1))
        for (index, type) in argumentTypes.enumerated() {
            (typeList + index).initialize(to: type.descriptor)
        }
        let status = ffi_prep_cif(cif, FFI_DEFAULT_ABI, UInt32(argumentTypes.count), apphost_ffi_type_void(), typeList)
        guard status == FFI_OK else {
            cif.deallocate()
            typeList.deallocate()
            throw FFIError(message: "libffi cannot prepare a call with arguments \(argumentTypes) (status \(status.rawValue))")
        }
    }

    deinit {
        cif.deallocate()
        typeList.deallocate()
    }

    /// Calls `function` with `values`, which must match ``argumentTypes``.
    /// Strings are passed as NUL-terminated UTF-8 copies that live for the duration of the call.
    package func call(_ function: @convention(c) () -> Void, with values: [FFIValue]) throws(FFIError) {
        guard values.map(\.type) == argumentTypes else {
            throw FFIError(message: "arguments \(values.map(\.type)) do not match the declared \(argumentTypes)")
        }
        // Every argument gets storage of its own; libffi reads each through a pointer to it.
        var storage: [UnsafeMutableRawPointer] = []
        var strings: [UnsafeMutablePointer<CChar>] = []
        defer {
            storage.forEach { $0.deallocate() }
            strings.forEach { free($0) }
        }
        for value in values {
            let slot = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
            storage.append(slot)
            switch value {
            case .pointer(let pointer):
                slot.storeBytes(of: pointer, as: UnsafeMutableRawPointer?.self)
            case .int64(let number):
                slot.storeBytes(of: number, as: Int64.self)
            case .double(let number):
                slot.storeBytes(of: number, as: Double.self)
            case .bool(let flag):
                slot.storeBytes(of: flag ? 1 : 0, as: UInt8.self)
            case .string(let text):
                guard let copy = strdup(text) else {
                    throw FFIError(message: "out of memory copying a string argument")
                }
                strings.append(copy)
                slot.storeBytes(of: copy, as: UnsafeMutablePointer<CChar>.self)
            }
        }
        let arguments = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: max(storage.count, 1))
        defer { arguments.deallocate() }
        for (index, slot) in storage.enumerated() {
            (arguments + index).initialize(to: slot)
        }
        ffi_call(cif, function, nil, arguments)
    }
}
