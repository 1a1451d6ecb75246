// The libFuzzer binary. SwiftPM names an executable's entry point
// `<module>_main` and points main() at it, so libFuzzer's own main() is not
// used: this one starts the fuzzing loop with LLVMFuzzerRunDriver, which calls
// `testOneInput` for every input. The target is chosen by APPHOST_FUZZ_TARGET
// (one of FuzzTarget's cases); Fuzz/run sets it.

@_spi(Fuzzing) import AppHost
@_spi(Fuzzing) import AppHostFuzzing
import Foundation

nonisolated(unsafe) var target: FuzzTarget?

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

func chooseTarget() {
    let name = ProcessInfo.processInfo.environment["APPHOST_FUZZ_TARGET"] ?? ""
    guard let chosen = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("apphost-fuzz: set APPHOST_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    target = chosen
}

// Also under libFuzzer's name: its main(), linked in though never run, refers to it.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let target else { return 0 }
    // libFuzzer calls from the main thread, which the main actor's queue belongs to: run the
    // target as a main-actor task and turn the run loop (which drains that queue) until it ends.
    MainActor.assumeIsolated {
        var finished = false
        Task { @MainActor in
            await target.run(bytes)
            finished = true
        }
        while !finished {
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
        }
    }
    return 0
}

chooseTarget()
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
