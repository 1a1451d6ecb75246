import FFIProbe
import Testing

@testable import AppHost
@testable import AppHostLoading
@testable import AppHostNavigation

/// The libffi invoker, calling real C functions whose signatures it learns at run time;
/// each C function writes down what it received.
@Suite(.serialized)
struct FFIFunctionTests {
    private func call(_ function: @convention(c) () -> Void, _ values: [FFIValue]) throws -> String {
        try FFIFunction(argumentTypes: values.map(\.type)).call(function, with: values)
        return String(cString: ffi_probe_last())
    }

    private func erase<Function>(_ function: Function) -> @convention(c) () -> Void {
        unsafeBitCast(function, to: (@convention(c) () -> Void).self)
    }

    @Test
    func aPreparedInterfaceIsSharedByItsSignatureAndCallsLikeAFreshOne() throws {
        let first = try FFIFunction.prepared(argumentTypes: [.pointer, .pointer, .int64])
        let again = try FFIFunction.prepared(argumentTypes: [.pointer, .pointer, .int64])
        let other = try FFIFunction.prepared(argumentTypes: [.pointer, .pointer, .string])
        #expect(first === again)
        #expect(first !== other)
        #expect(other.argumentTypes == [.pointer, .pointer, .string])

        let probe: @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?, Int64) -> Void = ffi_probe_pointers
        try again.call(erase(probe), with: [.pointer(nil), .pointer(nil), .int64(9)])
        #expect(String(cString: ffi_probe_last()) == "pointers null null 9")
    }

    @Test
    func callsAFunctionWithoutArguments() throws {
        #expect(try call(ffi_probe_nothing, []) == "nothing")
    }

    @Test(arguments: [Int64.min, -42, 0, 7, Int64.max])
    func passesInt64(value: Int64) throws {
        let probe: @convention(c) (Int64) -> Void = ffi_probe_int64
        #expect(try call(erase(probe), [.int64(value)]) == "int64 \(value)")
    }

    @Test(arguments: [-1.5, 0.0, 0.1, 1e300, -2.2250738585072014e-308])
    func passesDouble(value: Double) throws {
        let probe: @convention(c) (Double) -> Void = ffi_probe_double
        let received = try call(erase(probe), [.double(value)])
        #expect(Double(received.dropFirst("double ".count)) == value)
    }

    @Test(arguments: [true, false])
    func passesBool(value: Bool) throws {
        let probe: @convention(c) (Bool) -> Void = ffi_probe_bool
        #expect(try call(erase(probe), [.bool(value)]) == "bool \(value)")
    }

    @Test(arguments: ["", "Rick", "Morty Smith & co. ☃"])
    func passesStrings(value: String) throws {
        let probe: @convention(c) (UnsafePointer<CChar>?) -> Void = ffi_probe_string
        #expect(try call(erase(probe), [.string(value)]) == "string [\(value)]")
    }

    @Test
    func passesPointersBeforeTheParameters() throws {
        let probe: @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?, Int64) -> Void = ffi_probe_pointers
        let marker = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
        defer { marker.deallocate() }

        #expect(try call(erase(probe), [.pointer(marker), .pointer(nil), .int64(3)]) == "pointers set null 3")
    }

    @Test
    func passesEightMixedArguments() throws {
        let probe: @convention(c) (Int64, Double, Bool, UnsafePointer<CChar>?, Int64, Double, Bool, UnsafePointer<CChar>?) -> Void = ffi_probe_mixed
        let values: [FFIValue] = [.int64(-1), .double(2.5), .bool(true), .string("four"), .int64(5), .double(-6.25), .bool(false), .string("eight")]

        #expect(try call(erase(probe), values) == "mixed -1 2.5 true [four] 5 -6.25 false [eight]")
    }

    @Test
    func passesEightDoublesThroughRegistersAndTheStack() throws {
        let probe: @convention(c) (Double, Double, Double, Double, Double, Double, Double, Double) -> Void = ffi_probe_doubles
        let values = (1...8).map { FFIValue.double(Double($0) / 2) }

        #expect(try call(erase(probe), values) == "doubles 0.5 1 1.5 2 2.5 3 3.5 4")
    }

    @Test
    func passesEightBools() throws {
        let probe: @convention(c) (Bool, Bool, Bool, Bool, Bool, Bool, Bool, Bool) -> Void = ffi_probe_bools
        let values = (0..<8).map { FFIValue.bool($0 % 3 == 0) }

        #expect(try call(erase(probe), values) == "bools true false false true false false true false")
    }

    @Test
    func passesEightStrings() throws {
        let probe: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Void = ffi_probe_strings
        let values = ["a", "b", "c", "d", "e", "f", "g", "h"].map(FFIValue.string)

        #expect(try call(erase(probe), values) == "strings a b c d e f g h")
    }

    @Test
    func refusesValuesThatDoNotMatchTheDeclaredTypes() throws {
        let function = try FFIFunction(argumentTypes: [.int64])

        #expect(throws: FFIError(message: "arguments [string] do not match the declared [int64]")) {
            try function.call(ffi_probe_nothing, with: [.string("1")])
        }
    }
}
